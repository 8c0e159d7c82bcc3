import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../../../audit/index.js';
import { OrderingFacade } from '../../../../ordering/index.js';
import { Clock, NotFoundError } from '../../../../../shared/index.js';
import { findTicket, refillLine, systemMessage, type OperatorTicketView } from '../../ticket-desk.js';
import { GetOperatorTicket } from '../../queries/get-operator-ticket/get-operator-ticket.js';

/** An operator asks ordering for the refill of a linked order for the member (the member's rules apply); the outcome joins the thread. */
@Injectable()
export class RefillTicketOrder {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly ordering: OrderingFacade,
    private readonly audit: AuditFacade,
    private readonly operatorTicket: GetOperatorTicket,
  ) {}

  async execute(id: number, orderId: number, actor: AuditActor): Promise<OperatorTicketView> {
    const ticket = await findTicket(this.em.fork(), { id });
    if (!ticket.orderIds.includes(orderId)) throw new NotFoundError('TICKET_ORDER_NOT_LINKED');
    const refill = await this.ordering.requestRefill(ticket.memberId, orderId);
    await this.em.fork().transactional(async (tx) => {
      tx.persist(systemMessage(id, refillLine(orderId, refill.id), this.clock.now()));
      this.audit.record(tx, actor, {
        action: 'refill',
        resource: 'tickets',
        resourceId: id,
        after: { orderId, refillId: refill.id },
      });
    });
    return this.operatorTicket.execute(id, false);
  }
}
