import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import {
  CHARGE_DEADLINE_HOURS,
  CHARGE_MOVES,
  CHARGE_STATUS_LABELS,
  CHARGE_STATUSES,
  depositAmountFor,
  FEE_TYPES,
  type CashReceipt,
  type ChargeRequest,
  type ChargeStatus,
  type FeeType,
  type TaxInvoice,
} from '../../../contracts/charge.js';
import type { TossMethod, TossVirtualAccount } from '../../../contracts/toss.js';
import { DomainError, TransitionTable, WonType } from '../../../shared/index.js';
import { depositorKey } from './depositor-key.js';

/** Charge: PENDING → SUCCESS (accepted: points credited) | FAIL (rejected, or 3 hours passed). */
export const CHARGE_TRANSITIONS = new TransitionTable<ChargeStatus>({
  entity: 'Charge',
  noun: '충전',
  labels: CHARGE_STATUS_LABELS,
  moves: CHARGE_MOVES,
  refusals: {
    SUCCESS: '이미 승인된 충전입니다.',
    FAIL: '이미 거절된 충전입니다.',
  },
});

export const CHARGE_DEADLINE_MS = CHARGE_DEADLINE_HOURS * 60 * 60 * 1000;

/** Who settled a charge: `operator:<loginId>`, `bank-alert`, or `expiry`. */
export const EXPIRY = 'expiry';

/** Who closed the charges of a member who deleted their account. */
export const MEMBER_DELETED = 'member-deleted';

export class MemberDeletedChargeError extends DomainError {
  constructor() {
    super('CHARGE_MEMBER_DELETED');
  }
}

export class ChargeExpiredError extends DomainError {
  constructor() {
    super('CHARGE_EXPIRED');
  }
}

/**
 * A member's request to top up by bank transfer: they transfer `depositAmount` under
 * `depositorName`, and once the deposit is confirmed `point` points are credited, exactly once.
 * `version` makes every state change a conditional update: of two concurrent accepts, one wins.
 */
@Entity({ tableName: 'charge' })
@Index({ name: 'charge_member_created', properties: ['memberId', 'createdAt'] })
@Index({ name: 'charge_status_expires', properties: ['status', 'expiresAt'] })
@Index({ name: 'charge_match', properties: ['depositorKey', 'depositAmount', 'status'] })
@Index({ name: 'charge_toss_check', properties: ['method', 'status', 'nextCheckAt'] })
@Unique({ name: 'charge_toss_payment_key_unique', properties: ['tossPaymentKey'] })
export class Charge {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  memberId!: number;

  /** The name the member's transfer will carry (spec: name, the depositor). */
  @Property({ type: 'string', length: 50 })
  depositorName!: string;

  @Property({ type: 'string', length: 50, hidden: true })
  depositorKey!: string;

  /** Points credited on SUCCESS. */
  @Property({ type: new WonType() })
  point!: bigint;

  /** What the member transfers: point, or point × 1.1 with a tax invoice. */
  @Property({ type: new WonType() })
  depositAmount!: bigint;

  @Enum({ items: [...FEE_TYPES] })
  feeType!: FeeType;

  /** Tax-invoice details (FEE) or the cash-receipt phone (CASH). */
  @Property({ type: 'json', nullable: true })
  feeValue: TaxInvoice | CashReceipt | null = null;

  @Enum({ items: [...CHARGE_STATUSES] })
  status: ChargeStatus = 'PENDING';

  @Property({ type: 'datetime' })
  createdAt!: Date;

  /** createdAt + 3 h: the deposit deadline. */
  @Property({ type: 'datetime' })
  expiresAt!: Date;

  /** When it was accepted, rejected or expired (spec: responseAt). */
  @Property({ type: 'datetime', nullable: true })
  responseAt: Date | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  resolvedBy: string | null = null;

  /** The bank deposit that paid for it, when one was matched. */
  @Property({ type: 'integer', nullable: true })
  depositId: number | null = null;

  /** BANK_TRANSFER (the spec's flow) or TOSS (paid online through Toss Payments' window). */
  @Enum({ items: ['BANK_TRANSFER', 'TOSS'] })
  method: 'BANK_TRANSFER' | 'TOSS' = 'BANK_TRANSFER';

  @Enum({ items: ['CARD', 'TRANSFER', 'VIRTUAL_ACCOUNT'], nullable: true })
  tossMethod: TossMethod | null = null;

  /** Toss's payment for this charge, once the window handed one back (unique: one payment, one charge). */
  @Property({ type: 'string', length: 200, nullable: true })
  tossPaymentKey: string | null = null;

  /** The payment's last status read from Toss. */
  @Property({ type: 'string', length: 30, nullable: true })
  tossStatus: string | null = null;

  /** The virtual-account payment's secret that Toss's deposit webhook must repeat. Never shown. */
  @Property({ type: 'string', length: 100, nullable: true, hidden: true })
  tossSecret: string | null = null;

  @Property({ type: 'json', nullable: true })
  virtualAccount: TossVirtualAccount | null = null;

  /** Points taken back by refunds (Toss cancels) so far. */
  @Property({ type: new WonType() })
  refundedPoint: bigint = 0n;

  /** Won given back through Toss so far. */
  @Property({ type: new WonType() })
  refundedAmount: bigint = 0n;

  /** When the re-check job should next ask Toss about this payment (null: nothing to check). */
  @Property({ type: 'datetime', nullable: true })
  nextCheckAt: Date | null = null;

  /** Toss cancel transactions already accounted for (our refunds, and cancels made elsewhere taken back). */
  @Property({ type: 'json', nullable: true })
  tossSettledCancels: string[] | null = null;

  /** Toss's last refusal, for the operator. */
  @Property({ type: 'string', length: 500, nullable: true })
  tossFailure: string | null = null;

  @Property({ type: 'integer', version: true, hidden: true })
  version!: number;

  /** A charge paid through Toss's payment window: no depositor, `depositAmount` is what the window charges. */
  static requestToss(
    memberId: number,
    point: bigint,
    feeType: FeeType,
    feeValue: TaxInvoice | CashReceipt | null,
    method: TossMethod,
    now: Date,
    feeEnabled: boolean,
  ): Charge {
    const charge = new Charge();
    charge.memberId = memberId;
    charge.depositorName = '토스페이먼츠';
    // '#' never survives depositorKey(), so no bank deposit can ever match this charge.
    charge.depositorKey = '#toss';
    charge.point = point;
    charge.feeType = feeType;
    charge.depositAmount = depositAmountFor(point, feeType, feeEnabled);
    charge.feeValue = feeValue;
    charge.createdAt = now;
    charge.expiresAt = new Date(now.getTime() + CHARGE_DEADLINE_MS);
    charge.method = 'TOSS';
    charge.tossMethod = method;
    return charge;
  }

  /** The window handed back a payment for this charge; a different one later is refused. */
  attachPayment(paymentKey: string, now: Date): void {
    if (this.tossPaymentKey && this.tossPaymentKey !== paymentKey) throw new DomainError('TOSS_OTHER_PAYMENT');
    this.tossPaymentKey = paymentKey;
    this.nextCheckAt ??= now;
  }

  /** Toss took the money (payment DONE): credited even past the bank-transfer deadline, since the member paid. */
  acceptPaid(now: Date, by: string): void {
    this.move('SUCCESS', now, by);
    this.nextCheckAt = null;
  }

  /** Toss says the payment will never complete (aborted, expired, canceled before credit) or the member left the window. */
  failPayment(now: Date, by: string, reason: string | null): void {
    this.move('FAIL', now, by);
    this.nextCheckAt = null;
    this.tossFailure = reason;
  }

  /** A virtual account was issued: the charge waits for its deposit until Toss's due date. */
  awaitDeposit(account: TossVirtualAccount, secret: string | null, now: Date): void {
    this.virtualAccount = account;
    if (secret) this.tossSecret = secret;
    const due = new Date(account.dueDate);
    if (!Number.isNaN(due.getTime())) this.expiresAt = due;
    this.nextCheckAt = new Date(
      Math.max(now.getTime() + 60 * 60 * 1000, Number.isNaN(due.getTime()) ? 0 : due.getTime()),
    );
  }

  /** Room left to refund, in points. */
  get refundablePoint(): bigint {
    return this.status === 'SUCCESS' ? this.point - this.refundedPoint : 0n;
  }

  /** Won Toss gives back for `points` refunded points (the rest of the payment when it is all of them). */
  refundAmountFor(points: bigint): bigint {
    if (points === this.point - this.refundedPoint) return this.depositAmount - this.refundedAmount;
    return (points * this.depositAmount) / this.point;
  }

  /**
   * Points a refunded won `amount` paid for: all that is left when it is the rest of the payment, else
   * rounded up, so partial refunds add up to the charge's points exactly. Toss cancels and bank refunds alike.
   */
  pointsRefundedBy(amount: bigint): bigint {
    if (amount <= 0n || this.refundablePoint === 0n) return 0n;
    if (amount >= this.depositAmount - this.refundedAmount) return this.refundablePoint;
    const points = (amount * this.point + this.depositAmount - 1n) / this.depositAmount;
    return points < this.refundablePoint ? points : this.refundablePoint;
  }

  /** A refund of `amount` won taking back `points` (none when earlier round-ups already took every point). */
  recordRefund(points: bigint, amount: bigint): void {
    if (points < 0n || points > this.refundablePoint || (points === 0n && amount <= 0n))
      throw new DomainError('CHARGE_REFUND_POINTS_TOO_LARGE');
    if (amount < 0n || amount > this.depositAmount - this.refundedAmount)
      throw new DomainError('CHARGE_REFUND_AMOUNT_TOO_LARGE');
    this.refundedPoint += points;
    this.refundedAmount += amount;
  }

  /** `feeEnabled`: ENABLE_PAYMENT_FEE at request time; the amount is fixed then and never recomputed. */
  static request(memberId: number, request: ChargeRequest, now: Date, feeEnabled: boolean): Charge {
    const charge = new Charge();
    charge.memberId = memberId;
    charge.depositorName = request.name;
    charge.depositorKey = depositorKey(request.name);
    charge.point = BigInt(request.point);
    charge.feeType = request.feeType;
    charge.depositAmount = depositAmountFor(charge.point, request.feeType, feeEnabled);
    charge.feeValue = request.feeValue;
    charge.createdAt = now;
    charge.expiresAt = new Date(now.getTime() + CHARGE_DEADLINE_MS);
    return charge;
  }

  /** Still waiting for its deposit at `now`. */
  isOpen(now: Date): boolean {
    return this.status === 'PENDING' && now < this.expiresAt;
  }

  /** The deposit arrived (operator's word or a matched bank deposit); refused once the deadline passed. */
  accept(now: Date, by: string, depositId: number | null = null): void {
    if (this.resolvedBy === MEMBER_DELETED) throw new MemberDeletedChargeError();
    // An expired charge says so rather than "rejected".
    if (this.status === 'FAIL' && this.resolvedBy === EXPIRY) throw new ChargeExpiredError();
    CHARGE_TRANSITIONS.assert(this.status, 'SUCCESS');
    // Only Toss's word (confirm, webhook, re-check) credits an online payment.
    if (this.method === 'TOSS') throw new DomainError('CHARGE_TOSS_ACCEPTS_ITSELF');
    if (now >= this.expiresAt) throw new ChargeExpiredError();
    this.move('SUCCESS', now, by);
    this.depositId = depositId;
  }

  reject(now: Date, by: string): void {
    // Toss may still complete a payment it holds: only Toss's word settles it.
    if (this.method === 'TOSS' && this.tossPaymentKey) throw new DomainError('CHARGE_TOSS_IN_PROGRESS');
    this.move('FAIL', now, by);
  }

  /** The member deleted their account: the charge can no longer be paid into. */
  closeForDeletedMember(now: Date): void {
    this.move('FAIL', now, MEMBER_DELETED);
  }

  /** The deadline passed without a deposit. */
  expire(now: Date): void {
    if (now < this.expiresAt) throw new DomainError('CHARGE_NOT_EXPIRED', { id: this.id });
    this.move('FAIL', now, EXPIRY);
  }

  private move(to: ChargeStatus, now: Date, by: string): void {
    CHARGE_TRANSITIONS.assert(this.status, to);
    this.status = to;
    this.responseAt = now;
    this.resolvedBy = by;
  }
}
