export { ReceiptsModule } from './receipts.module.js';
export {
  ReceiptsFacade,
  receiptKindFor,
  type ReceiptCharge,
  type RefundedCharge,
} from './application/receipts.facade.js';
export { ReceiptIssueJob } from './jobs/receipt-issue.job.js';
export type { Receipt } from './domain/receipt.entity.js';
