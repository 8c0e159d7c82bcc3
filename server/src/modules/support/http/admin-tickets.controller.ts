import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import { operatorReplySchema, ticketAssignSchema, type OperatorReply } from '../../../contracts/index.js';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { adminCrudController, Allow, idPipe, parseListQuery, ZodPipe } from '../../../shared/index.js';
import { SAVED_REPLIES } from '../application/saved-replies.resource.js';
import { AnswerTicket } from '../application/commands/answer-ticket/answer-ticket.js';
import { AssignTicket } from '../application/commands/assign-ticket/assign-ticket.js';
import { CloseTicket } from '../application/commands/close-ticket/close-ticket.js';
import { RefillTicketOrder } from '../application/commands/refill-ticket-order/refill-ticket-order.js';
import { CountUnreadTickets } from '../application/queries/count-unread-tickets/count-unread-tickets.js';
import { GetOperatorTicket } from '../application/queries/get-operator-ticket/get-operator-ticket.js';
import { ListTickets } from '../application/queries/list-tickets/list-tickets.js';

const idParam = idPipe({ message: '문의 번호가 올바르지 않습니다.' });
const orderParam = idPipe({ message: '주문 번호가 올바르지 않습니다.' });

/**
 * The console's 문의 inbox (ra-data-simple-rest): list (filters status, type, memberId, orderId, assigneeId,
 * unread, waitingHours), the ticket page, and the commands answer/note, assign and close.
 */
@Controller('admin/tickets')
@UseGuards(OperatorGuard)
@Allow('support')
export class AdminTicketsController {
  constructor(
    private readonly listTickets: ListTickets,
    private readonly countUnread: CountUnreadTickets,
    private readonly getTicket: GetOperatorTicket,
    private readonly answerTicket: AnswerTicket,
    private readonly assignTicket: AssignTicket,
    private readonly refillOrder: RefillTicketOrder,
    private readonly closeTicket: CloseTicket,
  ) {}

  @Get()
  list(@Query() query: unknown) {
    return this.listTickets.execute(parseListQuery(query));
  }

  /** The menu's badge: tickets a member wrote to that no operator has opened, and all waiting for the shop. */
  @Get('unread')
  unread() {
    return this.countUnread.execute();
  }

  @Get(':id')
  one(@Param('id', idParam) id: number) {
    return this.getTicket.execute(id);
  }

  @Post(':id/messages')
  @HttpCode(201)
  answer(
    @Param('id', idParam) id: number,
    @Body(new ZodPipe(operatorReplySchema)) body: OperatorReply,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.answerTicket.execute(id, body, operator);
  }

  @Post(':id/assign')
  @HttpCode(200)
  assign(
    @Param('id', idParam) id: number,
    @Body(new ZodPipe(ticketAssignSchema)) body: z.infer<typeof ticketAssignSchema>,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.assignTicket.execute(id, body.operatorId, operator);
  }

  /** A refill of one linked order on the member's behalf, under the member's own rules; the thread records it. */
  @Post(':id/orders/:orderId/refill')
  @Allow('orders.command')
  @HttpCode(200)
  refill(
    @Param('id', idParam) id: number,
    @Param('orderId', orderParam) orderId: number,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.refillOrder.execute(id, orderId, operator);
  }

  @Post(':id/close')
  @HttpCode(200)
  close(@Param('id', idParam) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.closeTicket.execute(id, operator);
  }
}

/** /api/admin/saved-replies (저장된 답변). */
export const AdminSavedRepliesController = adminCrudController(SAVED_REPLIES, {
  guard: OperatorGuard,
  actor: CurrentOperator,
  permission: 'support',
});
