import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { IdentityModule } from '../identity/index.js';
import { RateLimitModule } from '../rate-limit/index.js';
import { SettingsModule } from '../settings/index.js';
import { AlimtalkChannel, MailChannel, SmsChannel, TelegramChannel, WebhookChannel } from './application/channels.js';
import { DeliveryFacade } from './application/delivery.facade.js';
import { DeliverySender } from './application/delivery-sender.js';
import { IdentityMessenger } from './application/identity-messenger.js';
import { MessageSeal } from './application/message-seal.js';
import { AdminOutboxController } from './http/admin-outbox.controller.js';
import { AdminDeliveriesController } from './http/admin-deliveries.controller.js';
import { WebhookController } from './http/webhook.controller.js';
import { DeliveryJob } from './jobs/delivery.job.js';
import { EnqueueMessage } from './application/commands/enqueue-message/enqueue-message.js';
import { EnqueueWebhookEvent } from './application/commands/enqueue-webhook-event/enqueue-webhook-event.js';
import { SendNotice } from './application/commands/send-notice/send-notice.js';
import { SetWebhook } from './application/commands/set-webhook/set-webhook.js';
import { ReplayDelivery } from './application/commands/replay-delivery/replay-delivery.js';
import { SetNoticePreferences } from './application/commands/set-notice-preferences/set-notice-preferences.js';
import { ListDeliveries } from './application/queries/list-deliveries/list-deliveries.js';
import { AttemptDelivery } from './application/commands/send-deliveries/attempt-delivery.js';

@Module({
  imports: [IdentityModule, RateLimitModule, SettingsModule],
  controllers: [WebhookController, AdminDeliveriesController, AdminOutboxController],
  providers: [
    DeliveryFacade,
    DeliverySender,
    DeliveryJob,
    WebhookChannel,
    MailChannel,
    SmsChannel,
    TelegramChannel,
    AlimtalkChannel,
    MessageSeal,
    IdentityMessenger,
    EnqueueMessage,
    EnqueueWebhookEvent,
    SendNotice,
    SetWebhook,
    ReplayDelivery,
    SetNoticePreferences,
    ListDeliveries,
    AttemptDelivery,
  ],
  exports: [DeliveryFacade, DeliverySender, IdentityMessenger],
})
export class DeliveryModule {
  // Before the migrations run (at start-up, after the providers are made): the migration that seals clear
  // webhook secrets needs the key, which only the server holds. The same name in that migration.
  constructor(orm: MikroORM, seal: MessageSeal) {
    orm.config.registerExtension('smm-panel:webhook-secret-sealer', () => seal);
  }
}
