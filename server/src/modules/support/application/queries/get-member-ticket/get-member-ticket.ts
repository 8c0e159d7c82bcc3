import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { TicketView } from '../../../../../contracts/index.js';
import { OrderingFacade } from '../../../../ordering/index.js';
import { TicketMessage } from '../../../domain/ticket-message.entity.js';
import { findTicket, messageView, summary } from '../../ticket-desk.js';

/** The member's own ticket: the thread without the operators' notes, and the linked orders. */
@Injectable()
export class GetMemberTicket {
  constructor(
    private readonly em: EntityManager,
    private readonly ordering: OrderingFacade,
  ) {}

  async execute(memberId: number, id: number): Promise<TicketView<Date>> {
    const em = this.em.fork();
    const ticket = await findTicket(em, { id, memberId });
    const [messages, orders] = await Promise.all([
      em.find(TicketMessage, { ticketId: id, internal: false }, { orderBy: { id: 'ASC' } }),
      this.ordering.orderViewsForMember(memberId, ticket.orderIds),
    ]);
    return { ...summary(ticket), messages: messages.map(messageView), orders };
  }
}
