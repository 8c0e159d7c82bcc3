import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { SingleFlight } from '../../../shared/index.js';
import { OrderSender } from '../application/order-sender.js';
import { OrderSync } from '../application/order-sync.js';
import { RefillSync } from '../application/refill-sync.js';
import { CancelForwarder } from '../application/cancel-forwarder.js';
import { SubscriptionSync } from '../application/subscription-sync.js';

/**
 * The ticks (only when JOBS is on: ScheduleModule is loaded only then). Each interval runs one tick at
 * a time in this process; the row claims keep replicas apart. Tests call the services' runOnce().
 */
@Injectable()
export class FulfilmentJobs {
  private readonly sending = new SingleFlight();
  private readonly syncing = new SingleFlight();
  private readonly refilling = new SingleFlight();
  private readonly canceling = new SingleFlight();
  private readonly subscribing = new SingleFlight();

  constructor(
    private readonly sender: OrderSender,
    private readonly sync: OrderSync,
    private readonly refills: RefillSync,
    private readonly cancels: CancelForwarder,
    private readonly subscriptions: SubscriptionSync,
  ) {}

  /** Members' subscriptions: sent upstream, then followed for new posts and their end. */
  @Interval('fulfilment.subscriptions', 10_000)
  followSubscriptions(): Promise<unknown> {
    return this.subscribing.run(() => this.subscriptions.runOnce());
  }

  /** Members' cancels of running orders: forwarded to the provider's cancel. */
  @Interval('fulfilment.cancels', 5_000)
  forwardCancels(): Promise<unknown> {
    return this.canceling.run(() => this.cancels.runOnce());
  }

  /** Members' refills: forwarded to the provider, then followed with refill_status. */
  @Interval('fulfilment.refills', 10_000)
  followRefills(): Promise<unknown> {
    return this.refilling.run(() => this.refills.runOnce());
  }

  /** Often: when idle a tick is one cheap claim that finds nothing; a run started just now goes out within half a second. */
  @Interval('fulfilment.send', 500)
  send(): Promise<unknown> {
    return this.sending.run(() => this.sender.runOnce());
  }

  @Interval('fulfilment.sync', 5_000)
  poll(): Promise<unknown> {
    return this.syncing.run(() => this.sync.runOnce());
  }
}
