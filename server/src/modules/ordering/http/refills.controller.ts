import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { REFILL_MESSAGES } from '../../../contracts/index.js';
import {
  CurrentMember,
  CurrentOperator,
  MemberGuard,
  OperatorGuard,
  type AuthenticatedMember,
  type AuthenticatedOperator,
} from '../../auth/index.js';
import { Allow, idPipe, parseListQuery, ZodPipe } from '../../../shared/index.js';
import { Refills } from '../application/refills.service.js';
import { OrderingFacade } from '../application/ordering.facade.js';
import type { Refill } from '../domain/refill.entity.js';

const idParam = idPipe({ message: '주문 번호가 올바르지 않습니다.' });
const rejectSchema = z.object({
  reason: z
    .string({ error: REFILL_MESSAGES.rejectReason })
    .trim()
    .min(1, REFILL_MESSAGES.rejectReason)
    .max(500, REFILL_MESSAGES.rejectReason),
});

/** What a member sees of a refill. */
export const refillView = (r: Refill) => ({
  id: r.id,
  orderId: r.orderId,
  status: r.status,
  reason: r.reason,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** The storefront's refill and cancel buttons: POST /api/service/order/:id/refill, POST /api/service/order/:id/cancel. */
@Controller('service/order')
@UseGuards(MemberGuard)
export class MemberRefillController {
  constructor(
    private readonly refills: Refills,
    private readonly ordering: OrderingFacade,
  ) {}

  /** A PENDING order is canceled and refunded at once; a running one of a service that allows it is asked of the provider (취소 요청됨). */
  @Post(':id/cancel')
  @HttpCode(200)
  async cancel(@Param('id', idParam) id: number, @CurrentMember() member: AuthenticatedMember) {
    const order = await this.ordering.cancelOrder(member.id, id);
    return { id: order.id, status: order.status, refunded: order.refunded, cancelRequested: order.cancelPending };
  }

  @Post(':id/refill')
  @HttpCode(201)
  async request(@Param('id', idParam) id: number, @CurrentMember() member: AuthenticatedMember) {
    return refillView(await this.refills.request(member.id, id));
  }
}

/** Operator console: the refills list (filters status, open, memberId, orderId, providerId) and the commands. */
@Controller('admin/refills')
@UseGuards(OperatorGuard)
@Allow('orders.read')
export class AdminRefillsController {
  constructor(private readonly refills: Refills) {}

  @Get()
  list(@Query() query: unknown) {
    return this.refills.page(parseListQuery(query));
  }

  @Get(':id')
  getOne(@Param('id', idParam) id: number) {
    return this.refills.get(id);
  }

  @Post(':id/complete')
  @Allow('orders.command')
  @HttpCode(200)
  complete(@Param('id', idParam) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.refills.complete(id, operator);
  }

  @Post(':id/reject')
  @Allow('orders.command')
  @HttpCode(200)
  reject(
    @Param('id', idParam) id: number,
    @Body(new ZodPipe(rejectSchema)) body: z.infer<typeof rejectSchema>,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.refills.reject(id, body.reason, operator);
  }
}
