import { Body, Controller, Get, Headers, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DomainError, idPipe, NotFoundError, ZodPipe } from '../../../shared/index.js';
import { ResellerApi } from '../application/reseller-api.service.js';
import { ApiKeyGuard, KeyMember } from './api-key.guard.js';
import { fieldsOf, remainsOf, resellerOrderSchema, V1_MESSAGES, V1_STATUS } from '../application/wire.js';

/** docs/product.md §3 "Public order request": {serviceId, link, amount}, always a single order (runs/interval are not part of v1). */
const v1OrderSchema = z.preprocess((body) => {
  const { serviceId, link, amount } = fieldsOf(body);
  return { serviceId, link, amount };
}, resellerOrderSchema);

/**
 * docs/product.md §7's public API with the member's key in the `api-key` header. Errors are `{statusCode, message}`
 * as everywhere else: 401 for a missing or wrong key, 400 with the order form's Korean message for a
 * refused order, 404 for an order id that is not the member's.
 */
@Controller('v1')
@UseGuards(ApiKeyGuard)
export class ResellerV1Controller {
  constructor(private readonly api: ResellerApi) {}

  /** Orderable services: [{id, min, max, text}]. */
  @Get('services')
  async services(@KeyMember() memberId: number) {
    return (await this.api.orderableServices(memberId)).map(({ service: { id, min, max, text } }) => ({
      id,
      min,
      max,
      text,
    }));
  }

  /** {serviceId, link, amount} → {wId} (the order id); an `Idempotency-Key` header makes retries safe. */
  @Post('order')
  async order(
    @Body(new ZodPipe(v1OrderSchema)) body: z.infer<typeof v1OrderSchema>,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @KeyMember() memberId: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // v1 is the spec's {serviceId, link, amount}: other service types take fields it has not.
    const type = await this.api.serviceType(body.serviceId);
    if (type !== null && type !== 'Default') throw new DomainError('ORDER_V1_DEFAULT_ONLY');
    const { placed, replayed } = await this.api.placeOrder(memberId, body, idempotencyKey);
    if (replayed) void reply.header('Idempotent-Replayed', 'true');
    return { wId: placed.orderId };
  }

  /** {status, remains}: status in {@link V1_STATUS}'s spelling, remains the quantity still to deliver. */
  @Get('status/:wId')
  async status(
    @Param('wId', idPipe({ message: V1_MESSAGES.invalidOrderId })) id: number,
    @KeyMember() memberId: number,
  ) {
    const order = await this.api.order(memberId, id);
    if (!order) throw new NotFoundError('ORDER_NOT_FOUND');
    return { status: V1_STATUS[order.status], remains: remainsOf(order) };
  }
}
