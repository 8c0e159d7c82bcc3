import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import {
  TICKET_LIMITS,
  TICKET_TYPE_LABELS,
  type TicketMessageView,
  type TicketOrderView,
  type TicketSummary,
  type TicketView,
} from '../../../contracts/index.js';
import type { AlertsFacade } from '../../alerts/index.js';
import { DomainError, NotFoundError } from '../../../shared/index.js';
import { Ticket, TicketStatus } from '../domain/ticket.entity.js';
import { TicketMessage } from '../domain/ticket-message.entity.js';

// What the support desk's use cases share: finding a ticket, the member's open-ticket limit, the views.

/** pg_advisory_xact_lock's first key for "one member's tickets" (the open-ticket limit). */
const MEMBER_TICKET_LOCK = 7_225;
const OPEN_STATES = [TicketStatus.OPEN, TicketStatus.ANSWERED];

/** The console's ticket page: the whole thread (notes too), the linked orders with the member's and the operator's commands. */
export interface OperatorTicketView extends TicketView<Date> {
  memberId: number;
  loginId: string | null;
  assigneeId: number | null;
  unread: boolean;
  waitingSince: Date | null;
  orders: (TicketOrderView<Date> & { commands: string[] })[];
}

export const messageView = (m: TicketMessage): TicketMessageView<Date> => ({
  id: m.id,
  author: m.author,
  body: m.body,
  images: m.images,
  internal: m.internal,
  createdAt: m.createdAt,
});

export const summary = (t: Ticket): TicketSummary<Date> => ({
  id: t.id,
  type: t.type,
  subject: t.subject,
  status: t.status,
  orderIds: t.orderIds,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  lastMessageAt: t.lastMessageAt,
});

/** The ticket (a member's own when `where` names the member), or the ticket-not-found 404. */
export async function findTicket(em: EntityManager, where: FilterQuery<Ticket>): Promise<Ticket> {
  const ticket = await em.findOne(Ticket, where);
  if (!ticket) throw new NotFoundError('TICKET_NOT_FOUND');
  return ticket;
}

/** Serialises one member's tickets in the caller's transaction, so two at once cannot both pass the open-ticket limit. */
export async function lockMemberTickets(tx: EntityManager, memberId: number): Promise<void> {
  await tx.execute('select pg_advisory_xact_lock(?, ?)', [MEMBER_TICKET_LOCK, memberId]);
}

export async function assertRoomFor(tx: EntityManager, memberId: number): Promise<void> {
  const open = await tx.count(Ticket, { memberId, status: { $in: OPEN_STATES } });
  if (open >= TICKET_LIMITS.open) throw new DomainError('TICKET_TOO_MANY_OPEN');
}

/** The operators' alert of a new ticket, or of a member's reply that reopened one. */
export function alertNew(alerts: AlertsFacade, ticket: Ticket, messageId?: number): Promise<void> {
  const orders = ticket.orderIds.length ? ` 주문 ${ticket.orderIds.slice(0, 10).join(', ')}` : '';
  return alerts.raise(
    'NEW_TICKET',
    `${messageId ? '문의 답장' : '새 1:1 문의'} #${ticket.id} [${TICKET_TYPE_LABELS[ticket.type]}] 회원 #${ticket.memberId}: ${ticket.subject}${orders}`,
    messageId ? `ticket:${ticket.id}:${messageId}` : `ticket:${ticket.id}`,
  );
}

/** The thread's line for a refill the desk asked for a linked order. */
export const refillLine = (orderId: number, refillId: number): string =>
  `주문 ${orderId}: 리필 요청됨 (리필 ${refillId})`;

/** A line the desk itself writes into the thread (what it did with the linked orders). */
export const systemMessage = (ticketId: number, body: string, now: Date): TicketMessage =>
  TicketMessage.write({ ticketId, author: 'SYSTEM', authorId: null, body, now });
