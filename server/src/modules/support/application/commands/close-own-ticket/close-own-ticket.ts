import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { TicketView } from '../../../../../contracts/index.js';
import { Clock } from '../../../../../shared/index.js';
import { findTicket } from '../../ticket-desk.js';
import { GetMemberTicket } from '../../queries/get-member-ticket/get-member-ticket.js';

/** The member closes their own ticket. */
@Injectable()
export class CloseOwnTicket {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly memberTicket: GetMemberTicket,
  ) {}

  async execute(memberId: number, id: number): Promise<TicketView<Date>> {
    await this.em.fork().transactional(async (tx) => {
      const row = await findTicket(tx, { id, memberId });
      row.close(this.clock.now());
    });
    return this.memberTicket.execute(memberId, id);
  }
}
