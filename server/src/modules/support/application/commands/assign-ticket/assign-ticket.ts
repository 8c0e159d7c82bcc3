import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../../../audit/index.js';
import { IdentityFacade } from '../../../../identity/index.js';
import { Clock, DomainError } from '../../../../../shared/index.js';
import { findTicket, type OperatorTicketView } from '../../ticket-desk.js';
import { GetOperatorTicket } from '../../queries/get-operator-ticket/get-operator-ticket.js';

/** Gives the ticket to an active operator, or to nobody (null). */
@Injectable()
export class AssignTicket {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly audit: AuditFacade,
    private readonly identity: IdentityFacade,
    private readonly operatorTicket: GetOperatorTicket,
  ) {}

  async execute(id: number, operatorId: number | null, actor: AuditActor): Promise<OperatorTicketView> {
    if (operatorId !== null && !(await this.identity.isActiveOperator(operatorId)))
      throw new DomainError('TICKET_ASSIGNEE_INVALID');
    await this.em.fork().transactional(async (tx) => {
      const row = await findTicket(tx, { id });
      const before = { assigneeId: row.assigneeId };
      row.assigneeId = operatorId;
      row.updatedAt = this.clock.now();
      this.audit.record(tx, actor, {
        action: 'assign',
        resource: 'tickets',
        resourceId: id,
        before,
        after: { assigneeId: operatorId },
      });
    });
    return this.operatorTicket.execute(id, false);
  }
}
