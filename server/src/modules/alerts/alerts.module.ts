import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/index.js';
import { IdentityModule } from '../identity/index.js';
import { AlertsFacade } from './application/alerts.facade.js';
import { AdminAlertsController } from './http/admin-alerts.controller.js';

@Module({
  // Identity: the console's guards; delivery: the alerts' Telegram messages and mails.
  imports: [IdentityModule, DeliveryModule],
  controllers: [AdminAlertsController],
  providers: [AlertsFacade],
  exports: [AlertsFacade],
})
export class AlertsModule {}
