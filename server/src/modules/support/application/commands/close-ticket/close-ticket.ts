import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../../../audit/index.js';
import { Clock } from '../../../../../shared/index.js';
import { findTicket, type OperatorTicketView } from '../../ticket-desk.js';
import { GetOperatorTicket } from '../../queries/get-operator-ticket/get-operator-ticket.js';

/** An operator closes the ticket. */
@Injectable()
export class CloseTicket {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly audit: AuditFacade,
    private readonly operatorTicket: GetOperatorTicket,
  ) {}

  async execute(id: number, actor: AuditActor): Promise<OperatorTicketView> {
    await this.em.fork().transactional(async (tx) => {
      const row = await findTicket(tx, { id });
      row.close(this.clock.now());
      this.audit.record(tx, actor, {
        action: 'close',
        resource: 'tickets',
        resourceId: id,
        after: { status: row.status },
      });
    });
    return this.operatorTicket.execute(id, false);
  }
}
