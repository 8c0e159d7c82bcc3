import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { JobEngine } from '../../../shared/index.js';
import { CloseStaleTickets } from '../application/commands/close-stale-tickets/close-stale-tickets.js';

/** Hourly: ANSWERED tickets the member has not replied to for 7 days close (through the ticket's transition table). */
@Injectable()
export class TicketAutoCloseJob {
  constructor(
    private readonly closeStale: CloseStaleTickets,
    private readonly jobs: JobEngine,
  ) {
    jobs.define('ticket-auto-close', () => this.runOnce());
  }

  @Interval('ticket-auto-close', 3600_000)
  tick(): Promise<void> {
    return this.jobs.tick('ticket-auto-close');
  }

  runOnce(): Promise<number[]> {
    return this.closeStale.execute();
  }
}
