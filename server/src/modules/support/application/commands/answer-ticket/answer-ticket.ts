import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { OperatorReply } from '../../../../../contracts/index.js';
import { AuditFacade, type AuditActor } from '../../../../audit/index.js';
import { DeliveryFacade } from '../../../../delivery/index.js';
import { IdentityFacade } from '../../../../identity/index.js';
import { AppConfig } from '../../../../../config/index.js';
import { Clock } from '../../../../../shared/index.js';
import type { Ticket } from '../../../domain/ticket.entity.js';
import { TicketMessage } from '../../../domain/ticket-message.entity.js';
import { findTicket, type OperatorTicketView } from '../../ticket-desk.js';
import { GetOperatorTicket } from '../../queries/get-operator-ticket/get-operator-ticket.js';

/** An operator's answer (told to the member by their chosen channel) or internal note. */
@Injectable()
export class AnswerTicket {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly audit: AuditFacade,
    private readonly identity: IdentityFacade,
    private readonly delivery: DeliveryFacade,
    private readonly config: AppConfig,
    private readonly operatorTicket: GetOperatorTicket,
  ) {}

  async execute(id: number, input: OperatorReply, actor: AuditActor): Promise<OperatorTicketView> {
    await this.em.fork().transactional(async (tx) => {
      const row = await findTicket(tx, { id });
      const now = this.clock.now();
      if (!input.internal) row.operatorAnswered(now);
      const message = TicketMessage.write({
        ticketId: id,
        author: 'OPERATOR',
        authorId: actor.id,
        body: input.body,
        internal: input.internal,
        now,
      });
      await tx.persist(message).flush();
      if (!input.internal) await this.noticeAnswer(tx, row, message.id, input.body);
      this.audit.record(tx, actor, {
        action: input.internal ? 'note' : 'answer',
        resource: 'tickets',
        resourceId: id,
        after: { messageId: message.id, status: row.status },
      });
    });
    return this.operatorTicket.execute(id, false);
  }

  /** 문의 답변 by the member's chosen channel, in the answer's transaction; a mail carries the answer itself. */
  private async noticeAnswer(tx: EntityManager, ticket: Ticket, messageId: number, body: string): Promise<void> {
    const contact = await this.identity.contactOf(ticket.memberId);
    const link = `${this.config.publicUrl.replace(/\/$/, '')}/support/${ticket.id}`;
    await this.delivery.notice(
      tx,
      ticket.memberId,
      'ticket.answered',
      { '#{문의번호}': String(ticket.id), '#{제목}': ticket.subject },
      `ticket-answer:${messageId}`,
      {
        subject: `[1:1 문의] 답변이 등록되었습니다: ${ticket.subject}`,
        text: `${contact?.loginId ?? '회원'}님, 문의하신 "${ticket.subject}"에 답변이 등록되었습니다.\n\n${body}\n\n문의 내역에서 확인하고 답장할 수 있습니다: ${link}`,
      },
    );
  }
}
