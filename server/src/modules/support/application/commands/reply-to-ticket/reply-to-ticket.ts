import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { TicketReply, TicketView } from '../../../../../contracts/index.js';
import { AlertsFacade } from '../../../../alerts/index.js';
import { ContentFacade } from '../../../../content/index.js';
import { Clock } from '../../../../../shared/index.js';
import { TicketStatus } from '../../../domain/ticket.entity.js';
import { TicketMessage } from '../../../domain/ticket-message.entity.js';
import { alertNew, assertRoomFor, findTicket, lockMemberTickets } from '../../ticket-desk.js';
import { GetMemberTicket } from '../../queries/get-member-ticket/get-member-ticket.js';

/** The member writes to their ticket; one no longer waiting for the shop opens again (and the operators hear of it). */
@Injectable()
export class ReplyToTicket {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly alerts: AlertsFacade,
    private readonly content: ContentFacade,
    private readonly memberTicket: GetMemberTicket,
  ) {}

  async execute(memberId: number, id: number, input: TicketReply): Promise<TicketView<Date>> {
    const { ticket, message, reopened } = await this.em.fork().transactional(async (tx) => {
      await lockMemberTickets(tx, memberId);
      const row = await findTicket(tx, { id, memberId });
      if (row.status === TicketStatus.CLOSED) await assertRoomFor(tx, memberId);
      await this.content.attachUploads(tx, memberId, input.images);
      const now = this.clock.now();
      const wasOpen = row.status === TicketStatus.OPEN;
      row.memberWrote(now);
      const written = TicketMessage.write({
        ticketId: id,
        author: 'MEMBER',
        authorId: memberId,
        body: input.body,
        images: input.images,
        now,
      });
      await tx.persist(written).flush();
      return { ticket: row, message: written, reopened: !wasOpen };
    });
    if (reopened) await alertNew(this.alerts, ticket, message.id);
    return this.memberTicket.execute(memberId, id);
  }
}
