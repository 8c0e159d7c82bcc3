import { Injectable } from '@nestjs/common';
import type { EventArgs, EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { executePrepared, ShortRowCache, TurnBatches } from '../../../shared/index.js';
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

/** Most order ids one status read asks PostgreSQL for (a hundred tools' polls). */
const MAX_IDS_PER_READ = 10_000;

interface StatusRow {
  id: number;
  member_id: number;
  status: OrderStatus;
  point: string;
  refunded: string;
  start_count: number | null;
  remains: number | null;
  amount: number;
  auto_order_id: number | null;
  run_number: number | null;
}

const kept = (r: StatusRow): Kept => ({
  memberId: r.member_id,
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
});

/** A poll's missing orders, waiting for this turn's read. */
interface StatusRead {
  memberId: number;
  ids: number[];
  resolve: (rows: Map<number, Kept>) => void;
  reject: (error: unknown) => void;
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
  /** Status reads asked in one turn (tools polling at once): one statement for all their members. */
  private readonly reads = new TurnBatches<null, StatusRead>(
    (_, asked) => this.readTogether(asked),
    (ask, error) => ask.reject(error),
  );
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

  /** The member's orders among `missing` (those not kept), from PostgreSQL, read with this turn's others. */
  private read(memberId: number, missing: number[]): Promise<Map<number, Kept>> {
    return new Promise((resolve, reject) => this.reads.add(null, { memberId, ids: missing, resolve, reject }));
  }

  /** One statement for the polls of a turn (up to {@link MAX_IDS_PER_READ} ids): each gets its member's rows. */
  private async readTogether(asked: StatusRead[]): Promise<void> {
    const statements: StatusRead[][] = [[]];
    let ids = 0;
    for (const ask of asked) {
      if (ids + ask.ids.length > MAX_IDS_PER_READ && ids > 0) {
        statements.push([]);
        ids = 0;
      }
      statements.at(-1)!.push(ask);
      ids += ask.ids.length;
    }
    await Promise.all(
      statements.map(async (statement) => {
        // A fork: the read runs on its own, never in a transaction of the poll that opened the turn.
        const rows = await executePrepared<StatusRow>(
          this.em.fork(),
          `select id, member_id, status, point, refunded, start_count, remains, amount, auto_order_id, run_number
           from service_order where id = any(?::int[])`,
          [`{${[...new Set(statement.flatMap((a) => a.ids))].join(',')}}`],
        ).catch((error: unknown) => {
          statement.forEach((ask) => ask.reject(error));
          return null;
        });
        if (!rows) return;
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const ask of statement) {
          const mine = new Map<number, Kept>();
          for (const id of ask.ids) {
            const r = byId.get(id);
            // Another member's order reads as absent.
            if (r && r.member_id === ask.memberId) mine.set(id, kept(r));
          }
          ask.resolve(mine);
        }
      }),
    );
  }
}
