import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { Allow, parseListQuery, providerIdField, ZodPipe, IdPipe } from '../../../shared/index.js';
import { DispatchRecords } from '../application/dispatch-records.js';
import { OrderSender } from '../application/order-sender.js';

const resendSchema = z.object({
  /** The provider's order id, when the operator found the order already placed on the provider's panel. */
  providerOrderId: providerIdField('공급사 주문번호가 올바르지 않습니다.').optional(),
});

/** Operator commands on an order's upstream placement (the order's other commands belong to ordering). */
@Controller('admin/orders')
@UseGuards(OperatorGuard)
@Allow('orders.command')
export class AdminOrderDispatchController {
  constructor(private readonly sender: OrderSender) {}

  /** Sends a failed or uncertain PENDING order again now, or links the provider's order id the operator found. */
  @Post(':id/resend')
  @HttpCode(200)
  resend(
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(resendSchema)) body: z.infer<typeof resendSchema>,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.sender.resend(id, body, operator);
  }
}

/** Fulfilment's record of each order's placement upstream, read-only for the console (keyed by the order's id). */
@Controller('admin/order-dispatches')
@UseGuards(OperatorGuard)
@Allow('orders.read')
export class AdminOrderDispatchesController {
  constructor(private readonly records: DispatchRecords) {}

  @Get()
  async list(@Query() query: unknown) {
    const page = await this.records.page(parseListQuery(query));
    return page;
  }

  @Get(':id')
  async getOne(@Param('id', IdPipe) id: number) {
    return (await this.records.get(id)).view();
  }
}
