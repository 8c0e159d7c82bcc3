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
import { ApplyTossPayment } from './application/toss/commands/apply-toss-payment/apply-toss-payment.js';
import { ConfirmTossPayment } from './application/toss/commands/confirm-toss-payment/confirm-toss-payment.js';
import { FailTossCheckout } from './application/toss/commands/fail-toss-checkout/fail-toss-checkout.js';
import { ReceiveTossWebhook } from './application/toss/commands/receive-toss-webhook/receive-toss-webhook.js';
import { RecheckTossPayment } from './application/toss/commands/recheck-toss-payment/recheck-toss-payment.js';
import { RefundTossCharge } from './application/toss/commands/refund-toss-charge/refund-toss-charge.js';
import { StartTossCheckout } from './application/toss/commands/start-toss-checkout/start-toss-checkout.js';
import { GetTossEnabled } from './application/toss/queries/get-toss-enabled/get-toss-enabled.js';
import { RefundBookkeeping } from './application/refund-bookkeeping.js';
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
    TossRecheckJob,
    BankRefunds,
    CloseChargesWhenMemberDeleted,
    RefundWhenApproved,
    RefundBookkeeping,
    GetTossEnabled,
    StartTossCheckout,
    ConfirmTossPayment,
    FailTossCheckout,
    ReceiveTossWebhook,
    RecheckTossPayment,
    ApplyTossPayment,
    RefundTossCharge,
  ],
  exports: [BillingFacade],
})
export class BillingModule {}
