import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { orderCommands } from '../../../../../contracts/index.js';
import { IdentityFacade } from '../../../../identity/index.js';
import { OrderingFacade } from '../../../../ordering/index.js';
import { Ticket } from '../../../domain/ticket.entity.js';
import { TicketMessage } from '../../../domain/ticket-message.entity.js';
import { findTicket, messageView, summary, type OperatorTicketView } from '../../ticket-desk.js';

/** The console's ticket page; opening it marks it read. */
@Injectable()
export class GetOperatorTicket {
  constructor(
    private readonly em: EntityManager,
    private readonly ordering: OrderingFacade,
    private readonly identity: IdentityFacade,
  ) {}

  async execute(id: number, markRead = true): Promise<OperatorTicketView> {
    const em = this.em.fork();
    const ticket = await findTicket(em, { id });
    if (markRead && ticket.unread) {
      await em.nativeUpdate(Ticket, { id }, { unread: false });
      ticket.unread = false;
    }
    const [messages, orders, contact, rows] = await Promise.all([
      em.find(TicketMessage, { ticketId: id }, { orderBy: { id: 'ASC' } }),
      this.ordering.orderViewsForMember(ticket.memberId, ticket.orderIds),
      this.identity.contactOf(ticket.memberId),
      this.ordering.ordersForMember(ticket.memberId, ticket.orderIds),
    ]);
    const facts = new Map(rows.map((o) => [o.id, o]));
    return {
      ...summary(ticket),
      memberId: ticket.memberId,
      loginId: contact?.loginId ?? null,
      assigneeId: ticket.assigneeId,
      unread: ticket.unread,
      waitingSince: ticket.waitingSince,
      messages: messages.map(messageView),
      orders: orders.map((o) => {
        const order = facts.get(o.id)!;
        return {
          ...o,
          commands: orderCommands({ status: order.status, providerId: order.providerId, providerOrderId: null }),
        };
      }),
    };
  }
}
