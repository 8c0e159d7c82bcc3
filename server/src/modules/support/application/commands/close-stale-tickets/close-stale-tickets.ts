import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { TICKET_LIMITS } from '../../../../../contracts/index.js';
import { Clock } from '../../../../../shared/index.js';
import { Ticket, TicketStatus } from '../../../domain/ticket.entity.js';

const DAY_MS = 86_400_000;

/** ANSWERED tickets the member left unanswered for 7 days close (the job); the ids closed. */
@Injectable()
export class CloseStaleTickets {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<number[]> {
    const before = new Date(this.clock.now().getTime() - TICKET_LIMITS.autoCloseDays * DAY_MS);
    return this.em.fork().transactional(async (tx) => {
      const stale = await tx.find(
        Ticket,
        { status: TicketStatus.ANSWERED, answeredAt: { $lte: before } },
        { limit: 500 },
      );
      const now = this.clock.now();
      for (const ticket of stale) ticket.close(now);
      return stale.map((t) => t.id);
    });
  }
}
