import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/index.js';
import { AlertsFacade } from './application/alerts.facade.js';
import { AdminAlertsController } from './http/admin-alerts.controller.js';
import { RaiseWhenOperatorSecondFactorLocked } from './application/handlers/raise-when-operator-second-factor-locked.js';

@Module({
  // Delivery: the alerts' Telegram messages and mails.
  imports: [DeliveryModule],
  controllers: [AdminAlertsController],
  providers: [AlertsFacade, RaiseWhenOperatorSecondFactorLocked],
  exports: [AlertsFacade],
})
export class AlertsModule {}
