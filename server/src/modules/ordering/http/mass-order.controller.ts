import { Body, Controller, Headers, HttpCode, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { massOrderRequestSchema, type MassOrderRequest } from '../../../contracts/index.js';
import { CurrentMember, MemberGuard, type AuthenticatedMember } from '../../auth/index.js';
import { ZodPipe } from '../../../shared/index.js';
import { MassOrders } from '../application/mass-order.service.js';

const PREVIEW_WORDS = new Set(['', '1', 'true', 'yes']);

/**
 * `POST /api/service/orders/mass` {orders, preview?} (`?preview` too): the preview and the placement answer
 * alike. Nothing placed (a bad line, a short balance) is a 400 with the same answer and its `message`.
 */
@Controller('service/orders')
@UseGuards(MemberGuard)
export class MassOrderController {
  constructor(private readonly massOrders: MassOrders) {}

  @Post('mass')
  @HttpCode(200)
  async mass(
    @Body(new ZodPipe(massOrderRequestSchema)) body: MassOrderRequest,
    @Query('preview') previewQuery: unknown,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @CurrentMember() member: AuthenticatedMember,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const preview = body.preview === true || (typeof previewQuery === 'string' && PREVIEW_WORDS.has(previewQuery));
    const answer = await this.massOrders.run(member.id, body.orders, { preview, idempotencyKey });
    if (answer.replayed) void reply.header('Idempotent-Replayed', 'true');
    if (!preview && !answer.placed) void reply.code(400);
    return answer;
  }
}
