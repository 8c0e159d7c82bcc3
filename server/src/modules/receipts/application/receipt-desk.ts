import { Injectable } from '@nestjs/common';
import type { AuditActor } from '../../audit/index.js';
import type { ListQuery, Page } from '../../../shared/index.js';
import type { ReceiptMonthTotal } from '../../../contracts/receipts.js';
import type { Receipt } from '../domain/receipt.entity.js';
import { AlertWaitingReceipts } from './commands/alert-waiting-receipts/alert-waiting-receipts.js';
import { FixReceiptDetails } from './commands/fix-receipt-details/fix-receipt-details.js';
import { ResolveReceipt } from './commands/resolve-receipt/resolve-receipt.js';
import { ListReceipts } from './queries/list-receipts/list-receipts.js';

export { adminReceiptView, koreanMonthRange, memberReceiptView } from './receipt-views.js';

/**
 * The console's 증빙 발행 (list, month totals, CSV, issue again, cancel, record by hand) and the member's
 * documents (list, correct before issue). Every operator command is audited in its transaction.
 */
@Injectable()
export class ReceiptDesk {
  constructor(
    private readonly receipts: ListReceipts,
    private readonly commands: ResolveReceipt,
    private readonly fixes: FixReceiptDetails,
    private readonly waiting: AlertWaitingReceipts,
  ) {}

  page(query: ListQuery): Promise<Page<Receipt>> {
    return this.receipts.page(query);
  }

  get(id: number): Promise<Receipt> {
    return this.receipts.get(id);
  }

  /** Per Korean month and kind: how many, for how much, and how many issued, waiting or held (12 months, or one). */
  totals(month?: string): Promise<ReceiptMonthTotal[]> {
    return this.receipts.totals(month);
  }

  /** The accountant's CSV: every row the filter selects (up to 10,000), identity numbers masked. */
  csv(query: ListQuery): Promise<string> {
    return this.receipts.csv(query);
  }

  /** 다시 발행: a waiting or held document is tried now (its partner must be configured). */
  issue(id: number, operator: AuditActor): Promise<Receipt> {
    return this.commands.issue(id, operator);
  }

  /** 직접 발행: the 국세청 승인번호 of a document the operator issued in 홈택스. */
  manual(id: number, approvalNumber: string, operator: AuditActor): Promise<Receipt> {
    return this.commands.manual(id, approvalNumber, operator);
  }

  /** 취소: at the partner for an issued document, only here for the rest. */
  cancel(id: number, operator: AuditActor): Promise<Receipt> {
    return this.commands.cancel(id, operator);
  }

  listForMember(memberId: number): Promise<Receipt[]> {
    return this.receipts.listForMember(memberId);
  }

  /** The member corrects the 사업자등록번호 (and the rest of the invoice details) or the phone before issue. */
  fixForMember(memberId: number, id: number, feeValue: unknown): Promise<Receipt> {
    return this.fixes.execute(memberId, id, feeValue);
  }

  /** One alert a Korean day while documents have waited (대기 or 실패) more than a day; answers how many wait. */
  alertWaiting(): Promise<number> {
    return this.waiting.execute();
  }
}
