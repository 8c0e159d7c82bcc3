import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Service } from '../../catalog/index.js';
import {
  ORDER_MOVES,
  ORDER_STATUS_LABELS,
  OrderStatus,
  SERVICE_TYPES,
  type ServiceType,
} from '../../../contracts/index.js';
import { DomainError, TransitionTable, entityNamed } from '../../../shared/index.js';
import { money } from './money.js';
import { AutoOrder } from './auto-order.entity.js';

/** docs/product.md §4 order statuses: the vocabulary, its labels and moves live in contracts/statuses.ts. */
export { OrderStatus };

const { PENDING, PROCESSING, INPROGRESS, COMPLETED, PARTIAL, CANCELED } = OrderStatus;

/** docs/state-machines.md: PENDING → PROCESSING → INPROGRESS → COMPLETED | PARTIAL | CANCELED, and CANCELED from PENDING, PROCESSING or INPROGRESS. */
export const ORDER_TRANSITIONS = new TransitionTable<OrderStatus>({
  entity: 'Order',
  noun: '주문',
  labels: ORDER_STATUS_LABELS,
  moves: ORDER_MOVES,
  refusals: {
    [COMPLETED]: { [CANCELED]: '완료된 주문은 취소할 수 없습니다.', '*': '이미 완료된 주문입니다.' },
    [PARTIAL]: { [CANCELED]: '부분완료된 주문은 취소할 수 없습니다.', '*': '이미 부분완료된 주문입니다.' },
    [CANCELED]: '이미 취소된 주문입니다.',
  },
});

export interface PlaceOrderProps {
  memberId: number;
  service: Pick<Service, 'id' | 'providerId' | 'providerServiceId'> & { type?: ServiceType };
  link: string;
  amount: number;
  /** Custom Comments: the comments, one per line. */
  comments?: string | null;
  /** The cost in whole won (for an auto-order's run: its share of what was paid up front). */
  point: bigint;
  now: Date;
  /** Set for a run of an auto-order. */
  run?: { autoOrder: AutoOrder; number: number };
  /** Won of the cost a coupon paid. */
  couponDiscount?: bigint;
}

/** What moving to a status may carry (PARTIAL needs the undelivered quantity). */
export interface StatusDetails {
  remains?: number | null;
  startCount?: number | null;
}

/**
 * One order against a link (docs/product.md §3 Order), also one run of an auto-order. State changes are the
 * methods below and go through {@link ORDER_TRANSITIONS}; refunds are derived from the final state
 * ({@link refundDue}) and paid once by the application layer.
 */
@Entity({ tableName: 'service_order' })
@Index({ name: 'service_order_member_created', properties: ['memberId', 'createdAt'] })
@Index({
  name: 'service_order_pending',
  expression:
    'create index "service_order_pending" on "service_order" ("id") where "status" = \'PENDING\' and "provider_id" is not null',
})
@Index({ name: 'service_order_created', properties: ['createdAt'] })
@Index({
  name: 'service_order_completed',
  expression:
    'create index "service_order_completed" on "service_order" ("service_id", "completed_at" desc) where "status" = \'COMPLETED\' and "completed_at" is not null',
})
@Unique({ name: 'service_order_run', properties: ['autoOrderId', 'runNumber'] })
export class Order {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  memberId!: number;

  @ManyToOne(entityNamed('Service'), { mapToPk: true, joinColumn: 'service_id', deleteRule: 'no action' })
  serviceId!: number;

  @Property({ type: 'string', length: 1000 })
  link!: string;

  @Property({ type: 'integer' })
  amount!: number;

  /** Cost in whole won. */
  @Property(money())
  point!: bigint;

  /** Won given back (PARTIAL or CANCELED). */
  @Property(money({ default: 0 }))
  refunded: bigint = 0n;

  /** Won of `point` a coupon paid (its own ledger entry): never given back, so refunds share only the rest. */
  @Property(money({ default: 0 }))
  couponDiscount: bigint = 0n;

  @Enum({ items: () => OrderStatus })
  status: OrderStatus = PENDING;

  @Property({ type: 'integer', nullable: true })
  startCount: number | null = null;

  @Property({ type: 'integer', nullable: true })
  remains: number | null = null;

  /** For an auto-order's run: the auto-order, its runs and interval (minutes), and which run this is; 0/0/null otherwise. */
  @ManyToOne(() => AutoOrder, { mapToPk: true, joinColumn: 'auto_order_id', nullable: true, deleteRule: 'no action' })
  autoOrderId: number | null = null;

  @Property({ type: 'integer', default: 0 })
  runs: number = 0;

  @Property({ type: 'integer', fieldName: 'interval_minutes', default: 0 })
  interval: number = 0;

  @Property({ type: 'integer', nullable: true })
  runNumber: number | null = null;

  /** The service's type when placed: which fields go upstream (comments; no quantity for a package). */
  @Enum({ items: [...SERVICE_TYPES], default: 'Default' })
  serviceType: ServiceType = 'Default';

  /** Custom Comments: one comment per line, as sent upstream; null for other types. */
  @Property({ type: 'text', nullable: true })
  comments: string | null = null;

  /** A member asked to cancel the running order (취소 요청됨); the provider's status will say how it ended. */
  @Property({ type: 'datetime', nullable: true })
  cancelRequestedAt: Date | null = null;

  /** The provider accepted the cancel request. */
  @Property({ type: 'datetime', nullable: true })
  cancelForwardedAt: Date | null = null;

  /** Why the provider refused the last cancel request. */
  @Property({ type: 'string', length: 500, nullable: true })
  cancelRefusal: string | null = null;

  // Who fulfils it (fulfilment keeps its own dispatch record: provider order id, attempts, sync).
  /** Snapshotted from the service when placed; null: fulfilled by hand. */
  @Property({ type: 'integer', nullable: true })
  providerId: number | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  providerServiceId: string | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;

  /** When it reached COMPLETED: each service's average completion time is read from these. */
  @Property({ type: 'datetime', nullable: true })
  completedAt: Date | null = null;

  static place(props: PlaceOrderProps): Order {
    const order = new Order();
    order.memberId = props.memberId;
    order.serviceId = props.service.id;
    order.link = props.link;
    order.amount = props.amount;
    order.point = props.point;
    order.couponDiscount = props.couponDiscount ?? 0n;
    order.serviceType = props.service.type ?? 'Default';
    order.comments = props.comments ?? null;
    order.createdAt = props.now;
    order.updatedAt = props.now;
    if (props.service.providerId !== null && props.service.providerServiceId !== null) {
      order.providerId = props.service.providerId;
      order.providerServiceId = props.service.providerServiceId;
    }
    if (props.run) {
      order.autoOrderId = props.run.autoOrder.id;
      order.runs = props.run.autoOrder.runs;
      order.interval = props.run.autoOrder.interval;
      order.runNumber = props.run.number;
    }
    return order;
  }

  /** Starts the auto-order's next due run as an order costing that run's share of what was paid up front. */
  static startRunOf(autoOrder: AutoOrder, service: PlaceOrderProps['service'], now: Date): Order {
    const run = autoOrder.startRun(now);
    return Order.place({
      memberId: autoOrder.memberId,
      service,
      link: autoOrder.link,
      amount: autoOrder.amount,
      point: run.point,
      now,
      run: { autoOrder, number: run.number },
    });
  }

  get isTerminal(): boolean {
    return ORDER_TRANSITIONS.isTerminal(this.status);
  }

  /** One move of the transition table; PARTIAL records the undelivered quantity. */
  moveTo(status: OrderStatus, now: Date, details: StatusDetails = {}): void {
    ORDER_TRANSITIONS.assert(this.status, status);
    if (status === PARTIAL) this.remains = this.checkedRemains(details.remains);
    if (status === CANCELED) this.remains = this.amount;
    if (status === COMPLETED) {
      this.remains = 0;
      this.completedAt = now;
    }
    if (details.startCount !== undefined && details.startCount !== null) this.startCount = details.startCount;
    this.status = status;
    this.updatedAt = now;
  }

  /** Walks the table to `status` (e.g. PROCESSING → INPROGRESS → COMPLETED); 409 when it cannot be reached. */
  advanceTo(status: OrderStatus, now: Date, details: StatusDetails = {}): void {
    const path = ORDER_TRANSITIONS.path(this.status, status);
    if (!path || path.length === 0) ORDER_TRANSITIONS.assert(this.status, status);
    for (const step of path!) this.moveTo(step, now, step === status ? details : {});
  }

  /** Whether a provider fulfils it (placed upstream once it has left PENDING). */
  get upstream(): boolean {
    return this.providerId !== null && this.providerServiceId !== null;
  }

  /** A member's cancel of a running order, to be forwarded to the provider; no status moves until it reports one. */
  requestCancel(now: Date): void {
    if (this.status !== PROCESSING && this.status !== INPROGRESS) throw new DomainError('ORDER_CANCEL_NOT_RUNNING');
    this.cancelRequestedAt = now;
    this.cancelForwardedAt = null;
    this.cancelRefusal = null;
    this.updatedAt = now;
  }

  /** Whether a member's cancel request is still open (asked, the order not ended). */
  get cancelPending(): boolean {
    return this.cancelRequestedAt !== null && !this.isTerminal;
  }

  cancelForwarded(now: Date): void {
    this.cancelForwardedAt = now;
    this.updatedAt = now;
  }

  /** The provider refused: the request closes with its reason. */
  cancelRefused(reason: string, now: Date): void {
    this.cancelRequestedAt = null;
    this.cancelRefusal = reason.slice(0, 500);
    this.updatedAt = now;
  }

  setStartCount(startCount: number, now: Date): void {
    this.startCount = startCount;
    this.updatedAt = now;
  }

  /** Progress reported while the order runs (start count, quantity still to deliver); ignored once it has ended. */
  noteProgress(details: StatusDetails, now: Date): void {
    if (this.isTerminal) return;
    if (details.startCount !== undefined && details.startCount !== null) this.startCount = details.startCount;
    if (details.remains !== undefined && details.remains !== null) this.remains = this.checkedRemains(details.remains);
    this.updatedAt = now;
  }

  /**
   * What the member gets back for the final state, of what they paid (the cost less a coupon's part): all
   * for CANCELED, floor(paid × remains / amount) for PARTIAL.
   */
  refundDue(): bigint {
    const paid = this.point - this.couponDiscount;
    if (this.status === CANCELED) return paid;
    if (this.status === PARTIAL) return (paid * BigInt(this.remains ?? 0)) / BigInt(this.amount);
    return 0n;
  }

  private checkedRemains(remains: number | null | undefined): number {
    if (
      remains === undefined ||
      remains === null ||
      !Number.isInteger(remains) ||
      remains < 0 ||
      remains > this.amount
    ) {
      throw new DomainError('ORDER_REMAINS_INVALID', { amount: this.amount });
    }
    return remains;
  }
}
