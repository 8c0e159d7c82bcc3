import { DecimalType } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** Marks an order an operator must look at: it may or may not have been placed upstream. */
export const UNCERTAIN_MARK = '[확인 필요]';
export const CHECK_ADVICE = '공급사에서 주문 여부를 확인한 뒤 재전송하거나 공급사 주문번호를 연결하세요.';

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** Wait before the next try after `failures` failed attempts: 30 s, 1 min, 2 min ... at most 1 h. */
export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
}

/** The write-ahead note a claim commits before the request goes out (what an operator reads if no outcome is ever recorded). */
export const claimNote = (now: Date) =>
  `${UNCERTAIN_MARK} 공급사 전송 결과를 받지 못했습니다 (전송 시작 ${now.toISOString()}). ${CHECK_ADVICE}`;
export const resendNote = (now: Date) => `${UNCERTAIN_MARK} 운영자 재전송 중 (${now.toISOString()}). ${CHECK_ADVICE}`;
export const uncertainNote = (error: string) =>
  `${UNCERTAIN_MARK} ${error}: 공급사에 주문이 들어갔을 수 있어 자동으로 다시 보내지 않습니다. ${CHECK_ADVICE}`;

/**
 * Fulfilment's record of placing one order upstream and following it (ordering owns the order itself:
 * its status, money, and which provider fulfils it). The row exists from the first claim on:
 * - claimed (write-ahead): no provider order id, no next attempt, the note says "[확인 필요]" until the
 *   outcome is recorded, so a crash between send and record leaves it held for an operator;
 * - failed definitely: `nextAttemptAt` is when it is due again (exponential backoff);
 * - held uncertain: like claimed, with the reason; never sent again automatically;
 * - sent (or linked by an operator): the provider's order id; `lastSyncedAt` leases the status polls.
 */
@Entity({ tableName: 'order_dispatch' })
@Index({
  name: 'order_dispatch_due',
  expression:
    'create index "order_dispatch_due" on "order_dispatch" ("next_attempt_at") where "provider_order_id" is null and "next_attempt_at" is not null',
})
@Index({
  name: 'order_dispatch_sync',
  expression:
    'create index "order_dispatch_sync" on "order_dispatch" ("last_synced_at" nulls first, "order_id") where "provider_order_id" is not null and "finished_at" is null',
})
export class OrderDispatch {
  /** The order's id (service_order, owned by ordering): one record per order, and the console reads it by the order's id. */
  @PrimaryKey({ type: 'integer', autoincrement: false, fieldName: 'order_id' })
  id!: number;

  @Property({ type: 'integer' })
  providerId!: number;

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

  /** When a failed send is due again; null while claimed, held, or once sent. */
  @Property({ type: 'datetime', nullable: true })
  nextAttemptAt: Date | null = null;

  /** The last failure, or the "[확인 필요]" note an operator acts on. */
  @Property({ type: 'string', length: 1000, nullable: true })
  lastError: string | null = null;

  /** When a status poll last took the order (a lease: replicas skip it until SYNC_SPACING_MS later). */
  @Property({ type: 'datetime', nullable: true })
  lastSyncedAt: Date | null = null;

  /** When the status sync first saw the provider working on it (or done): provider scores' time to start. */
  @Property({ type: 'datetime', nullable: true })
  startedAt: Date | null = null;

  /** The order ended (the sync saw it final): no more polls. */
  @Property({ type: 'datetime', nullable: true })
  finishedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;

  /** The first claim of an order: committed (with its write-ahead note) before any request goes out. */
  static claim(orderId: number, providerId: number, note: string, now: Date): OrderDispatch {
    const dispatch = new OrderDispatch();
    dispatch.id = orderId;
    dispatch.providerId = providerId;
    dispatch.createdAt = now;
    dispatch.claimAgain(note, now);
    return dispatch;
  }

  /** What the console and audit rows show. */
  view() {
    const {
      id,
      providerId,
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

  /** Not placed upstream yet, and not claimed or held: a failed send waiting for its next attempt. */
  get isDue(): boolean {
    return this.providerOrderId === null && this.nextAttemptAt !== null;
  }

  /** Claimed or held: the provider may have it; only an operator sends it again. */
  get isHeld(): boolean {
    return this.providerOrderId === null && this.nextAttemptAt === null;
  }

  /** A retry's claim (or an operator's resend): not due until the outcome is recorded. */
  claimAgain(note: string, now: Date): void {
    if (this.providerOrderId !== null) throw new Error(`order ${this.id} is already placed upstream`);
    this.nextAttemptAt = null;
    this.lastError = note.slice(0, 1000);
    this.updatedAt = now;
  }

  /** The provider accepted it (or an operator linked the order found on the provider's panel). */
  sent(providerOrderId: string, now: Date): void {
    this.providerOrderId = providerOrderId;
    this.nextAttemptAt = null;
    this.lastError = null;
    this.updatedAt = now;
  }

  /** A definite failure (refused, or never reached the provider): due again after the backoff. */
  failed(message: string, now: Date): void {
    this.attempts += 1;
    this.lastError = message.slice(0, 1000);
    this.nextAttemptAt = new Date(now.getTime() + backoffMs(this.attempts));
    this.updatedAt = now;
  }

  /** No clear answer: held for an operator with the reason, never resent automatically. */
  holdUncertain(error: string, now: Date): void {
    this.nextAttemptAt = null;
    this.lastError = uncertainNote(error).slice(0, 1000);
    this.updatedAt = now;
  }

  /** The provider said something about the running order that needs an operator; false when the same note is there already. */
  flag(note: string, now: Date): boolean {
    const text = note.slice(0, 1000);
    if (this.lastError === text) return false;
    this.lastError = text;
    this.updatedAt = now;
    return true;
  }

  /** A status that moved the order settles an earlier flag. */
  settleFlag(now: Date): void {
    if (!this.lastError?.startsWith(UNCERTAIN_MARK)) return;
    this.lastError = null;
    this.updatedAt = now;
  }

  /**
   * The order ended (canceled) while its request was out, and the provider took it: the upstream order
   * is taken back (canceled there); the record keeps its id in the note, not as this order's placement.
   */
  orphaned(providerOrderId: string, now: Date): void {
    this.nextAttemptAt = null;
    this.lastError = `전송 중 주문이 끝나 공급사 주문 ${providerOrderId}을(를) 공급사에 취소 요청했습니다.`.slice(
      0,
      1000,
    );
    this.finished(now);
  }

  finished(now: Date): void {
    this.finishedAt = now;
    this.updatedAt = now;
  }
}
