import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/index.js';
import { AuditModule } from '../audit/index.js';
import { SettingsModule } from '../settings/index.js';
import { PopbillClient } from './application/partners/popbill.js';
import { TossCashReceipts } from './application/partners/toss-cash-receipts.js';
import { ReceiptDesk } from './application/receipt-desk.js';
import { ReceiptIssuer } from './application/receipt-issuer.js';
import { ReceiptsFacade } from './application/receipts.facade.js';
import { AdminReceiptsController } from './http/admin-receipts.controller.js';
import { MemberReceiptsController } from './http/member-receipts.controller.js';
import { ReceiptIssueJob } from './jobs/receipt-issue.job.js';
import { ListReceipts } from './application/queries/list-receipts/list-receipts.js';
import { ResolveReceipt } from './application/commands/resolve-receipt/resolve-receipt.js';
import { FixReceiptDetails } from './application/commands/fix-receipt-details/fix-receipt-details.js';
import { AlertWaitingReceipts } from './application/commands/alert-waiting-receipts/alert-waiting-receipts.js';

@Module({
  imports: [AuditModule, AlertsModule, SettingsModule],
  controllers: [AdminReceiptsController, MemberReceiptsController],
  providers: [
    TossCashReceipts,
    PopbillClient,
    ReceiptIssuer,
    ReceiptDesk,
    ReceiptsFacade,
    ReceiptIssueJob,
    ListReceipts,
    ResolveReceipt,
    FixReceiptDetails,
    AlertWaitingReceipts,
  ],
  exports: [ReceiptsFacade],
})
export class ReceiptsModule {}
