import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { TicketSummary } from '../../../../../contracts/index.js';
import { Ticket } from '../../../domain/ticket.entity.js';
import { summary } from '../../ticket-desk.js';

/** The member's 1:1 문의 list, latest first. */
@Injectable()
export class ListMemberTickets {
  constructor(private readonly em: EntityManager) {}

  async execute(memberId: number): Promise<TicketSummary<Date>[]> {
    const rows = await this.em
      .fork()
      .find(Ticket, { memberId }, { orderBy: { lastMessageAt: 'DESC', id: 'DESC' }, limit: 200 });
    return rows.map(summary);
  }
}
