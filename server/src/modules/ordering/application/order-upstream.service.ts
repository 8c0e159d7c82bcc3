import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import type { ServiceType } from '../../../contracts/index.js';
import { Clock, processDue } from '../../../shared/index.js';
import { DeliveryFacade } from '../../delivery/index.js';
import { announceAccepted, announceRefill } from './announcements.js';
import { OrderStatusCache } from './order-status-cache.js';
import { Order, OrderStatus, ORDER_TRANSITIONS } from '../domain/order.entity.js';
import { Refill, RefillStatus } from '../domain/refill.entity.js';

/** What fulfilment needs of an order to place it upstream. */
export interface UpstreamOrder {
  id: number;
  status: OrderStatus;
  /** Null: fulfilled by hand (never the case for an order waiting to be placed). */
  providerId: number | null;
  /** The provider's service id. */
  service: string | null;
  link: string;
  quantity: number;
  type: ServiceType;
  comments: string | null;
}

/** What the status sync needs to tell whether a provider's report is news. */
export interface SyncedOrder {
  id: number;
  status: OrderStatus;
  amount: number;
  startCount: number | null;
  remains: number | null;
}

/** What fulfilment answers for a member's cancel it forwarded (null: try again at the next tick). */
export type CancelForwarding = { forwarded: true } | { refused: string } | null;

/** What fulfilment did with a refill: forwarded (the provider's refill id), refused, or try again at `retryAt`. */
export type RefillForwarding = { forwarded: string; checkAt: Date } | { rejected: string } | { retryAt: Date };
export type RefillReport =
  | { id: number; outcome: 'done' }
  | { id: number; outcome: 'rejected'; reason: string }
  | { id: number; outcome: 'open'; checkAt: Date };

/**
 * Ordering's side of fulfilment's work: the reads it needs and the state changes it asks for, each in
 * the caller's transaction where one is given. Fulfilment writes only its own tables.
 */
@Injectable()
export class OrderUpstream {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly delivery: DeliveryFacade,
    private readonly statuses: OrderStatusCache,
  ) {}

  /**
   * The provider accepted these orders: PENDING → PROCESSING in one statement; the ids that moved. The
   * rest were canceled (or moved by an operator) meanwhile: the caller takes their upstream orders back.
   */
  async acceptUpstream(tx: EntityManager, orderIds: number[], now: Date): Promise<number[]> {
    if (orderIds.length === 0) return [];
    ORDER_TRANSITIONS.assert(OrderStatus.PENDING, OrderStatus.PROCESSING);
    const rows = await tx.execute<Parameters<typeof announceAccepted>[2]>(
      `update service_order set status = 'PROCESSING', updated_at = ? where id in (?) and status = 'PENDING'
       returning id, member_id, point, refunded, start_count, remains, amount`,
      [now, orderIds],
    );
    const accepted = rows.map((r) => r.id);
    this.statuses.changed(tx, accepted);
    await announceAccepted(this.delivery, tx, rows);
    return accepted;
  }

  /**
   * A backup provider took these orders (failover): the order now names it, so its status, cancel and
   * refill go there. Only orders the provider accepted (PROCESSING) in this transaction; one statement.
   */
  async takenByBackup(
    tx: EntityManager,
    taken: { id: number; providerId: number; providerServiceId: string }[],
    now: Date,
  ): Promise<void> {
    if (taken.length === 0) return;
    await tx.execute(
      `update service_order o set provider_id = v.provider_id, provider_service_id = v.provider_service_id, updated_at = ?
       from jsonb_to_recordset(?::jsonb) as v(id int, provider_id int, provider_service_id varchar)
       where o.id = v.id and o.status = 'PROCESSING'`,
      [
        now,
        JSON.stringify(
          taken.map((t) => ({ id: t.id, provider_id: t.providerId, provider_service_id: t.providerServiceId })),
        ),
      ],
    );
  }

  /** One order as the sender needs it (locked when asked), or null. */
  async upstreamOrder(tx: EntityManager, orderId: number, lock = false): Promise<UpstreamOrder | null> {
    const order = await tx.findOne(Order, { id: orderId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!order) return null;
    return {
      id: order.id,
      status: order.status,
      providerId: order.providerId,
      service: order.providerServiceId,
      link: order.link,
      quantity: order.amount,
      type: order.serviceType,
      comments: order.comments,
    };
  }

  /** Of these orders, those still PENDING. */
  async pendingAmong(tx: EntityManager, orderIds: number[]): Promise<Set<number>> {
    if (orderIds.length === 0) return new Set();
    const rows = await tx.execute<{ id: number }[]>(
      `select id from service_order where id in (?) and status = 'PENDING'`,
      [orderIds],
    );
    return new Set(rows.map((r) => r.id));
  }

  async ordersForSync(orderIds: number[]): Promise<SyncedOrder[]> {
    if (orderIds.length === 0) return [];
    const rows = await this.em
      .fork()
      .find(Order, { id: { $in: orderIds } }, { fields: ['id', 'status', 'amount', 'startCount', 'remains'] });
    return rows.map((o) => ({
      id: o.id,
      status: o.status,
      amount: o.amount,
      startCount: o.startCount,
      remains: o.remains,
    }));
  }

  /** How many of the provider's orders have not ended (a provider with some cannot be deleted). */
  openOrdersOfProvider(tx: EntityManager, providerId: number): Promise<number> {
    const open = Object.values(OrderStatus).filter((s) => !ORDER_TRANSITIONS.isTerminal(s));
    return tx.count(Order, { providerId, status: { $in: open } });
  }

  /**
   * Members' cancels of running orders, claimed with processDue (FOR UPDATE SKIP LOCKED: replicas take disjoint sets) and
   * handed to `forward` one by one; its answer is recorded on the order in the same transaction.
   */
  async forwardCancels(
    limit: number,
    forward: (order: { id: number; providerId: number }) => Promise<CancelForwarding>,
  ): Promise<void> {
    await processDue(
      this.em,
      Order,
      {
        due: `cancel_requested_at is not null and cancel_forwarded_at is null and status in (?) and provider_id is not null`,
        params: [[OrderStatus.PROCESSING, OrderStatus.INPROGRESS]],
        order: 'cancel_requested_at, id',
        limit,
      },
      async (_tx, order) => {
        const answer = await forward({ id: order.id, providerId: order.providerId! });
        if (answer === null) return;
        const now = this.clock.now();
        if ('forwarded' in answer) order.cancelForwarded(now);
        else order.cancelRefused(answer.refused, now);
      },
    );
  }

  /** New refills due to be forwarded, claimed with processDue and handed to `forward` one by one. */
  async forwardRefills(
    limit: number,
    forward: (refill: { id: number; orderId: number; providerId: number }) => Promise<RefillForwarding>,
  ): Promise<void> {
    const now = this.clock.now();
    await processDue(
      this.em,
      Refill,
      {
        due: `status = ? and provider_id is not null and next_check_at <= ?`,
        params: [RefillStatus.PENDING, now],
        order: 'next_check_at, id',
        limit,
      },
      async (_tx, refill) => {
        const answer = await forward({ id: refill.id, orderId: refill.orderId, providerId: refill.providerId! });
        const at = this.clock.now();
        if ('forwarded' in answer) refill.markForwarded(answer.forwarded, answer.checkAt, at);
        else if ('rejected' in answer) refill.reject(answer.rejected, at);
        else refill.checkAgainAt(answer.retryAt, at);
      },
    );
  }

  /** Refills asked since `since` of orders placed with a provider: whose order, which provider, where they stand. */
  async refillsSince(since: Date): Promise<{ orderId: number; providerId: number; status: RefillStatus }[]> {
    const rows = await this.em
      .fork()
      .find(
        Refill,
        { createdAt: { $gte: since }, providerId: { $ne: null } },
        { fields: ['orderId', 'providerId', 'status'], orderBy: { id: 'ASC' } },
      );
    return rows.map((r) => ({ orderId: r.orderId, providerId: r.providerId!, status: r.status }));
  }

  /** Forwarded refills due for a status check. */
  async refillsToFollow(limit: number): Promise<{ id: number; providerId: number; providerRefillId: string }[]> {
    const due = await this.em
      .fork()
      .find(
        Refill,
        { status: RefillStatus.PROCESSING, nextCheckAt: { $lte: this.clock.now() } },
        { orderBy: { nextCheckAt: 'ASC', id: 'ASC' }, limit },
      );
    return due.map((r) => ({ id: r.id, providerId: r.providerId!, providerRefillId: r.providerRefillId! }));
  }

  /**
   * The provider's answers for forwarded refills, in one transaction: each row is changed only while
   * still PROCESSING, under its row lock (a status read twice by two replicas changes nothing twice).
   * The outcomes that took effect.
   */
  async settleRefills(reports: RefillReport[]): Promise<RefillReport[]> {
    if (reports.length === 0) return [];
    return this.em.fork().transactional(async (tx) => {
      const rows = new Map(
        (
          await tx.find(
            Refill,
            { id: { $in: reports.map((r) => r.id) }, status: RefillStatus.PROCESSING },
            { lockMode: LockMode.PESSIMISTIC_WRITE },
          )
        ).map((r) => [r.id, r]),
      );
      const applied: RefillReport[] = [];
      for (const report of reports) {
        const row = rows.get(report.id);
        if (!row) continue;
        const at = this.clock.now();
        if (report.outcome === 'done') row.complete(at);
        else if (report.outcome === 'rejected') row.reject(report.reason, at);
        else row.checkAgainAt(report.checkAt, at);
        if (report.outcome !== 'open') await announceRefill(this.delivery, tx, row);
        applied.push(report);
      }
      return applied;
    });
  }
}
