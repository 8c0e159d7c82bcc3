// The delivery channels, one file each under channels/.
export { MAX_ANSWER_BYTES, readUpTo, type Attempt } from './channels/attempt.js';
export { newWebhookSecret, WEBHOOK_EXCERPT, WebhookChannel, webhookPortAllowed } from './channels/webhook-channel.js';
export { MailChannel } from './channels/mail-channel.js';
export { SmsChannel } from './channels/sms-channel.js';
export { TelegramChannel } from './channels/telegram-channel.js';
export { AlimtalkChannel, solapiAuthorization, type AlimtalkMessage } from './channels/alimtalk-channel.js';
