import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AuditFacade } from '../../audit/index.js';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { Allow, IdPipe, Page, parseListQuery, ZodPipe } from '../../../shared/index.js';
import { WalletFacade } from '../application/wallet.facade.js';
import type { PointDebt } from '../domain/point-debt.entity.js';
import type { AdminPointDebtView } from '../../../contracts/index.js';

const writeOffSchema = z.object({
  reason: z
    .string({ error: '면제 사유를 입력해 주세요.' })
    .trim()
    .min(1, '면제 사유를 입력해 주세요.')
    .max(200, '면제 사유는 200자 이하로 입력해 주세요.'),
});

const view = (d: PointDebt): AdminPointDebtView<Date, bigint> => ({
  id: d.id,
  memberId: d.memberId,
  amount: d.amount,
  collected: d.collected,
  writtenOff: d.writtenOff,
  outstanding: d.outstanding,
  referenceType: d.referenceType,
  referenceId: d.referenceId,
  memo: d.memo,
  createdAt: d.createdAt,
  closedAt: d.closedAt,
  closedReason: d.closedReason,
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
    private readonly em: EntityManager,
    private readonly wallet: WalletFacade,
    private readonly audit: AuditFacade,
  ) {}

  @Get()
  async list(@Query() query: unknown) {
    const page = await this.wallet.debtPage(parseListQuery(query));
    return new Page(page.resource, page.rows.map(view), page.total, page.start);
  }

  /** Takes what the member's balance covers now (CHARGE_REFUND entries), closing the debt once paid. */
  @Allow('points.adjust')
  @Post(':id/collect')
  @HttpCode(200)
  collect(@Param('id', IdPipe) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.em.fork().transactional(async (tx) => {
      const debt = await this.wallet.debtIn(tx, id);
      const before = view(debt);
      await this.wallet.collectDebts(tx, debt.memberId);
      const after = view(await this.wallet.debtIn(tx, id));
      this.audit.record(tx, operator, { action: 'collect', resource: 'point-debts', resourceId: id, before, after });
      return after;
    });
  }

  /** Closes the debt without collecting the rest (no points move): the member may order again. */
  @Allow('points.adjust')
  @Post(':id/write-off')
  @HttpCode(200)
  writeOff(
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(writeOffSchema)) body: z.output<typeof writeOffSchema>,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.em.fork().transactional(async (tx) => {
      const before = view(await this.wallet.debtIn(tx, id));
      const after = view(await this.wallet.writeOffDebt(tx, id, body.reason));
      this.audit.record(tx, operator, { action: 'write-off', resource: 'point-debts', resourceId: id, before, after });
      return after;
    });
  }
}
