import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { TICKET_MESSAGES, type TicketCreate, type TicketView } from '../../../../../contracts/index.js';
import { AlertsFacade } from '../../../../alerts/index.js';
import { ContentFacade } from '../../../../content/index.js';
import { OrderingFacade } from '../../../../ordering/index.js';
import { Clock, DomainError } from '../../../../../shared/index.js';
import { Ticket, TicketStatus } from '../../../domain/ticket.entity.js';
import { TicketMessage } from '../../../domain/ticket-message.entity.js';
import { alertNew, assertRoomFor, lockMemberTickets, refillLine, systemMessage } from '../../ticket-desk.js';
import { GetMemberTicket } from '../../queries/get-member-ticket/get-member-ticket.js';

/** What the desk did with one listed order of a refill or cancel ticket. */
export interface OrderOutcome {
  orderId: number;
  done: boolean;
  line: string;
}

/**
 * A member's new 1:1 문의. A refill or cancel ticket asks ordering for the member's own refill or cancel of
 * each listed order at once (the same rules as the buttons and API v2) and records what happened per
 * order; only what those rules could not settle waits for an operator.
 */
@Injectable()
export class OpenTicket {
  private readonly logger = new Logger('Support');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly ordering: OrderingFacade,
    private readonly alerts: AlertsFacade,
    private readonly content: ContentFacade,
    private readonly memberTicket: GetMemberTicket,
  ) {}

  async execute(memberId: number, input: TicketCreate): Promise<TicketView<Date>> {
    const owned = await this.ordering.ordersForMember(memberId, input.orderIds);
    if (owned.length !== input.orderIds.length) {
      const mine = new Set(owned.map((o) => o.id));
      const foreign = input.orderIds.filter((id) => !mine.has(id));
      throw new DomainError(
        'TICKET_FOREIGN_ORDERS',
        `${TICKET_MESSAGES.foreignOrders}: ${foreign.slice(0, 10).join(', ')}`,
      );
    }
    const ticket = await this.em.fork().transactional(async (tx) => {
      await lockMemberTickets(tx, memberId);
      await assertRoomFor(tx, memberId);
      await this.content.attachUploads(tx, memberId, input.images);
      const now = this.clock.now();
      const created = Ticket.open({ memberId, ...input, now });
      await tx.persist(created).flush();
      tx.persist(
        TicketMessage.write({
          ticketId: created.id,
          author: 'MEMBER',
          authorId: memberId,
          body: input.body,
          images: input.images,
          now,
        }),
      );
      return created;
    });
    if (ticket.type === 'REFILL' || ticket.type === 'CANCEL') await this.actAtOnce(ticket);
    const fresh = await this.em.fork().findOneOrFail(Ticket, ticket.id);
    if (fresh.status === TicketStatus.OPEN) await alertNew(this.alerts, fresh);
    return this.memberTicket.execute(memberId, ticket.id);
  }

  /** Asks ordering for each listed order's refill or cancel and records the outcome; settled when every one went through. */
  private async actAtOnce(ticket: Ticket): Promise<OrderOutcome[]> {
    const outcomes: OrderOutcome[] = [];
    for (const orderId of ticket.orderIds) outcomes.push(await this.actOn(ticket, orderId));
    await this.em.fork().transactional(async (tx) => {
      const row = await tx.findOneOrFail(Ticket, ticket.id);
      const now = this.clock.now();
      tx.persist(systemMessage(row.id, outcomes.map((o) => o.line).join('\n'), now));
      if (outcomes.every((o) => o.done)) row.settled(now);
      row.lastMessageAt = now;
    });
    return outcomes;
  }

  private async actOn(ticket: Ticket, orderId: number): Promise<OrderOutcome> {
    try {
      if (ticket.type === 'REFILL') {
        const refill = await this.ordering.requestRefill(ticket.memberId, orderId);
        return { orderId, done: true, line: refillLine(orderId, refill.id) };
      }
      const order = await this.ordering.cancelOrder(ticket.memberId, orderId);
      return {
        orderId,
        done: true,
        line: order.cancelPending
          ? `주문 ${orderId}: 취소 요청됨 (공급사에 전달)`
          : `주문 ${orderId}: 취소됨 (${order.refunded.toLocaleString('ko-KR')}원 환불)`,
      };
    } catch (error) {
      if (error instanceof DomainError) return { orderId, done: false, line: `주문 ${orderId}: ${error.message}` };
      this.logger.error(`ticket ${ticket.id} order ${orderId}: ${(error as Error).message}`);
      return { orderId, done: false, line: `주문 ${orderId}: 자동으로 처리하지 못했습니다. 운영자가 확인합니다.` };
    }
  }
}
