import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { SingleFlight } from '../../../shared/index.js';
import { DeliverySender } from '../application/delivery-sender.js';

/** Every second (JOBS on): send whatever is due, claim after claim until none is left. Tests call the sender. */
@Injectable()
export class DeliveryJob {
  private readonly flight = new SingleFlight();

  constructor(private readonly sender: DeliverySender) {}

  @Interval('deliveries', 1_000)
  tick(): Promise<unknown> {
    return this.flight.run(() => this.sender.drain());
  }
}
