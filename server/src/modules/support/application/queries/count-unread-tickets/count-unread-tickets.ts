import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Ticket, TicketStatus } from '../../../domain/ticket.entity.js';

/** Tickets a member wrote to that no operator has opened since (the menu's badge), and all waiting for the shop. */
@Injectable()
export class CountUnreadTickets {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<{ count: number; open: number }> {
    const em = this.em.fork();
    const [count, open] = await Promise.all([
      em.count(Ticket, { unread: true, status: TicketStatus.OPEN }),
      em.count(Ticket, { status: TicketStatus.OPEN }),
    ]);
    return { count, open };
  }
}
