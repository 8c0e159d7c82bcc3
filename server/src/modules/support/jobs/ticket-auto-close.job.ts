import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { SingleFlight } from '../../../shared/index.js';
import { Tickets } from '../application/tickets.service.js';

/** Hourly: ANSWERED tickets the member has not replied to for 7 days close (through the ticket's transition table). */
@Injectable()
export class TicketAutoCloseJob {
  private readonly flight = new SingleFlight();

  constructor(private readonly tickets: Tickets) {}

  @Interval(3600_000)
  tick(): Promise<unknown> {
    return this.flight.run(() => this.runOnce());
  }

  runOnce(): Promise<number[]> {
    return this.tickets.closeStale();
  }
}
