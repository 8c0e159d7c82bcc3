import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { Allow, idPipe, parseListQuery, ZodPipe } from '../../../shared/index.js';
import { OrderCommands } from '../application/order-commands.service.js';
import { adminAutoOrderView, adminOrderView } from '../application/admin-views.js';
import { GetAutoOrder } from '../application/queries/get-auto-order/get-auto-order.js';
import { GetOrder } from '../application/queries/get-order/get-order.js';
import { ListAutoOrders } from '../application/queries/list-auto-orders/list-auto-orders.js';
import { ListOrders } from '../application/queries/list-orders/list-orders.js';
import { OrderStatus } from '../domain/order.entity.js';

const orderId = idPipe({ message: '주문 번호가 올바르지 않습니다.' });
const count = (name: string) =>
  z
    .number({ error: `${name} must be an integer` })
    .int(`${name} must be an integer`)
    .min(-1_000_000_000)
    .max(2_000_000_000);
const partialSchema = z.object({ remains: count('remains').min(0, 'remains must not be negative') });
const startCountSchema = z.object({ startCount: count('startCount') });
const statusSchema = z.object({
  status: z.enum(OrderStatus, { error: `status must be one of ${Object.values(OrderStatus).join(', ')}` }),
  remains: count('remains').optional(),
});

/** Operator console: orders in ra-data-simple-rest terms, and the commands on one order (each audited). */
@Controller('admin/orders')
@UseGuards(OperatorGuard)
@Allow('orders.read')
export class AdminOrdersController {
  constructor(
    private readonly listOrders: ListOrders,
    private readonly getOrder: GetOrder,
    private readonly commands: OrderCommands,
  ) {}

  @Get()
  async list(@Query() query: unknown) {
    return (await this.listOrders.execute(parseListQuery(query))).map(({ order, cost }) => adminOrderView(order, cost));
  }

  @Get(':id')
  async getOne(@Param('id', orderId) id: number) {
    const { order, cost } = await this.getOrder.execute(id);
    return adminOrderView(order, cost);
  }

  /** Cancels and refunds the whole cost. */
  @Post(':id/cancel')
  @Allow('orders.command')
  @HttpCode(200)
  cancel(@Param('id', orderId) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.commands.cancel(id, operator);
  }

  /** Ends short: refunds floor(cost × remains / amount). */
  @Post(':id/partial')
  @Allow('orders.manage')
  @HttpCode(200)
  partial(
    @Param('id', orderId) id: number,
    @Body(new ZodPipe(partialSchema)) body: z.infer<typeof partialSchema>,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.commands.partial(id, body.remains, operator);
  }

  @Post(':id/start-count')
  @Allow('orders.manage')
  @HttpCode(200)
  startCount(
    @Param('id', orderId) id: number,
    @Body(new ZodPipe(startCountSchema)) body: z.infer<typeof startCountSchema>,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.commands.setStartCount(id, body.startCount, operator);
  }

  /** One move the state machine allows (PARTIAL needs remains). */
  @Post(':id/status')
  @Allow('orders.manage')
  @HttpCode(200)
  status(
    @Param('id', orderId) id: number,
    @Body(new ZodPipe(statusSchema)) body: z.infer<typeof statusSchema>,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.commands.setStatus(id, body.status, { remains: body.remains }, operator);
  }
}

@Controller('admin/auto-orders')
@UseGuards(OperatorGuard)
@Allow('orders.read')
export class AdminAutoOrdersController {
  constructor(
    private readonly listAutoOrders: ListAutoOrders,
    private readonly getAutoOrder: GetAutoOrder,
    private readonly commands: OrderCommands,
  ) {}

  @Get()
  async list(@Query() query: unknown) {
    return (await this.listAutoOrders.execute(parseListQuery(query))).map(adminAutoOrderView);
  }

  @Get(':id')
  async getOne(@Param('id', orderId) id: number) {
    return adminAutoOrderView(await this.getAutoOrder.execute(id));
  }

  /** Stops the runs and refunds those not started. */
  @Post(':id/cancel')
  @Allow('orders.command')
  @HttpCode(200)
  cancel(@Param('id', orderId) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.commands.cancelAutoOrder(id, operator);
  }
}
