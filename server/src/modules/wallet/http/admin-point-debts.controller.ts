import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { Allow, IdPipe, Page, parseListQuery, ZodPipe } from '../../../shared/index.js';
import { WalletFacade } from '../application/wallet.facade.js';
import { adminPointDebtView, PointDebtCommands } from '../application/point-debt-commands.js';

const writeOffSchema = z.object({
  reason: z
    .string({ error: '면제 사유를 입력해 주세요.' })
    .trim()
    .min(1, '면제 사유를 입력해 주세요.')
    .max(200, '면제 사유는 200자 이하로 입력해 주세요.'),
});

/**
 * Console: points members owe after a partner took money back (미회수 포인트). While one is open the member
 * cannot order; an operator collects it from the member's balance now, or writes it off with a reason.
 */
@Controller('admin/point-debts')
@UseGuards(OperatorGuard)
@Allow('ledger')
export class AdminPointDebtsController {
  constructor(
    private readonly wallet: WalletFacade,
    private readonly debts: PointDebtCommands,
  ) {}

  @Get()
  async list(@Query() query: unknown) {
    const page = await this.wallet.debtPage(parseListQuery(query));
    return new Page(page.resource, page.rows.map(adminPointDebtView), page.total, page.start);
  }

  @Allow('points.adjust')
  @Post(':id/collect')
  @HttpCode(200)
  collect(@Param('id', IdPipe) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.debts.collect(id, operator);
  }

  @Allow('points.adjust')
  @Post(':id/write-off')
  @HttpCode(200)
  writeOff(
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(writeOffSchema)) body: z.output<typeof writeOffSchema>,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.debts.writeOff(id, body.reason, operator);
  }
}
