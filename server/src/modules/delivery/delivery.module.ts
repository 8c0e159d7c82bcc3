import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
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

@Module({
  imports: [IdentityModule, SettingsModule],
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
  ],
  exports: [DeliveryFacade, DeliverySender, IdentityMessenger],
})
export class DeliveryModule {}
