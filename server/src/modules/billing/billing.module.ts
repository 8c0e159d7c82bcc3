import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { SettingsModule } from '../settings/index.js';
import { WalletModule } from '../wallet/index.js';
import { ChargeRequests } from './application/charge-requests.js';
import { BillingFacade } from './application/billing.facade.js';
import { ChargeSettlement } from './application/charge-settlement.js';
import { Deposits } from './application/deposits.js';
import { AdminChargesController } from './http/admin-charges.controller.js';
import { AdminDepositsController } from './http/admin-deposits.controller.js';
import { ChargeController } from './http/charge.controller.js';
import { ChargeExpiryJob } from './jobs/charge-expiry.job.js';

@Module({
  imports: [AuditModule, SettingsModule, WalletModule],
  controllers: [ChargeController, AdminChargesController, AdminDepositsController],
  providers: [ChargeRequests, ChargeSettlement, Deposits, ChargeExpiryJob, BillingFacade],
  exports: [BillingFacade],
})
export class BillingModule {}
