import { AlertsModule } from '../alerts/index.js';
import { Module } from '@nestjs/common';
import { ApprovalsModule } from '../approvals/index.js';
import { AuditModule } from '../audit/index.js';
import { ChargeBonusModule } from '../charge-bonus/index.js';
import { PricingModule } from '../pricing/index.js';
import { ReceiptsModule } from '../receipts/index.js';
import { ReferralModule } from '../referral/index.js';
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
import { TossRecheckJob } from './jobs/toss-recheck.job.js';
import { TossClient } from './application/toss/toss-client.js';
import { TossPayments } from './application/toss/toss-payments.js';
import { BankRefunds } from './application/bank-refunds.js';
import { AdminChargeRefundController, TossChargeController, TossWebhookController } from './http/toss.controller.js';
import { CloseChargesWhenMemberDeleted } from './application/handlers/close-charges-when-member-deleted.js';
import { RefundWhenApproved } from './application/handlers/refund-when-approved.js';

@Module({
  imports: [
    AuditModule,
    SettingsModule,
    WalletModule,
    ReferralModule,
    AlertsModule,
    PricingModule,
    ApprovalsModule,
    ReceiptsModule,
    ChargeBonusModule,
  ],
  controllers: [
    ChargeController,
    AdminChargesController,
    AdminDepositsController,
    TossChargeController,
    TossWebhookController,
    AdminChargeRefundController,
  ],
  providers: [
    ChargeRequests,
    ChargeSettlement,
    Deposits,
    ChargeExpiryJob,
    BillingFacade,
    TossClient,
    TossPayments,
    TossRecheckJob,
    BankRefunds,
    CloseChargesWhenMemberDeleted,
    RefundWhenApproved,
  ],
  exports: [BillingFacade],
})
export class BillingModule {}
