import { Body, Controller, Get, Headers, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { MESSAGES, orderRequestSchema, type OrderRequest } from '../../../contracts/index.js';
import { CurrentMember, MemberGuard, type AuthenticatedMember } from '../../auth/index.js';
import { ZodPipe } from '../../../shared/index.js';
import { OrderingFacade } from '../application/ordering.facade.js';
import type { History, HistoryQuery } from '../application/queries/member-history.js';

const historyQuerySchema = z.object({
  status: z.string().max(20, MESSAGES.formInvalid).optional(),
  page: z.coerce
    .number({ error: MESSAGES.formInvalid })
    .int(MESSAGES.formInvalid)
    .min(1, MESSAGES.formInvalid)
    .max(1_000_000, MESSAGES.formInvalid)
    .optional(),
});

/** A plain array (docs/product.md §7); the matching total in X-Total-Count for the paged form (?status=&page=). */
function answer<T>(reply: FastifyReply, history: History<T>): T[] {
  void reply.header('X-Total-Count', String(history.total));
  void reply.header('Access-Control-Expose-Headers', 'X-Total-Count');
  return history.rows;
}

@Controller('service')
@UseGuards(MemberGuard)
export class OrderController {
  constructor(private readonly ordering: OrderingFacade) {}

  /** docs/product.md §7: {serviceId, link, amount, runs, interval} → the success card's data. `Idempotency-Key` makes retries safe. */
  @Post('order')
  async place(
    @Body(new ZodPipe(orderRequestSchema)) body: OrderRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @CurrentMember() member: AuthenticatedMember,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { placed, replayed } = await this.ordering.placeOrder(member.id, body, idempotencyKey);
    if (replayed) void reply.header('Idempotent-Replayed', 'true');
    return placed;
  }

  @Get('order-history')
  async orderHistory(
    @Query(new ZodPipe(historyQuerySchema)) query: HistoryQuery,
    @CurrentMember() member: AuthenticatedMember,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return answer(reply, await this.ordering.orderHistory(member.id, query));
  }

  @Get('auto-order-history')
  async autoOrderHistory(
    @Query(new ZodPipe(historyQuerySchema)) query: HistoryQuery,
    @CurrentMember() member: AuthenticatedMember,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return answer(reply, await this.ordering.autoOrderHistory(member.id, query));
  }
}
