import { Body, Controller, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ApprovalsFacade } from '../../approvals/index.js';
import {
  CurrentMember,
  CurrentOperator,
  MemberGuard,
  OperatorGuard,
  type AuthenticatedMember,
  type AuthenticatedOperator,
} from '../../auth/index.js';
import { Allow, IdPipe, ZodPipe } from '../../../shared/index.js';
import { tossChargeRequestSchema, tossConfirmSchema, tossFailSchema } from '../../../contracts/toss.js';
import { bankRefundSchema } from '../../../contracts/charge.js';
import { BankRefunds } from '../application/bank-refunds.js';
import { ConfirmTossPayment } from '../application/toss/commands/confirm-toss-payment/confirm-toss-payment.js';
import { FailTossCheckout } from '../application/toss/commands/fail-toss-checkout/fail-toss-checkout.js';
import {
  ReceiveTossWebhook,
  type TossWebhook,
} from '../application/toss/commands/receive-toss-webhook/receive-toss-webhook.js';
import { RefundTossCharge } from '../application/toss/commands/refund-toss-charge/refund-toss-charge.js';
import { StartTossCheckout } from '../application/toss/commands/start-toss-checkout/start-toss-checkout.js';
import { GetTossEnabled } from '../application/toss/queries/get-toss-enabled/get-toss-enabled.js';

/** The storefront's side of paying a charge online. */
@Controller('service/point/toss')
export class TossChargeController {
  constructor(
    private readonly tossEnabled: GetTossEnabled,
    private readonly startCheckout: StartTossCheckout,
    private readonly confirmPayment: ConfirmTossPayment,
    private readonly failCheckout: FailTossCheckout,
  ) {}

  /** Whether /point offers paying online (no keys in the answer beyond the public client key use). */
  @Get('enabled')
  async enabled() {
    return { enabled: await this.tossEnabled.execute() };
  }

  @Post()
  @UseGuards(MemberGuard)
  checkout(
    @Body(new ZodPipe(tossChargeRequestSchema)) body: z.output<typeof tossChargeRequestSchema>,
    @CurrentMember() member: AuthenticatedMember,
  ) {
    return this.startCheckout.execute(member.id, body);
  }

  @Post('confirm')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  confirm(
    @Body(new ZodPipe(tossConfirmSchema)) body: z.output<typeof tossConfirmSchema>,
    @CurrentMember() member: AuthenticatedMember,
  ) {
    return this.confirmPayment.execute(member.id, body);
  }

  @Post('fail')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  fail(
    @Body(new ZodPipe(tossFailSchema)) body: z.output<typeof tossFailSchema>,
    @CurrentMember() member: AuthenticatedMember,
  ) {
    return this.failCheckout.execute(member.id, body);
  }
}

const webhookSchema = z
  .object({
    eventType: z.string().max(50).optional(),
    secret: z.string().max(200).optional(),
    status: z.string().max(50).optional(),
    orderId: z.string().max(64).optional(),
    transactionKey: z.string().max(200).optional(),
    data: z
      .object({ paymentKey: z.string().max(200).optional(), orderId: z.string().max(64).optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();

/** Toss's webhook endpoint (register `{PUBLIC_URL}/api/toss/webhook` for DEPOSIT_CALLBACK and PAYMENT_STATUS_CHANGED). */
@Controller('toss')
export class TossWebhookController {
  constructor(private readonly receiveWebhook: ReceiveTossWebhook) {}

  @Post('webhook')
  @HttpCode(200)
  webhook(@Body(new ZodPipe(webhookSchema)) body: TossWebhook) {
    return this.receiveWebhook.execute(body);
  }
}

const refundSchema = z.object({
  point: z
    .number({ error: '환불할 포인트를 입력해 주세요.' })
    .int('환불할 포인트를 입력해 주세요.')
    .positive('환불할 포인트를 입력해 주세요.')
    .max(100_000_000),
  reason: bankRefundSchema.shape.reason,
});

/** A bank refund names won (`amount`); a Toss refund names points (`point`). */
const namesAmount = (body: unknown) => typeof body === 'object' && body !== null && 'amount' in body;

@Controller('admin/charges')
@UseGuards(OperatorGuard)
@Allow('refunds')
export class AdminChargeRefundController {
  constructor(
    private readonly tossRefunds: RefundTossCharge,
    private readonly bankRefunds: BankRefunds,
    private readonly approvals: ApprovalsFacade,
  ) {}

  /**
   * A Toss charge `{point, reason}`: cancels (part of) its payment at Toss and takes the points back, only up to
   * what the member has not spent. A bank-transfer charge `{amount, reason}`: records the won sent back by bank
   * transfer outside the product and takes back the points they paid for. Either is held (202 with the request)
   * until a second operator approves when it would take the operator's or the member's unapproved refunds and
   * adjustments of the last 24 hours past APPROVAL_THRESHOLD.
   */
  @Post(':id/refund')
  @HttpCode(200)
  async refund(
    @Param('id', IdPipe) id: number,
    @Body() raw: unknown,
    @CurrentOperator() operator: AuthenticatedOperator,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const bank = namesAmount(raw) || (await this.bankRefunds.isBankTransfer(id));
    const decided = bank ? await this.bankRefund(id, raw, operator) : await this.tossRefund(id, raw, operator);
    if ('held' in decided) {
      void reply.status(202);
      return decided.held;
    }
    return decided.ran;
  }

  private async tossRefund(id: number, raw: unknown, operator: AuthenticatedOperator) {
    const body = new ZodPipe(refundSchema).transform(raw);
    const points = BigInt(body.point);
    const { memberId } = await this.tossRefunds.assertRefundable(id, points);
    return this.approvals.runOrHold<unknown>(
      {
        kind: 'charge.refund',
        targetId: id,
        memberId,
        amount: points,
        payload: { chargeId: id, point: String(points), reason: body.reason },
        reason: body.reason,
      },
      operator,
      () => this.tossRefunds.execute(id, points, body.reason, operator),
    );
  }

  private async bankRefund(id: number, raw: unknown, operator: AuthenticatedOperator) {
    const body = new ZodPipe(bankRefundSchema).transform(raw);
    const amount = BigInt(body.amount);
    const { memberId } = await this.bankRefunds.assertRefundable(id, amount);
    return this.approvals.runOrHold<unknown>(
      {
        kind: 'charge.refund',
        targetId: id,
        memberId,
        amount,
        // Same approval kind as a Toss refund (the kinds are a database check); the method tells them apart.
        payload: { chargeId: id, method: 'BANK_TRANSFER', amount: String(amount), reason: body.reason },
        reason: body.reason,
      },
      operator,
      () => this.bankRefunds.refund(id, amount, body.reason, operator),
    );
  }
}
