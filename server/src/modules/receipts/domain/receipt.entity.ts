import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import {
  RECEIPT_KINDS,
  RECEIPT_MESSAGES,
  RECEIPT_MOVES,
  RECEIPT_STATUS_LABELS,
  RECEIPT_STATUSES,
  receiptOpen,
  type ReceiptAdjustment,
  type ReceiptDetails,
  type ReceiptKind,
  type ReceiptStatus,
} from '../../../contracts/receipts.js';
import { DomainError, RetrySchedule, TransitionTable, WonType } from '../../../shared/index.js';
import { splitVat } from './amounts.js';

export const RECEIPT_TRANSITIONS = new TransitionTable<ReceiptStatus>({
  entity: 'Receipt',
  noun: '증빙',
  labels: RECEIPT_STATUS_LABELS,
  moves: RECEIPT_MOVES,
  refusals: {
    CANCELED: '이미 취소된 증빙입니다.',
    ISSUED: '이미 발행된 증빙입니다.',
    MANUAL: '이미 직접 발행으로 기록된 증빙입니다.',
  },
});

/** Waits before the next try after a transient failure: 1 min, 5 min, 30 min, then every 2 hours. */
const RECEIPT_RETRY = new RetrySchedule({ delays: { steps: [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] } });

/**
 * One charge's 현금영수증 or 세금계산서, at most one per (charge, kind) (a unique key: never two live documents).
 * `total` is what the charge was paid; `refundedAmount` what was refunded since, `adjustedAmount` how much of
 * that the partner already reflects (a partial cancel at Toss, a 수정세금계산서 at Popbill). The outbound job
 * works a row while `nextAttemptAt` is due; `claimedUntil` keeps others off while a partner call runs.
 */
@Entity({ tableName: 'receipt' })
@Unique({ name: 'receipt_charge_kind_unique', properties: ['chargeId', 'kind'] })
@Index({ name: 'receipt_due', properties: ['nextAttemptAt'] })
@Index({ name: 'receipt_member_created', properties: ['memberId', 'createdAt'] })
@Index({ name: 'receipt_status_created', properties: ['status', 'createdAt'] })
export class Receipt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  chargeId!: number;

  @Property({ type: 'integer' })
  memberId!: number;

  @Enum({ items: [...RECEIPT_KINDS] })
  kind!: ReceiptKind;

  @Enum({ items: [...RECEIPT_STATUSES] })
  status: ReceiptStatus = 'PENDING';

  /** What the charge was paid (VAT included). */
  @Property({ type: new WonType() })
  total!: bigint;

  @Property({ type: new WonType() })
  refundedAmount: bigint = 0n;

  @Property({ type: new WonType() })
  adjustedAmount: bigint = 0n;

  /**
   * The refunded total an adjustment was sent for and not yet answered: a retry repeats exactly that one
   * (same partner key), even when another refund came in meanwhile, so nothing is cancelled twice.
   */
  @Property({ type: new WonType(), nullable: true })
  adjustingTo: bigint | null = null;

  /** The charge form's tax-invoice details or cash-receipt phone; the member may correct them before issue. */
  @Property({ type: 'json' })
  details!: ReceiptDetails;

  /** Toss's receiptKey, or the Popbill 문서번호 (mgtKey) this shop gave it. */
  @Property({ type: 'string', length: 200, nullable: true })
  partnerKey: string | null = null;

  /** 국세청 승인번호 (Popbill's ntsConfirmNum, Toss's issueNumber, or typed in from 홈택스). */
  @Property({ type: 'string', length: 50, nullable: true })
  approvalNumber: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  receiptUrl: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  issuedAt: Date | null = null;

  /** The partner's refusal (held), a transient error being retried, or a note for the operator. */
  @Property({ type: 'string', length: 1000, nullable: true })
  failure: string | null = null;

  /** Tries of the current step; reset when it succeeds. A try after an unknown outcome looks the document up first. */
  @Property({ type: 'integer' })
  attempts: number = 0;

  /** Definite refusals so far: each issues under a fresh partner key (the refused one is spent). */
  @Property({ type: 'integer' })
  round: number = 0;

  @Property({ type: 'datetime', nullable: true })
  nextAttemptAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  claimedUntil: Date | null = null;

  @Property({ type: 'json' })
  adjustments: ReceiptAdjustment[] = [];

  /** Who settled it by hand (operator login), when an operator did. */
  @Property({ type: 'string', length: 100, nullable: true })
  resolvedBy: string | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;

  @Property({ type: 'integer', version: true, hidden: true })
  version!: number;

  static request(
    charge: { chargeId: number; memberId: number; total: bigint },
    kind: ReceiptKind,
    details: ReceiptDetails,
    now: Date,
  ): Receipt {
    const receipt = new Receipt();
    receipt.chargeId = charge.chargeId;
    receipt.memberId = charge.memberId;
    receipt.kind = kind;
    receipt.total = charge.total;
    receipt.details = details;
    receipt.createdAt = now;
    receipt.updatedAt = now;
    receipt.nextAttemptAt = now;
    return receipt;
  }

  /** What the document is for now. */
  get amount(): bigint {
    return this.total - this.refundedAmount;
  }

  get supplyCost(): bigint {
    return splitVat(this.amount).supplyCost;
  }

  get tax(): bigint {
    return splitVat(this.amount).tax;
  }

  /** The partner key of the current round (the charge's id: a retry can never issue a second document). */
  issueKey(): string {
    const base = this.kind === 'TAX_INVOICE' ? `C${this.chargeId}` : `receipt-${this.chargeId}`;
    return this.round === 0 ? base : `${base}-${this.round}`;
  }

  /** What the job must do next, if anything. */
  nextStep(): 'ISSUE' | 'ADJUST' | 'DROP' | null {
    if (this.status === 'PENDING') return this.amount > 0n ? 'ISSUE' : 'DROP';
    if (this.status === 'ISSUED' && this.adjustedAmount < this.refundedAmount) return 'ADJUST';
    return null;
  }

  /** `issuedAmount`: what the partner issued it for (a refund that came in meanwhile is adjusted next). */
  issued(
    document: { partnerKey: string; approvalNumber: string | null; receiptUrl: string | null },
    issuedAmount: bigint,
    now: Date,
  ): void {
    this.move('ISSUED', now);
    this.partnerKey = document.partnerKey;
    this.approvalNumber = document.approvalNumber;
    this.receiptUrl = document.receiptUrl;
    this.issuedAt = now;
    this.adjustedAmount = this.total - issuedAmount;
    this.done(now);
    if (this.adjustedAmount < this.refundedAmount) this.nextAttemptAt = now;
  }

  adjusted(adjustment: ReceiptAdjustment, upTo: bigint, now: Date): void {
    this.adjustments = [...this.adjustments, adjustment];
    this.adjustedAmount = upTo;
    this.adjustingTo = null;
    if (upTo >= this.total) this.move('CANCELED', now);
    this.done(now);
    if (this.status === 'ISSUED' && this.adjustedAmount < this.refundedAmount) this.nextAttemptAt = now;
  }

  /** The partner refused for good: held for an operator (or the member's fix) with its message. */
  refused(message: string, now: Date): void {
    if (this.status === 'PENDING') {
      this.move('FAILED', now);
      // A refused key is spent (Toss replays an idempotent answer): the next try issues under a fresh one.
      this.round += 1;
    }
    this.failure = message.slice(0, 1000);
    this.attempts = 0;
    this.adjustingTo = null;
    this.nextAttemptAt = null;
    this.claimedUntil = null;
    this.updatedAt = now;
  }

  /** No usable answer: tried again later, the same partner key, looked up first. */
  unreachable(reason: string, now: Date): void {
    this.failure = reason.slice(0, 1000);
    this.attempts += 1;
    this.nextAttemptAt = RECEIPT_RETRY.next(this.attempts, now);
    this.claimedUntil = null;
    this.updatedAt = now;
  }

  /** Refunded in whole before it was issued: nothing to issue. */
  drop(now: Date): void {
    this.move('CANCELED', now);
    this.done(now);
  }

  /** The charge was refunded (in all, `refunded` won so far). */
  refund(refunded: bigint, now: Date): void {
    if (refunded <= this.refundedAmount) return;
    this.refundedAmount = refunded > this.total ? this.total : refunded;
    this.updatedAt = now;
    if (receiptOpen(this.status)) {
      // While a partner call is out, the job records its answer first and then adjusts or drops.
      if (this.claimedUntil && this.claimedUntil > now) this.nextAttemptAt = now;
      else if (this.amount === 0n) this.drop(now);
      return;
    }
    if (this.status === 'ISSUED') this.nextAttemptAt = now;
    if (this.status === 'MANUAL') this.failure = RECEIPT_MESSAGES.refundByHand;
  }

  /** The operator asks for another try (a held refusal, or a wait for partners now configured). */
  retry(now: Date, by: string): void {
    const heldAdjustment = this.status === 'ISSUED' && this.adjustedAmount < this.refundedAmount;
    if (!receiptOpen(this.status) && !heldAdjustment) throw new DomainError('RECEIPT_NOT_ISSUABLE');
    this.assertNotClaimed(now);
    if (this.status === 'FAILED') this.move('PENDING', now);
    this.resolvedBy = by;
    this.nextAttemptAt = now;
    this.attempts = 0;
    this.updatedAt = now;
  }

  /** The member corrects the business number or phone before issue; a held refusal is tried again. */
  fix(details: ReceiptDetails, now: Date): void {
    if (!receiptOpen(this.status)) throw new DomainError('RECEIPT_NOT_EDITABLE');
    this.assertNotClaimed(now);
    this.details = details;
    if (this.status === 'FAILED') this.move('PENDING', now);
    this.failure = null;
    this.nextAttemptAt = now;
    this.attempts = 0;
    this.updatedAt = now;
  }

  /** Issued by hand in 홈택스 (partners not configured, or a refusal the operator settled there). */
  recordManual(approvalNumber: string, now: Date, by: string): void {
    this.move('MANUAL', now);
    this.approvalNumber = approvalNumber;
    this.issuedAt = now;
    this.resolvedBy = by;
    this.adjustedAmount = this.refundedAmount;
    this.failure = null;
    this.done(now);
  }

  /** Cancelled without a partner call (not issued, or issued by hand: the operator cancels it in 홈택스). */
  cancelLocally(now: Date, by: string): void {
    this.move('CANCELED', now);
    this.resolvedBy = by;
    this.done(now);
  }

  assertNotClaimed(now: Date): void {
    if (this.claimedUntil && this.claimedUntil > now) throw new DomainError('RECEIPT_IN_PROGRESS');
  }

  private done(now: Date): void {
    this.attempts = 0;
    this.nextAttemptAt = null;
    this.claimedUntil = null;
    this.updatedAt = now;
    if (this.status !== 'MANUAL' && this.failure !== RECEIPT_MESSAGES.refundByHand) this.failure = null;
  }

  private move(to: ReceiptStatus, now: Date): void {
    RECEIPT_TRANSITIONS.assert(this.status, to);
    this.status = to;
    this.updatedAt = now;
  }
}
