import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { OPEN_REFILL_STATUSES, REFILL_MOVES, REFILL_STATUS_LABELS, RefillStatus } from '../../../contracts/index.js';
import { TransitionTable } from '../../../shared/index.js';

/**
 * A refill's life (contracts/statuses.ts): PENDING asked, not yet forwarded (or an operator handles it: no
 * provider); PROCESSING the provider took it (its refill id is kept) and is followed with refill_status.
 */
export { RefillStatus, OPEN_REFILL_STATUSES };

const { PENDING, PROCESSING, COMPLETED, REJECTED } = RefillStatus;

export const REFILL_TRANSITIONS = new TransitionTable<RefillStatus>({
  entity: 'Refill',
  noun: '리필 요청',
  labels: REFILL_STATUS_LABELS,
  moves: REFILL_MOVES,
  refusals: {
    [COMPLETED]: '이미 완료된 리필 요청입니다.',
    [REJECTED]: '이미 거절된 리필 요청입니다.',
  },
});

/** A member's refill request of a finished order. No money moves on a refill. */
@Entity({ tableName: 'order_refill' })
@Index({ name: 'order_refill_order', properties: ['orderId', 'createdAt'] })
@Index({ name: 'order_refill_status', properties: ['status', 'nextCheckAt'] })
export class Refill {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  orderId!: number;

  @Property({ type: 'integer' })
  memberId!: number;

  /** Snapshotted from the order: null means an operator handles it. */
  @Property({ type: 'integer', nullable: true })
  providerId: number | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  providerRefillId: string | null = null;

  @Enum({ items: () => RefillStatus })
  status: RefillStatus = PENDING;

  /** Why it was rejected (an operator's reason or the provider's answer). */
  @Property({ type: 'string', length: 500, nullable: true })
  reason: string | null = null;

  /** When fulfilment should forward or check it next; null when nothing is due. */
  @Property({ type: 'datetime', nullable: true })
  nextCheckAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;

  static request(props: { orderId: number; memberId: number; providerId: number | null; now: Date }): Refill {
    const refill = new Refill();
    refill.orderId = props.orderId;
    refill.memberId = props.memberId;
    refill.providerId = props.providerId;
    refill.nextCheckAt = props.providerId === null ? null : props.now;
    refill.createdAt = props.now;
    refill.updatedAt = props.now;
    return refill;
  }

  get isOpen(): boolean {
    return !REFILL_TRANSITIONS.isTerminal(this.status);
  }

  /** The provider took the refill; it is checked again at `nextCheckAt`. */
  markForwarded(providerRefillId: string, nextCheckAt: Date, now: Date): void {
    this.moveTo(PROCESSING, now);
    this.providerRefillId = providerRefillId;
    this.nextCheckAt = nextCheckAt;
  }

  complete(now: Date): void {
    this.moveTo(COMPLETED, now);
    this.nextCheckAt = null;
  }

  reject(reason: string, now: Date): void {
    this.moveTo(REJECTED, now);
    this.reason = reason.slice(0, 500);
    this.nextCheckAt = null;
  }

  /** Not final yet: look again at `next`. */
  checkAgainAt(next: Date, now: Date): void {
    this.nextCheckAt = next;
    this.updatedAt = now;
  }

  private moveTo(status: RefillStatus, now: Date): void {
    REFILL_TRANSITIONS.assert(this.status, status);
    this.status = status;
    this.updatedAt = now;
  }
}
