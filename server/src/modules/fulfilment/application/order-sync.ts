import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OrderingFacade, OrderStatus, ORDER_TRANSITIONS, type UpstreamReport } from '../../ordering/index.js';
import { Clock, Lease, takeDue, type Take } from '../../../shared/index.js';
import { Provider } from '../domain/provider.entity.js';
import type { UpstreamStatusResult } from '../domain/upstream-protocol.js';
import { chunk, groupBy, mapLimit } from './concurrency.js';
import {
  DISPATCH_TRANSITIONS,
  DispatchStatus,
  OrderDispatch,
  POLLED_DISPATCH_STATUSES,
  statusList,
  UNCERTAIN_MARK,
} from '../domain/order-dispatch.entity.js';
import { SmmClient, STATUS_BATCH } from './smm-client.js';
import { AlertsFacade } from '../../alerts/index.js';
import { chargeInWon } from '../domain/cost.js';

const { SENT, FLAGGED, FINISHED } = DispatchStatus;
/** The states the sync moves many records out of at once (the entity's table says which may). */
const POLLED = statusList(POLLED_DISPATCH_STATUSES);

/** An order is asked about at most this often: a poll leases it (last_synced_at) for this long. */
const SYNC_LEASE = Lease.seconds(20);
export const SYNC_SPACING_MS = SYNC_LEASE.ms;
const LEASE_BATCH = 1000;

/** Placed, unfinished dispatch records not polled within the lease, the longest waiting first. */
const duePolls = (limit: number): Take => ({
  table: 'order_dispatch',
  key: 'order_id',
  due: `status in (${POLLED})`,
  order: 'last_synced_at nulls first, order_id',
  limit,
  lease: { column: 'last_synced_at', lease: SYNC_LEASE, holds: 'since', free: 'ended-or-null' },
  returning: 'order_id, provider_id, provider_order_id',
});
/** Status requests in flight at once, per provider. */
const PER_PROVIDER = 4;
/** Reports applied together in one transaction: the orders locked in one statement, their members told in two. */
const APPLY_BATCH = 100;
/** Batches applied at once (a few of the pool's connections). */
const APPLY_CONCURRENCY = 4;

/** An order as leased: enough to ask about it and to tell whether the answer is news. */
interface Polled {
  id: number;
  providerId: number;
  providerOrderId: string;
  status: OrderStatus;
  amount: number;
  startCount: number | null;
  remains: number | null;
}

/** What an operator reads on an order the provider said something unmappable about. */
const checkNote = (error: string) =>
  `${UNCERTAIN_MARK} 공급사 상태 확인 필요: ${error}. 공급사 패널에서 주문을 확인한 뒤 상태를 직접 처리하세요.`;

/** Whether a report would change the order (most polls of a running order say nothing new). */
function reportsNews(order: Polled, report: UpstreamReport): boolean {
  return (
    report.status !== order.status ||
    (report.startCount !== null && report.startCount !== order.startCount) ||
    (report.remains !== null && report.remains !== order.remains)
  );
}

export interface SyncStats {
  /** Orders asked about. */
  polled: number;
  /** Status requests sent (each for up to 100 orders). */
  requests: number;
  /** Orders whose status moved. */
  moved: number;
  /** Orders the provider had no usable answer for (error entry, unknown status, failed request). */
  errors: number;
  /** Orders newly FLAGGED [확인 필요] (a status word we cannot map, an id the provider does not know). */
  flagged: number;
}

/**
 * Polls in-progress orders upstream and applies what the provider says through ordering's state
 * machine (OrderingFacade.applyUpstream: transitions, PARTIAL/CANCELED refunds, exactly once).
 *
 * A tick leases due orders first (their dispatch record's lastSyncedAt := now, committed, FOR UPDATE
 * SKIP LOCKED), so
 * replicas split the work and an order is asked about at most every SYNC_SPACING_MS however often
 * ticks come; then asks each provider in `orders=` batches of ≤ 100, a few requests at a time;
 * then applies the news APPLY_BATCH orders a transaction, a few batches at a time (answers that
 * repeat what the order already says are skipped; a batch that fails is applied again order by order). A failed request just leaves the orders for a later
 * tick. Orders of disabled providers are still followed: they were placed and must finish.
 */
@Injectable()
export class OrderSync {
  private readonly logger = new Logger('OrderSync');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly client: SmmClient,
    private readonly ordering: OrderingFacade,
    private readonly alerts: AlertsFacade,
  ) {}

  async runOnce(maxOrders = 5000): Promise<SyncStats> {
    const stats: SyncStats = { polled: 0, requests: 0, moved: 0, errors: 0, flagged: 0 };
    const polled = await this.lease(maxOrders);
    if (polled.length === 0) return stats;
    stats.polled = polled.length;
    const news: { order: Polled; report: UpstreamReport }[] = [];
    const checks: { order: Polled; note: string }[] = [];
    const charges: { order_id: number; cost: string }[] = [];
    const providers = new Map(
      (await this.em.fork().find(Provider, { id: { $in: [...new Set(polled.map((p) => p.providerId))] } })).map((p) => [
        p.id,
        p,
      ]),
    );
    const byProvider = groupBy(polled, (order) => order.providerId);
    await Promise.all(
      [...byProvider].map(([providerId, orders]) =>
        mapLimit(chunk(orders, STATUS_BATCH), PER_PROVIDER, async (batch) => {
          const provider = providers.get(providerId);
          let answers: Map<string, UpstreamStatusResult>;
          try {
            if (!provider) throw new Error('provider deleted');
            stats.requests++;
            answers = await this.client.status(
              provider,
              batch.map((o) => o.providerOrderId),
            );
          } catch (error) {
            stats.errors += batch.length;
            this.logger.warn(`provider ${providerId}: ${(error as Error).message}`);
            return;
          }
          for (const order of batch) {
            const answer = answers.get(order.providerOrderId)!;
            if (!answer.ok) {
              // Left where it is and asked again at the next poll; an answer an operator must see flags it.
              stats.errors++;
              if (answer.check) checks.push({ order, note: checkNote(answer.error) });
              continue;
            }
            const { reportedRemains } = answer.state;
            const remains = answer.state.remains === null ? null : Math.min(answer.state.remains, order.amount);
            if (reportedRemains !== null && (reportedRemains < 0 || reportedRemains > order.amount)) {
              this.logger.warn(
                `order ${order.id}: provider ${providerId} reported remains ${reportedRemains} of ${order.amount}; read as ${remains}`,
              );
            }
            if (answer.state.charge !== null && provider)
              charges.push({ order_id: order.id, cost: chargeInWon(answer.state.charge, provider.currencyRate) });
            const report = { status: OrderStatus[answer.state.status], startCount: answer.state.startCount, remains };
            if (reportsNews(order, report)) news.push({ order, report });
          }
        }),
      ),
    );
    await mapLimit(checks, APPLY_CONCURRENCY, async ({ order, note }) => {
      try {
        const flagged = await this.em.fork().transactional(async (tx) => {
          // The order's row lock keeps a report being applied meanwhile from crossing the flag.
          const current = await this.ordering.upstreamOrder(tx, order.id, true);
          if (!current || ORDER_TRANSITIONS.isTerminal(current.status)) return false;
          const record = await tx.findOneOrFail(OrderDispatch, { id: order.id });
          return record.flag(note, this.clock.now());
        });
        if (flagged) {
          stats.flagged++;
          this.logger.warn(`order ${order.id}: ${note}`);
          await this.alerts.raise('ORDER_CHECK', `주문 #${order.id} 확인 필요: ${note}`, `order-check:${order.id}`);
        }
      } catch (error) {
        this.logger.warn(`order ${order.id}: ${(error as Error).message}`);
      }
    });
    const moved: number[] = [];
    const ended: number[] = [];
    const started: number[] = [];
    const applied = (order: Polled, result: { order: { status: OrderStatus }; changed: boolean }) => {
      if (result.changed) {
        stats.moved++;
        moved.push(order.id);
      }
      if (ORDER_TRANSITIONS.isTerminal(result.order.status)) ended.push(order.id);
      if (result.changed && order.status === OrderStatus.PROCESSING && result.order.status !== OrderStatus.CANCELED)
        started.push(order.id);
    };
    // APPLY_BATCH orders a transaction; a batch that fails is applied again order by order, so one bad order stops only itself.
    await mapLimit(chunk(news, APPLY_BATCH), APPLY_CONCURRENCY, async (batch) => {
      try {
        const results = await this.em.fork().transactional((tx) =>
          this.ordering.applyUpstreamMany(
            tx,
            batch.map(({ order, report }) => ({ orderId: order.id, report })),
          ),
        );
        batch.forEach(({ order }, i) => applied(order, results[i]!));
        return;
      } catch (error) {
        if (batch.length === 1) {
          stats.errors++;
          this.logger.warn(`order ${batch[0]!.order.id}: ${(error as Error).message}`);
          return;
        }
      }
      for (const { order, report } of batch) {
        try {
          applied(order, await this.em.fork().transactional((tx) => this.ordering.applyUpstream(tx, order.id, report)));
        } catch (error) {
          stats.errors++;
          this.logger.warn(`order ${order.id}: ${(error as Error).message}`);
        }
      }
    });
    await this.settle(moved, ended);
    await this.recordCharges(charges);
    if (started.length > 0)
      await this.em
        .fork()
        .execute(`update order_dispatch set started_at = ? where order_id in (?) and started_at is null`, [
          this.clock.now(),
          started,
        ]);
    return stats;
  }

  /**
   * The records of orders the provider moved: a status that moved the order settles an earlier flag
   * (FLAGGED → SENT); an order that ended is not polled again (→ FINISHED). Two statements for the whole tick.
   */
  private async settle(moved: number[], ended: number[]): Promise<void> {
    const em = this.em.fork();
    const now = this.clock.now();
    if (moved.length > 0) {
      DISPATCH_TRANSITIONS.assert(FLAGGED, SENT);
      await em.execute(
        `update order_dispatch set status = '${SENT}', last_error = null, updated_at = ? where order_id in (?) and status = '${FLAGGED}'`,
        [now, moved],
      );
    }
    if (ended.length > 0)
      await em.execute(
        `update order_dispatch set status = '${FINISHED}', finished_at = ?, updated_at = ? where order_id in (?) and status in (${POLLED})`,
        [now, now, ended],
      );
  }

  /**
   * The provider's `charge` replaces the expected cost (it already counts partials and cancels): one
   * statement for the whole tick, writing only what changed.
   */
  private async recordCharges(charges: { order_id: number; cost: string }[]): Promise<void> {
    if (charges.length === 0) return;
    await this.em.fork().execute(
      `update order_dispatch d set charge_cost = v.cost from jsonb_to_recordset(?::jsonb) as v(order_id int, cost numeric)
         where d.order_id = v.order_id and d.charge_cost is distinct from v.cost`,
      [JSON.stringify(charges)],
    );
  }

  /**
   * Takes the orders due for a poll and stamps them, so no other tick or replica asks about them now:
   * the due records are taken (takeDue: FOR UPDATE SKIP LOCKED) and stamped in one
   * statement per batch. Orders that ended meanwhile (an operator's command) are marked finished instead.
   */
  private async lease(limit: number): Promise<Polled[]> {
    const now = this.clock.now();
    const polled: Polled[] = [];
    while (polled.length < limit) {
      const rows = await takeDue<{ order_id: number; provider_id: number; provider_order_id: string }>(
        this.em.fork(),
        duePolls(Math.min(LEASE_BATCH, limit - polled.length)),
        now,
      );
      if (rows.length === 0) break;
      const orders = new Map((await this.ordering.ordersForSync(rows.map((r) => r.order_id))).map((o) => [o.id, o]));
      const ended: number[] = [];
      for (const row of rows) {
        const order = orders.get(row.order_id);
        if (!order || ORDER_TRANSITIONS.isTerminal(order.status) || order.status === OrderStatus.PENDING) {
          ended.push(row.order_id);
          continue;
        }
        polled.push({
          id: order.id,
          providerId: row.provider_id,
          providerOrderId: row.provider_order_id,
          status: order.status,
          amount: order.amount,
          startCount: order.startCount,
          remains: order.remains,
        });
      }
      await this.settle([], ended);
    }
    return polled;
  }
}
