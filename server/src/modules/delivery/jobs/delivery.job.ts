import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { JobEngine } from '../../../shared/index.js';
import { DeliverySender } from '../application/delivery-sender.js';

/** Every second (JOBS on): send whatever is due, claim after claim until none is left. Tests call the sender. */
@Injectable()
export class DeliveryJob {
  constructor(
    private readonly sender: DeliverySender,
    private readonly jobs: JobEngine,
  ) {
    jobs.define('deliveries', () => this.sender.drain());
  }

  @Interval('deliveries', 1_000)
  tick(): Promise<void> {
    return this.jobs.tick('deliveries');
  }
}
