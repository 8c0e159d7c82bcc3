import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { CatalogFacade } from '../../catalog/index.js';
import { Clock, JobEngine, lockDue, processDue, type EntityDue } from '../../../shared/index.js';
import { OrderCommands } from '../application/order-commands.service.js';
import { AutoOrder, AutoOrderStatus } from '../domain/auto-order.entity.js';
import { Order } from '../domain/order.entity.js';
import { insertOrders } from '../application/order-row.js';

const BATCH = 50;
/** Due auto-orders started together in one transaction (one insert of their runs, one update of them). */
const BULK = 500;

/** Active auto-orders whose next run has come, the earliest first. */
const dueRuns = (now: Date, limit: number): EntityDue => ({
  due: `status = ? and next_run_at <= ?`,
  params: [AutoOrderStatus.ACTIVE, now],
  order: 'next_run_at, id',
  limit,
});

/**
 * Starts every due auto-order run as a child Order (no new debit: the run's share of what was paid up
 * front). Due auto-orders are claimed FOR UPDATE SKIP LOCKED (lockDue), so any number of runners (ticks, replicas)
 * never start the same run twice. An auto-order whose service was hidden or made read-only (주문불가) is
 * stopped instead (PARTIAL) and its remaining runs refunded.
 */
@Injectable()
export class AutoOrderRunsJob {
  private readonly logger = new Logger('AutoOrderRuns');

  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly commands: OrderCommands,
    private readonly clock: Clock,
    private readonly jobs: JobEngine,
  ) {
    // Runs that fell due while no server was up start at once, not a tick later.
    jobs.define('auto-order-runs', () => this.runOnce(), { atStart: true });
  }

  @Interval('auto-order-runs', 2_000)
  tick(): Promise<void> {
    return this.jobs.tick('auto-order-runs');
  }

  /** Starts the runs due now, batch after batch; returns how many were started. */
  async runOnce(): Promise<number> {
    let started = 0;
    for (;;) {
      const bulk = await this.startBulk().catch((error: unknown) => {
        // One bad row spoils a bulk batch: this round goes row by row (each in its own savepoint).
        this.logger.warn(
          `bulk start failed, going row by row: ${error instanceof Error ? error.message : String(error)}`,
        );
        return null;
      });
      if (bulk === null) break;
      started += bulk.started;
      if (bulk.claimed < BULK) return started;
    }
    for (;;) {
      const now = this.clock.now();
      const { handled, failed } = await processDue(this.em, AutoOrder, dueRuns(now, BATCH), async (tx, auto) => {
        const service = await this.catalog.getService(auto.serviceId);
        if (!service?.visible || service.isReadOnly) return this.commands.stopAutoOrder(tx, auto);
        tx.persist(Order.startRunOf(auto, service, now));
      });
      started += handled;
      if (handled === 0 || handled + failed < BATCH) return started;
    }
  }

  /**
   * Claims up to BULK due auto-orders (FOR UPDATE SKIP LOCKED: replicas take disjoint sets) and starts
   * their runs in one transaction (one insert of the runs); those whose service is no longer orderable are stopped and refunded.
   */
  private startBulk(): Promise<{ claimed: number; started: number }> {
    return this.em.fork().transactional(async (tx) => {
      const now = this.clock.now();
      const due = await lockDue(tx, AutoOrder, dueRuns(now, BULK));
      const runs: Order[] = [];
      for (const auto of due) {
        const service = await this.catalog.getService(auto.serviceId);
        if (!service?.visible || service.isReadOnly) {
          await this.commands.stopAutoOrder(tx, auto);
          continue;
        }
        runs.push(Order.startRunOf(auto, service, now));
      }
      // The runs in one hand-written insert (the ORM's unit of work is slow for hundreds of new rows); the auto-orders it flushes.
      await insertOrders(tx, runs);
      await tx.flush();
      return { claimed: due.length, started: runs.length };
    });
  }
}
