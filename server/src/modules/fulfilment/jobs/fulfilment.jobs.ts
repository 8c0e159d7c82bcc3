import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { JobEngine } from '../../../shared/index.js';
import { OrderSender } from '../application/order-sender.js';
import { OrderSync } from '../application/order-sync.js';
import { RefillSync } from '../application/refill-sync.js';
import { CancelForwarder } from '../application/cancel-forwarder.js';
import { SubscriptionSync } from '../application/subscription-sync.js';

/**
 * The ticks (only when JOBS is on: ScheduleModule is loaded only then). A tick only adds its keyed job;
 * the engine runs one at a time across replicas, and the row claims inside keep the work apart. Tests
 * call the services' runOnce().
 */
@Injectable()
export class FulfilmentJobs {
  constructor(
    private readonly jobs: JobEngine,
    sender: OrderSender,
    sync: OrderSync,
    refills: RefillSync,
    cancels: CancelForwarder,
    subscriptions: SubscriptionSync,
  ) {
    jobs.define('fulfilment.subscriptions', () => subscriptions.runOnce());
    jobs.define('fulfilment.cancels', () => cancels.runOnce());
    jobs.define('fulfilment.refills', () => refills.runOnce());
    // Dispatch stays at most once by its own write-ahead CLAIMED record, not by the engine: a tick is never retried.
    jobs.define('fulfilment.send', () => sender.runOnce());
    jobs.define('fulfilment.sync', () => sync.runOnce());
  }

  /** Members' subscriptions: sent upstream, then followed for new posts and their end. */
  @Interval('fulfilment.subscriptions', 10_000)
  followSubscriptions(): Promise<void> {
    return this.jobs.tick('fulfilment.subscriptions');
  }

  /** Members' cancels of running orders: forwarded to the provider's cancel. */
  @Interval('fulfilment.cancels', 5_000)
  forwardCancels(): Promise<void> {
    return this.jobs.tick('fulfilment.cancels');
  }

  /** Members' refills: forwarded to the provider, then followed with refill_status. */
  @Interval('fulfilment.refills', 10_000)
  followRefills(): Promise<void> {
    return this.jobs.tick('fulfilment.refills');
  }

  /** Often: when idle a run is one cheap claim that finds nothing; a run started just now goes out within half a second. */
  @Interval('fulfilment.send', 500)
  send(): Promise<void> {
    return this.jobs.tick('fulfilment.send');
  }

  @Interval('fulfilment.sync', 5_000)
  poll(): Promise<void> {
    return this.jobs.tick('fulfilment.sync');
  }
}
