import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { Allow, parseListQuery, ZodPipe, IdPipe, recordId } from '../../../shared/index.js';
import type { DepositInput } from '../domain/deposit.entity.js';
import { Deposits } from '../application/deposits.js';
import { operatorSettler, type Settler } from '../application/settler.js';
import { OperatorOrBankAlertGuard, Recorder } from './bank-alert.guard.js';

const MAX_AMOUNT = 10_000_000_000;

const depositSchema = z.object({
  bankTransactionId: z
    .string({ error: '거래 번호(bankTransactionId)가 필요합니다.' })
    .trim()
    .min(1, '거래 번호(bankTransactionId)가 필요합니다.')
    .max(100),
  depositorName: z
    .string({ error: '입금자명(depositorName)이 필요합니다.' })
    .trim()
    .min(1, '입금자명(depositorName)이 필요합니다.')
    .max(50),
  // Bank integrations often send amounts as strings: "11000" is read as 11000 won.
  amount: z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], {
      error: '입금액(amount)은 1원 이상의 정수여야 합니다.',
    })
    .pipe(
      z
        .number()
        .int('입금액(amount)은 1원 이상의 정수여야 합니다.')
        .positive('입금액(amount)은 1원 이상의 정수여야 합니다.')
        .max(MAX_AMOUNT),
    )
    .transform(BigInt),
  depositedAt: z.iso
    .datetime({ offset: true, error: '입금 시각(depositedAt)은 ISO 8601 형식이어야 합니다.' })
    .transform((v) => new Date(v)),
});

const matchSchema = z.object({ chargeId: recordId });
const dismissSchema = z.object({ memo: z.string().trim().max(500).nullish() }).default({});

@Controller('admin/deposits')
@Allow('charges')
export class AdminDepositsController {
  constructor(private readonly deposits: Deposits) {}

  /**
   * Records a bank deposit (operator token, or the bank-alert key). 201 with the deposit as it ends
   * up (MATCHED when it paid a charge); 200 with the deposit already recorded for a repeated
   * bank transaction id.
   */
  @Post()
  @UseGuards(OperatorOrBankAlertGuard)
  async record(
    @Body(new ZodPipe(depositSchema)) body: DepositInput,
    @Recorder() recorder: Settler,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { deposit, created } = await this.deposits.record(body, recorder);
    void reply.status(created ? 201 : 200);
    return deposit;
  }

  @Get()
  @UseGuards(OperatorGuard)
  list(@Query() query: unknown) {
    return this.deposits.page(parseListQuery(query));
  }

  @Get(':id')
  @UseGuards(OperatorGuard)
  get(@Param('id', IdPipe) id: number) {
    return this.deposits.get(id);
  }

  @Post(':id/match')
  @HttpCode(200)
  @UseGuards(OperatorGuard)
  match(
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(matchSchema)) body: { chargeId: number },
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.deposits.match(id, body.chargeId, operatorSettler(operator));
  }

  @Post(':id/dismiss')
  @HttpCode(200)
  @UseGuards(OperatorGuard)
  dismiss(
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(dismissSchema)) body: { memo?: string | null },
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.deposits.dismiss(id, body.memo || null, operator);
  }
}
