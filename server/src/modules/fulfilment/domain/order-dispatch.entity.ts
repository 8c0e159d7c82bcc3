import { DecimalType } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import {
  DISPATCH_MOVES,
  DISPATCH_STATUS_LABELS,
  DispatchStatus,
  HELD_DISPATCH_STATUSES,
} from '../../../contracts/index.js';
import { RetrySchedule, TransitionTable } from '../../../shared/index.js';

export { DispatchStatus, HELD_DISPATCH_STATUSES };

const { DUE, CLAIMED, UNCERTAIN, SENT, FLAGGED, FINISHED, ORPHANED } = DispatchStatus;

/** docs/state-machines.md: a dispatch record's states (contracts/statuses.ts), asserted by every method below. */
export const DISPATCH_TRANSITIONS = new TransitionTable<DispatchStatus>({
  entity: 'OrderDispatch',
  noun: '공급사 전송',
  labels: DISPATCH_STATUS_LABELS,
  moves: DISPATCH_MOVES,
  refusals: {
    [SENT]: { [CLAIMED]: '이미 공급사에 전송된 주문입니다.', [SENT]: '이미 공급사에 전송된 주문입니다.' },
    [FLAGGED]: { [CLAIMED]: '이미 공급사에 전송된 주문입니다.' },
    [FINISHED]: '이미 끝난 주문의 전송 기록입니다.',
    [ORPHANED]: '이미 끝난 주문의 전송 기록입니다.',
  },
});

/** Records the status sync polls: placed upstream and not ended (the states that may become FINISHED). */
export const POLLED_DISPATCH_STATUSES: readonly DispatchStatus[] = DISPATCH_TRANSITIONS.sources(FINISHED);

/** Statuses as an SQL list of literals (`'SENT', 'FLAGGED'`): a partial index is used only when the query names its states. */
export const statusList = (statuses: readonly DispatchStatus[]): string => statuses.map((s) => `'${s}'`).join(', ');

/** The words an operator reads on a record that needs a check (the status says so; the note explains). */
export const UNCERTAIN_MARK = '[확인 필요]';
export const CHECK_ADVICE = '공급사에서 주문 여부를 확인한 뒤 재전송하거나 공급사 주문번호를 연결하세요.';

/**
 * A definite failure's next send, per order: 30 s, 1 min, 2 min ... at most 1 h. The dispatch record holds
 * it (never the engine: at most once is this record's rule).
 */
export const DISPATCH_RETRY = new RetrySchedule({ delays: { doubling: { firstMs: 30_000, capMs: 60 * 60_000 } } });

/** The write-ahead note a claim commits before the request goes out (what an operator reads if no outcome is ever recorded). */
export const claimNote = (now: Date) =>
  `${UNCERTAIN_MARK} 공급사 전송 결과를 받지 못했습니다 (전송 시작 ${now.toISOString()}). ${CHECK_ADVICE}`;
export const resendNote = (now: Date) => `${UNCERTAIN_MARK} 운영자 재전송 중 (${now.toISOString()}). ${CHECK_ADVICE}`;
export const uncertainNote = (error: string) =>
  `${UNCERTAIN_MARK} ${error}: 공급사에 주문이 들어갔을 수 있어 자동으로 다시 보내지 않습니다. ${CHECK_ADVICE}`;

/**
 * Fulfilment's record of placing one order upstream and following it (ordering owns the order itself:
 * its status, money, and which provider fulfils it). The row exists from the first claim on, and its
 * `status` says where it stands ({@link DISPATCH_TRANSITIONS}); the note (`lastError`) only explains:
 * - CLAIMED (write-ahead): committed before the request goes out, its note reading "[확인 필요]" until the
 *   outcome is recorded, so a crash between send and record leaves it held for an operator;
 * - DUE: a definite failure; `nextAttemptAt` is when it is claimed again (DISPATCH_RETRY);
 * - UNCERTAIN: no clear answer, held with the reason; never sent again automatically;
 * - SENT (or linked by an operator): the provider's order id; `lastSyncedAt` leases the status polls;
 * - FLAGGED: sent, and the provider said something about it an operator must check (the note says what);
 * - FINISHED: the order ended, no more polls; ORPHANED: it ended while its request was out.
 */
@Entity({ tableName: 'order_dispatch' })
@Index({
  name: 'order_dispatch_due',
  expression: `create index "order_dispatch_due" on "order_dispatch" ("next_attempt_at") where "status" = '${DUE}'`,
})
@Index({
  name: 'order_dispatch_sync',
  expression: `create index "order_dispatch_sync" on "order_dispatch" ("last_synced_at" nulls first, "order_id") where "status" in (${statusList(POLLED_DISPATCH_STATUSES)})`,
})
@Index({
  name: 'order_dispatch_check',
  expression: `create index "order_dispatch_check" on "order_dispatch" ("status") where "status" in (${statusList([...HELD_DISPATCH_STATUSES, FLAGGED])})`,
})
export class OrderDispatch {
  /** The order's id (service_order, owned by ordering): one record per order, and the console reads it by the order's id. */
  @PrimaryKey({ type: 'integer', autoincrement: false, fieldName: 'order_id' })
  id!: number;

  @Property({ type: 'integer' })
  providerId!: number;

  @Enum({ items: () => DispatchStatus })
  status: DispatchStatus = CLAIMED;

  @Property({ type: 'string', length: 100, nullable: true })
  providerOrderId: string | null = null;

  /** The provider's service that took the order (a backup's after a failover); null before it is placed. */
  @Property({ type: 'string', length: 100, nullable: true })
  providerServiceId: string | null = null;

  /** The cost in won expected when the provider took it: its rate then × quantity × its currency rate (exact). */
  @Property({ type: new DecimalType('string'), precision: 20, scale: 4, nullable: true })
  expectedCost: string | null = null;

  /** The provider's own `charge` from the status sync, in won; it replaces the expected cost. */
  @Property({ type: new DecimalType('string'), precision: 20, scale: 4, nullable: true })
  chargeCost: string | null = null;

  /** Failed sends so far (the backoff grows with them). */
  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  /** When a DUE record is claimed again; null in every other state. */
  @Property({ type: 'datetime', nullable: true })
  nextAttemptAt: Date | null = null;

  /** The last failure, or the "[확인 필요]" note an operator acts on (CLAIMED, UNCERTAIN, FLAGGED). */
  @Property({ type: 'string', length: 1000, nullable: true })
  lastError: string | null = null;

  /** When a status poll last took the order (a lease: replicas skip it until SYNC_SPACING_MS later). */
  @Property({ type: 'datetime', nullable: true })
  lastSyncedAt: Date | null = null;

  /** When the status sync first saw the provider working on it (or done): provider scores' time to start. */
  @Property({ type: 'datetime', nullable: true })
  startedAt: Date | null = null;

  /** When the record became FINISHED or ORPHANED. */
  @Property({ type: 'datetime', nullable: true })
  finishedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;

  /** The first claim of an order (CLAIMED): committed (with its write-ahead note) before any request goes out. */
  static claim(orderId: number, providerId: number, note: string, now: Date): OrderDispatch {
    const dispatch = new OrderDispatch();
    dispatch.id = orderId;
    dispatch.providerId = providerId;
    dispatch.lastError = note.slice(0, 1000);
    dispatch.createdAt = now;
    dispatch.updatedAt = now;
    return dispatch;
  }

  /** What the console and audit rows show. */
  view() {
    const {
      id,
      providerId,
      status,
      providerOrderId,
      providerServiceId,
      expectedCost,
      chargeCost,
      attempts,
      nextAttemptAt,
      lastError,
      lastSyncedAt,
      startedAt,
      finishedAt,
      createdAt,
      updatedAt,
    } = this;
    return {
      id,
      providerId,
      status,
      providerOrderId,
      providerServiceId,
      expectedCost,
      chargeCost,
      attempts,
      nextAttemptAt,
      lastError,
      lastSyncedAt,
      startedAt,
      finishedAt,
      createdAt,
      updatedAt,
    };
  }

  /** An order the provider placed by itself (a subscription's post): sent from the start. */
  static placed(orderId: number, providerId: number, providerOrderId: string, now: Date): OrderDispatch {
    const dispatch = OrderDispatch.claim(orderId, providerId, '', now);
    dispatch.sent(providerOrderId, now);
    return dispatch;
  }

  /** A failed send waiting for its next attempt. */
  get isDue(): boolean {
    return this.status === DUE;
  }

  /** Claimed or held: the provider may have it; only an operator sends it again. */
  get isHeld(): boolean {
    return HELD_DISPATCH_STATUSES.includes(this.status);
  }

  /** Not placed upstream: an operator may resend it or link the provider's order (DUE, CLAIMED, UNCERTAIN). */
  get mayResend(): boolean {
    return DISPATCH_TRANSITIONS.allows(this.status, CLAIMED);
  }

  private moveTo(status: DispatchStatus, now: Date): void {
    DISPATCH_TRANSITIONS.assert(this.status, status);
    this.status = status;
    this.updatedAt = now;
  }

  /** A retry's claim (or an operator's resend): held until the outcome is recorded. */
  claimAgain(note: string, now: Date): void {
    this.moveTo(CLAIMED, now);
    this.nextAttemptAt = null;
    this.lastError = note.slice(0, 1000);
  }

  /** The provider accepted it (or an operator linked the order found on the provider's panel). */
  sent(providerOrderId: string, now: Date): void {
    this.moveTo(SENT, now);
    this.providerOrderId = providerOrderId;
    this.nextAttemptAt = null;
    this.lastError = null;
  }

  /** A definite failure (refused, or never reached the provider): due again after the backoff. */
  failed(message: string, now: Date): void {
    this.moveTo(DUE, now);
    this.attempts += 1;
    this.lastError = message.slice(0, 1000);
    this.nextAttemptAt = DISPATCH_RETRY.next(this.attempts, now);
  }

  /** No clear answer: held for an operator with the reason, never resent automatically. */
  holdUncertain(error: string, now: Date): void {
    this.moveTo(UNCERTAIN, now);
    this.nextAttemptAt = null;
    this.lastError = uncertainNote(error).slice(0, 1000);
  }

  /** The provider said something about the running order that needs an operator; false when the same note is there already. */
  flag(note: string, now: Date): boolean {
    const text = note.slice(0, 1000);
    if (this.status === FLAGGED && this.lastError === text) return false;
    this.moveTo(FLAGGED, now);
    this.lastError = text;
    return true;
  }

  /** A status that moved the order settles an earlier flag. */
  settleFlag(now: Date): void {
    if (this.status !== FLAGGED) return;
    this.moveTo(SENT, now);
    this.lastError = null;
  }

  /**
   * The order ended (canceled) while its request was out, and the provider took it: the upstream order
   * is taken back (canceled there); the record keeps its id in the note, not as this order's placement.
   */
  orphaned(providerOrderId: string, now: Date): void {
    this.moveTo(ORPHANED, now);
    this.nextAttemptAt = null;
    this.lastError = `전송 중 주문이 끝나 공급사 주문 ${providerOrderId}을(를) 공급사에 취소 요청했습니다.`.slice(
      0,
      1000,
    );
    this.finishedAt = now;
  }

  /** The order ended: no more polls. */
  finished(now: Date): void {
    this.moveTo(FINISHED, now);
    this.finishedAt = now;
  }
}
