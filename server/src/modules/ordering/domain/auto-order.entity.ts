import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AUTO_ORDER_MOVES, AUTO_ORDER_STATUS_LABELS, AutoOrderStatus, ceilDiv } from '../../../contracts/index.js';
import { DomainError, TransitionTable, entityNamed } from '../../../shared/index.js';
import { money } from './money.js';

/**
 * docs/product.md §4 auto-order statuses (contracts/statuses.ts): COMPLETED every run started; CANCLED (spelled so)
 * canceled by an operator, PARTIAL stopped because its service can no longer be ordered: in both the
 * runs not started are refunded.
 */
export { AutoOrderStatus };

const { ACTIVE, COMPLETED, CANCLED, PARTIAL } = AutoOrderStatus;

/** docs/state-machines.md: ACTIVE → COMPLETED | CANCLED | PARTIAL. */
export const AUTO_ORDER_TRANSITIONS = new TransitionTable<AutoOrderStatus>({
  entity: 'AutoOrder',
  noun: '자동주문',
  labels: AUTO_ORDER_STATUS_LABELS,
  moves: AUTO_ORDER_MOVES,
  refusals: {
    [COMPLETED]: { [CANCLED]: '모든 회차가 시작된 자동주문은 취소할 수 없습니다.', '*': '이미 완료된 자동주문입니다.' },
    [CANCLED]: '이미 취소된 자동주문입니다.',
    [PARTIAL]: '상품 판매가 중단되어 이미 종료된 자동주문입니다.',
  },
});

const MINUTE = 60_000;

/**
 * The spec's repeating order: `runs` × `amount` paid up front (`point`), each run started as a child
 * Order every `interval` minutes. `completed` counts the runs started. Run k's share of the cost is
 * ⌈point·k/runs⌉ − ⌈point·(k−1)/runs⌉, so the shares add up to exactly what was paid.
 */
@Entity({ tableName: 'auto_order' })
@Index({ name: 'auto_order_due', properties: ['status', 'nextRunAt'] })
@Index({ name: 'auto_order_member_created', properties: ['memberId', 'createdAt'] })
export class AutoOrder {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  memberId!: number;

  @ManyToOne(entityNamed('Service'), { mapToPk: true, joinColumn: 'service_id', deleteRule: 'no action' })
  serviceId!: number;

  @Property({ type: 'string', length: 1000 })
  link!: string;

  /** Quantity per run. */
  @Property({ type: 'integer' })
  amount!: number;

  @Property({ type: 'integer' })
  runs!: number;

  /** Minutes between runs. */
  @Property({ type: 'integer', fieldName: 'interval_minutes' })
  interval!: number;

  /** Runs started so far. */
  @Property({ type: 'integer', default: 0 })
  completed: number = 0;

  /** Paid up front for all runs, whole won. */
  @Property(money())
  point!: bigint;

  /** Won given back for runs never started. */
  @Property(money({ default: 0 }))
  refunded: bigint = 0n;

  @Enum({ items: () => AutoOrderStatus })
  status: AutoOrderStatus = ACTIVE;

  /** When the next run is due; null once no run is left. */
  @Property({ type: 'datetime', nullable: true })
  nextRunAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;

  static place(props: {
    memberId: number;
    serviceId: number;
    link: string;
    amount: number;
    runs: number;
    interval: number;
    point: bigint;
    now: Date;
  }): AutoOrder {
    const auto = new AutoOrder();
    const { now, ...rest } = props;
    Object.assign(auto, rest);
    auto.createdAt = now;
    auto.updatedAt = now;
    auto.nextRunAt = now;
    return auto;
  }

  /** What the runs started so far cost, out of what was paid. */
  costOfRuns(started: number): bigint {
    return ceilDiv(this.point * BigInt(started), BigInt(this.runs));
  }

  isDue(now: Date): boolean {
    return this.status === ACTIVE && this.nextRunAt !== null && this.nextRunAt <= now;
  }

  /** Starts the next run: its number and its share of the cost. The last run completes the auto-order. */
  startRun(now: Date): { number: number; point: bigint } {
    if (!this.isDue(now)) throw new DomainError('AUTO_ORDER_NOT_DUE', { id: this.id });
    const number = this.completed + 1;
    const point = this.costOfRuns(number) - this.costOfRuns(this.completed);
    this.completed = number;
    if (number === this.runs) this.finish(COMPLETED, now);
    else this.nextRunAt = new Date(now.getTime() + this.interval * MINUTE);
    this.updatedAt = now;
    return { number, point };
  }

  /** Canceled (CANCLED): returns the refund for the runs not started. */
  cancel(now: Date): bigint {
    return this.end(CANCLED, now);
  }

  /** Its service was hidden or made read-only: ends PARTIAL, returns the refund for the runs not started. */
  stop(now: Date): bigint {
    return this.end(PARTIAL, now);
  }

  private end(status: AutoOrderStatus, now: Date): bigint {
    const refund = this.point - this.costOfRuns(this.completed);
    this.finish(status, now);
    this.refunded = refund;
    return refund;
  }

  private finish(status: AutoOrderStatus, now: Date): void {
    AUTO_ORDER_TRANSITIONS.assert(this.status, status);
    this.status = status;
    this.nextRunAt = null;
    this.updatedAt = now;
  }
}
