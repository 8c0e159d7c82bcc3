import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { CatalogFacade } from '../../catalog/index.js';
import { claimAndProcess, Clock, SingleFlight } from '../../../shared/index.js';
import { OrderCommands } from '../application/order-commands.service.js';
import { AutoOrder, AutoOrderStatus } from '../domain/auto-order.entity.js';
import { Order } from '../domain/order.entity.js';

const BATCH = 50;

/**
 * Starts every due auto-order run as a child Order (no new debit: the run's share of what was paid up
 * front). Due auto-orders are claimed FOR UPDATE SKIP LOCKED, so any number of runners (ticks, replicas)
 * never start the same run twice. An auto-order whose service was hidden or made read-only (주문불가) is
 * stopped instead (PARTIAL) and its remaining runs refunded.
 */
@Injectable()
export class AutoOrderRunsJob {
  private readonly flight = new SingleFlight();

  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly commands: OrderCommands,
    private readonly clock: Clock,
  ) {}

  @Interval('auto-order-runs', 10_000)
  tick(): Promise<unknown> {
    return this.flight.run(() => this.runOnce());
  }

  /** Starts the runs due now, batch after batch; returns how many were started. */
  async runOnce(): Promise<number> {
    let started = 0;
    for (;;) {
      const now = this.clock.now();
      const { handled, failed } = await claimAndProcess(
        this.em,
        AutoOrder,
        { where: { status: AutoOrderStatus.ACTIVE, nextRunAt: { $lte: now } }, orderBy: { nextRunAt: 'ASC', id: 'ASC' }, limit: BATCH },
        async (tx, auto) => {
          const service = await this.catalog.getService(auto.serviceId);
          if (!service?.visible || service.isReadOnly) return this.commands.stopAutoOrder(tx, auto);
          tx.persist(Order.startRunOf(auto, service, now));
        },
      );
      started += handled;
      if (handled === 0 || handled + failed < BATCH) return started;
    }
  }
}
