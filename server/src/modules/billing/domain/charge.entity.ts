import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import {
  CHARGE_DEADLINE_HOURS,
  CHARGE_STATUSES,
  depositAmountFor,
  FEE_TYPES,
  type CashReceipt,
  type ChargeRequest,
  type ChargeStatus,
  type FeeType,
  type TaxInvoice,
} from '../../../contracts/charge.js';
import { DomainError, TransitionTable, WonType } from '../../../shared/index.js';
import { depositorKey } from './depositor-key.js';

/** Charge: PENDING → SUCCESS (accepted: points credited) | FAIL (rejected, or 3 hours passed). */
export const CHARGE_TRANSITIONS = new TransitionTable<ChargeStatus>({
  entity: 'Charge',
  noun: '충전',
  labels: { PENDING: '대기', SUCCESS: '수락', FAIL: '거절' },
  moves: {
    PENDING: ['SUCCESS', 'FAIL'],
    SUCCESS: [],
    FAIL: [],
  },
  refusals: {
    SUCCESS: '이미 승인된 충전입니다.',
    FAIL: '이미 거절된 충전입니다.',
  },
});

export const CHARGE_DEADLINE_MS = CHARGE_DEADLINE_HOURS * 60 * 60 * 1000;

/** Who settled a charge: `operator:<loginId>`, `bank-alert`, or `expiry`. */
export const EXPIRY = 'expiry';

export class ChargeExpiredError extends DomainError {
  constructor() {
    super('입금 기한(3시간)이 지난 충전 요청입니다.', 409);
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

  @Property({ type: 'integer', version: true, hidden: true })
  version!: number;

  static request(memberId: number, request: ChargeRequest, now: Date): Charge {
    const charge = new Charge();
    charge.memberId = memberId;
    charge.depositorName = request.name;
    charge.depositorKey = depositorKey(request.name);
    charge.point = BigInt(request.point);
    charge.feeType = request.feeType;
    charge.depositAmount = depositAmountFor(charge.point, request.feeType);
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
    // An expired charge says so rather than "rejected".
    if (this.status === 'FAIL' && this.resolvedBy === EXPIRY) throw new ChargeExpiredError();
    CHARGE_TRANSITIONS.assert(this.status, 'SUCCESS');
    if (now >= this.expiresAt) throw new ChargeExpiredError();
    this.move('SUCCESS', now, by);
    this.depositId = depositId;
  }

  reject(now: Date, by: string): void {
    this.move('FAIL', now, by);
  }

  /** The deadline passed without a deposit. */
  expire(now: Date): void {
    if (now < this.expiresAt) throw new DomainError(`충전 요청 #${this.id}의 입금 기한이 아직 지나지 않았습니다.`);
    this.move('FAIL', now, EXPIRY);
  }

  private move(to: ChargeStatus, now: Date, by: string): void {
    CHARGE_TRANSITIONS.assert(this.status, to);
    this.status = to;
    this.responseAt = now;
    this.resolvedBy = by;
  }
}
