import { Injectable } from '@nestjs/common';
import type { EventArgs, EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { executePrepared, ShortRowCache } from '../../../shared/index.js';
import { Order, type OrderStatus } from '../domain/order.entity.js';

/** What a status poll reads of an order: plain values, no entity (a tool polls 100 at a time, twice a second). */
export type OrderStatusView = Pick<
  Order,
  'id' | 'status' | 'point' | 'refunded' | 'startCount' | 'remains' | 'amount' | 'autoOrderId' | 'runNumber'
>;

/** How long a process keeps an order's status for polls: as long as it keeps sessions, services and prices. */
const STATUS_CACHE_MS = 2_000;

const statusView = (id: number, order: Omit<OrderStatusView, 'id'>): OrderStatusView => ({
  id,
  status: order.status,
  point: order.point,
  refunded: order.refunded,
  startCount: order.startCount,
  remains: order.remains,
  amount: order.amount,
  autoOrderId: order.autoOrderId,
  runNumber: order.runNumber,
});

interface Kept {
  memberId: number;
  view: OrderStatusView;
}

/**
 * The status a reseller's tool polls (v2 `status` of up to 100 orders, twice a second per tool), kept up to
 * 2 s in this process so most polls read nothing from PostgreSQL: a member's orders are kept until the end of
 * the member's 2 s window, so one read every 2 s renews all of a tool's orders. Every write to an order in this
 * process forgets it: an entity update (this subscriber), and ordering's own statements ({@link changed}),
 * again after their transaction commits so a poll in between cannot keep the row as it was. Another
 * replica's change shows within 2 s.
 */
@Injectable()
export class OrderStatusCache implements EventSubscriber<Order> {
  private readonly rows = new ShortRowCache<number, Kept>(STATUS_CACHE_MS);
  /** Orders written in a transaction still open, by its EntityManager: forgotten again when it commits. */
  private readonly open = new WeakMap<object, Set<number>>();

  constructor(private readonly em: EntityManager) {
    em.getEventManager().registerSubscriber(this);
  }

  getSubscribedEntities() {
    return [Order];
  }

  afterUpdate(args: EventArgs<Order>): void {
    this.changed(args.em, [args.entity.id]);
  }

  afterDelete(args: EventArgs<Order>): void {
    this.changed(args.em, [args.entity.id]);
  }

  afterTransactionCommit(args: TransactionEventArgs): void {
    const ids = this.open.get(args.em);
    if (!ids) return;
    this.open.delete(args.em);
    this.rows.forget(ids);
  }

  /** These orders were written through `em` (in a transaction or not): forgotten now, and again at its commit. */
  changed(em: object, ids: readonly number[]): void {
    if (ids.length === 0) return;
    this.rows.forget(ids);
    const open = this.open.get(em) ?? new Set<number>();
    for (const id of ids) open.add(id);
    this.open.set(em, open);
  }

  /** Call before placing an order: {@link placed} keeps it only if no order was forgotten meanwhile. */
  mark(): number {
    return this.rows.mark();
  }

  /** An order this process has just inserted (`id` its new id): the tool's next poll reads nothing. */
  placed(mark: number, id: number, order: Order): void {
    this.rows.put(id, { memberId: order.memberId, view: statusView(id, order) }, mark, order.memberId);
  }

  /** The member's own orders among `ids` (another member's id reads as absent), in id order. */
  async statusesOf(memberId: number, ids: readonly number[]): Promise<OrderStatusView[]> {
    const mine = await this.rows.getMany(ids, (missing) => this.read(memberId, missing), memberId);
    return [...new Set(ids)]
      .sort((a, b) => a - b)
      .flatMap((id) => {
        const kept = mine.get(id);
        return kept && kept.memberId === memberId ? [kept.view] : [];
      });
  }

  /** The member's orders among `missing` (those not kept), from PostgreSQL. */
  private async read(memberId: number, missing: number[]): Promise<Map<number, Kept>> {
    const rows = await executePrepared<{
      id: number;
      status: OrderStatus;
      point: string;
      refunded: string;
      start_count: number | null;
      remains: number | null;
      amount: number;
      auto_order_id: number | null;
      run_number: number | null;
    }>(
      this.em,
      `select id, status, point, refunded, start_count, remains, amount, auto_order_id, run_number
       from service_order where member_id = ? and id = any(?::int[])`,
      [memberId, `{${missing.join(',')}}`],
    );
    return new Map(
      rows.map((r) => [
        r.id,
        {
          memberId,
          view: statusView(r.id, {
            status: r.status,
            point: BigInt(r.point),
            refunded: BigInt(r.refunded),
            startCount: r.start_count,
            remains: r.remains,
            amount: r.amount,
            autoOrderId: r.auto_order_id,
            runNumber: r.run_number,
          }),
        },
      ]),
    );
  }
}
