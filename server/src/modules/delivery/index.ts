export { DeliveryModule } from './delivery.module.js';
export {
  DeliveryFacade,
  maskRecipient,
  noticeText,
  TEMPLATE_SETTING,
  type Outgoing,
} from './application/delivery.facade.js';
export type { MemberWebhookEvent } from './application/commands/enqueue-webhook-event/enqueue-webhook-event.js';
export type { Notice } from './application/commands/send-notice/send-notice.js';
export { DeliverySender, DELIVERY_LEASE } from './application/delivery-sender.js';
export { IdentityMessenger } from './application/identity-messenger.js';
export { SECRET_MASK } from './application/message-seal.js';
export { solapiAuthorization, readUpTo, MAX_ANSWER_BYTES } from './application/channels.js';
export { DELIVERY_RETRY } from './domain/delivery-retry.js';
export type { Delivery } from './domain/delivery.entity.js';
export type { WebhookEndpoint } from './domain/webhook-endpoint.entity.js';
export type { NoticePreference } from './domain/notice-preference.entity.js';
