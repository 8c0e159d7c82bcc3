import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { AlertsFacade } from './application/alerts.facade.js';
import { Telegram } from './application/telegram.js';
import { AdminAlertsController } from './http/admin-alerts.controller.js';
import { AlertSenderJob } from './jobs/alert-sender.job.js';

@Module({
  imports: [IdentityModule],
  controllers: [AdminAlertsController],
  providers: [AlertsFacade, Telegram, AlertSenderJob],
  exports: [AlertsFacade],
})
export class AlertsModule {}
