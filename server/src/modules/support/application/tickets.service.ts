import { Injectable, Logger } from '@nestjs/common';
import { wrap } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  orderCommands,
  TICKET_LIMITS,
  TICKET_MESSAGES,
  TICKET_STATUSES,
  TICKET_TYPE_LABELS,
  TICKET_TYPES,
  type OperatorReply,
  type TicketCreate,
  type TicketMessageView,
  type TicketOrderView,
  type TicketReply,
  type TicketSummary,
  type TicketView,
} from '../../../contracts/index.js';
import { AlertsFacade } from '../../alerts/index.js';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { ContentFacade } from '../../content/index.js';
import { DeliveryFacade } from '../../delivery/index.js';
import { IdentityFacade } from '../../identity/index.js';
import { OrderingFacade } from '../../ordering/index.js';
import { AppConfig } from '../../../config/index.js';
import {
  Clock,
  DomainError,
  filterFlag,
  filterId,
  filterOneOf,
  findPage,
  NotFoundError,
  type ListQuery,
  type Page,
} from '../../../shared/index.js';
import { Ticket, TicketStatus } from '../domain/ticket.entity.js';
import { TicketMessage } from '../domain/ticket-message.entity.js';

/** pg_advisory_xact_lock's first key for "one member's tickets" (the open-ticket limit). */
const MEMBER_TICKET_LOCK = 7_225;
const DAY_MS = 86_400_000;
const OPEN_STATES = [TicketStatus.OPEN, TicketStatus.ANSWERED];

/** What the desk did with one listed order of a refill or cancel ticket. */
export interface OrderOutcome {
  orderId: number;
  done: boolean;
  line: string;
}

/** The console's ticket page: the whole thread (notes too), the linked orders with the member's and the operator's commands. */
export interface OperatorTicketView extends TicketView<Date> {
  memberId: number;
  loginId: string | null;
  assigneeId: number | null;
  unread: boolean;
  waitingSince: Date | null;
  orders: (TicketOrderView<Date> & { commands: string[] })[];
}

const messageView = (m: TicketMessage): TicketMessageView<Date> => ({
  id: m.id,
  author: m.author,
  body: m.body,
  images: m.images,
  internal: m.internal,
  createdAt: m.createdAt,
});

const summary = (t: Ticket): TicketSummary<Date> => ({
  id: t.id,
  type: t.type,
  subject: t.subject,
  status: t.status,
  orderIds: t.orderIds,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  lastMessageAt: t.lastMessageAt,
});

/**
 * The support desk: members' 1:1 문의 and operators' answers. A refill or cancel ticket runs the member's
 * own commands for each listed order at once (the same rules as the buttons and API v2) and records what
 * happened per order; only what those rules could not settle waits for an operator.
 */
@Injectable()
export class Tickets {
  private readonly logger = new Logger('Support');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly ordering: OrderingFacade,
    private readonly alerts: AlertsFacade,
    private readonly audit: AuditFacade,
    private readonly identity: IdentityFacade,
    private readonly delivery: DeliveryFacade,
    private readonly content: ContentFacade,
    private readonly config: AppConfig,
  ) {}

  // ---- members -------------------------------------------------------------------------------

  async open(memberId: number, input: TicketCreate): Promise<TicketView<Date>> {
    const owned = await this.ordering.ordersForMember(memberId, input.orderIds);
    if (owned.length !== input.orderIds.length) {
      const mine = new Set(owned.map((o) => o.id));
      const foreign = input.orderIds.filter((id) => !mine.has(id));
      throw new DomainError(`${TICKET_MESSAGES.foreignOrders}: ${foreign.slice(0, 10).join(', ')}`, 400);
    }
    const ticket = await this.em.fork().transactional(async (tx) => {
      // Serialises one member's tickets so two at once cannot both pass the open-ticket limit.
      await tx.execute('select pg_advisory_xact_lock(?, ?)', [MEMBER_TICKET_LOCK, memberId]);
      await this.assertRoomFor(tx, memberId);
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
    if (fresh.status === TicketStatus.OPEN) await this.alertNew(fresh);
    return this.memberView(memberId, ticket.id);
  }

  /** Runs the member's refill or cancel of each listed order and records the outcome; settled when every one went through. */
  private async actAtOnce(ticket: Ticket): Promise<OrderOutcome[]> {
    const outcomes: OrderOutcome[] = [];
    for (const orderId of ticket.orderIds) outcomes.push(await this.actOn(ticket, orderId));
    await this.em.fork().transactional(async (tx) => {
      const row = await tx.findOneOrFail(Ticket, ticket.id);
      const now = this.clock.now();
      tx.persist(
        TicketMessage.write({
          ticketId: row.id,
          author: 'SYSTEM',
          authorId: null,
          body: outcomes.map((o) => o.line).join('\n'),
          now,
        }),
      );
      if (outcomes.every((o) => o.done)) row.settled(now);
      row.lastMessageAt = now;
    });
    return outcomes;
  }

  private async actOn(ticket: Ticket, orderId: number): Promise<OrderOutcome> {
    try {
      if (ticket.type === 'REFILL') {
        const refill = await this.ordering.requestRefill(ticket.memberId, orderId);
        return { orderId, done: true, line: `주문 ${orderId}: 리필 요청됨 (리필 ${refill.id})` };
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

  private async assertRoomFor(tx: EntityManager, memberId: number): Promise<void> {
    const open = await tx.count(Ticket, { memberId, status: { $in: OPEN_STATES } });
    if (open >= TICKET_LIMITS.open) throw new DomainError(TICKET_MESSAGES.tooManyOpen, 409);
  }

  private alertNew(ticket: Ticket, messageId?: number): Promise<void> {
    const orders = ticket.orderIds.length ? ` 주문 ${ticket.orderIds.slice(0, 10).join(', ')}` : '';
    return this.alerts.raise(
      'NEW_TICKET',
      `${messageId ? '문의 답장' : '새 1:1 문의'} #${ticket.id} [${TICKET_TYPE_LABELS[ticket.type]}] 회원 #${ticket.memberId}: ${ticket.subject}${orders}`,
      messageId ? `ticket:${ticket.id}:${messageId}` : `ticket:${ticket.id}`,
    );
  }

  async listForMember(memberId: number): Promise<TicketSummary<Date>[]> {
    const rows = await this.em
      .fork()
      .find(Ticket, { memberId }, { orderBy: { lastMessageAt: 'DESC', id: 'DESC' }, limit: 200 });
    return rows.map(summary);
  }

  async memberView(memberId: number, id: number): Promise<TicketView<Date>> {
    const em = this.em.fork();
    const ticket = await em.findOne(Ticket, { id, memberId });
    if (!ticket) throw new NotFoundError(TICKET_MESSAGES.notFound);
    const [messages, orders] = await Promise.all([
      em.find(TicketMessage, { ticketId: id, internal: false }, { orderBy: { id: 'ASC' } }),
      this.ordering.orderViewsForMember(memberId, ticket.orderIds),
    ]);
    return { ...summary(ticket), messages: messages.map(messageView), orders };
  }

  async memberReply(memberId: number, id: number, input: TicketReply): Promise<TicketView<Date>> {
    const { ticket, message, reopened } = await this.em.fork().transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?, ?)', [MEMBER_TICKET_LOCK, memberId]);
      const row = await tx.findOne(Ticket, { id, memberId });
      if (!row) throw new NotFoundError(TICKET_MESSAGES.notFound);
      if (row.status === TicketStatus.CLOSED) await this.assertRoomFor(tx, memberId);
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
    if (reopened) await this.alertNew(ticket, message.id);
    return this.memberView(memberId, id);
  }

  async memberClose(memberId: number, id: number): Promise<TicketView<Date>> {
    await this.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(Ticket, { id, memberId });
      if (!row) throw new NotFoundError(TICKET_MESSAGES.notFound);
      row.close(this.clock.now());
    });
    return this.memberView(memberId, id);
  }

  // ---- operators -----------------------------------------------------------------------------

  /** The inbox's rows, each with the member's login id (`memberLoginId`, null once withdrawn). */
  async page(query: ListQuery): Promise<Page<Record<string, unknown>>> {
    const page = await this.findPage(query);
    const loginIds = await this.identity.loginIdsOf([...new Set(page.rows.map((t) => t.memberId))]);
    return page.map((t) => ({ ...wrap(t).toObject(), memberLoginId: loginIds.get(t.memberId) ?? null }));
  }

  private findPage(query: ListQuery): Promise<Page<Ticket>> {
    return findPage(this.em.fork(), Ticket, 'tickets', query, {
      sortable: ['waitingSince', 'id', 'lastMessageAt', 'createdAt', 'status', 'type', 'memberId'],
      filters: {
        status: (v) => ({ status: filterOneOf(TICKET_STATUSES, v) }),
        type: (v) => ({ type: filterOneOf(TICKET_TYPES, v) }),
        memberId: (v) => ({ memberId: filterId(v) }),
        assigneeId: (v) => (v === null || v === 'none' ? { assigneeId: null } : { assigneeId: filterId(v) }),
        orderId: (v) => ({ orderIds: { $contains: [filterId(v)] } }),
        unread: (v) => ({ unread: filterFlag(v) }),
        // Waiting for the shop at least this many hours.
        waitingHours: (v) => ({
          status: TicketStatus.OPEN,
          waitingSince: { $lte: new Date(this.clock.now().getTime() - filterId(v) * 3_600_000) },
        }),
      },
    });
  }

  /** Tickets a member wrote to that no operator has opened since: the menu's badge. */
  async unreadCount(): Promise<{ count: number; open: number }> {
    const em = this.em.fork();
    const [count, open] = await Promise.all([
      em.count(Ticket, { unread: true, status: TicketStatus.OPEN }),
      em.count(Ticket, { status: TicketStatus.OPEN }),
    ]);
    return { count, open };
  }

  /** The ticket page; opening it marks it read. */
  async operatorView(id: number, markRead = true): Promise<OperatorTicketView> {
    const em = this.em.fork();
    const ticket = await em.findOne(Ticket, { id });
    if (!ticket) throw new NotFoundError(TICKET_MESSAGES.notFound);
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

  /** An operator's answer (told to the member by their chosen channel) or internal note. */
  async answer(id: number, input: OperatorReply, actor: AuditActor): Promise<OperatorTicketView> {
    await this.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(Ticket, { id });
      if (!row) throw new NotFoundError(TICKET_MESSAGES.notFound);
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
    return this.operatorView(id, false);
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

  /** An operator asks the refill of a linked order for the member (the member's rules apply); the outcome joins the thread. */
  async refillFor(id: number, orderId: number, actor: AuditActor): Promise<OperatorTicketView> {
    const ticket = await this.em.fork().findOne(Ticket, { id });
    if (!ticket) throw new NotFoundError(TICKET_MESSAGES.notFound);
    if (!ticket.orderIds.includes(orderId)) throw new NotFoundError('이 문의에 연결된 주문이 아닙니다.');
    const refill = await this.ordering.requestRefill(ticket.memberId, orderId);
    await this.em.fork().transactional(async (tx) => {
      tx.persist(
        TicketMessage.write({
          ticketId: id,
          author: 'SYSTEM',
          authorId: null,
          body: `주문 ${orderId}: 리필 요청됨 (리필 ${refill.id})`,
          now: this.clock.now(),
        }),
      );
      this.audit.record(tx, actor, {
        action: 'refill',
        resource: 'tickets',
        resourceId: id,
        after: { orderId, refillId: refill.id },
      });
    });
    return this.operatorView(id, false);
  }

  async assign(id: number, operatorId: number | null, actor: AuditActor): Promise<OperatorTicketView> {
    if (operatorId !== null && !(await this.identity.isActiveOperator(operatorId)))
      throw new DomainError(TICKET_MESSAGES.assigneeInvalid, 400);
    await this.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(Ticket, { id });
      if (!row) throw new NotFoundError(TICKET_MESSAGES.notFound);
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
    return this.operatorView(id, false);
  }

  async close(id: number, actor: AuditActor): Promise<OperatorTicketView> {
    await this.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(Ticket, { id });
      if (!row) throw new NotFoundError(TICKET_MESSAGES.notFound);
      row.close(this.clock.now());
      this.audit.record(tx, actor, {
        action: 'close',
        resource: 'tickets',
        resourceId: id,
        after: { status: row.status },
      });
    });
    return this.operatorView(id, false);
  }

  /** ANSWERED tickets the member left unanswered for 7 days close (the job); the ids closed. */
  async closeStale(): Promise<number[]> {
    const before = new Date(this.clock.now().getTime() - TICKET_LIMITS.autoCloseDays * DAY_MS);
    return this.em.fork().transactional(async (tx) => {
      const stale = await tx.find(
        Ticket,
        { status: TicketStatus.ANSWERED, answeredAt: { $lte: before } },
        { limit: 500 },
      );
      const now = this.clock.now();
      for (const ticket of stale) ticket.close(now);
      return stale.map((t) => t.id);
    });
  }
}
