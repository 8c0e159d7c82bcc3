import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { Allow, parseListQuery, ZodPipe, IdPipe, recordId } from '../../../shared/index.js';
import { ChargeSettlement } from '../application/charge-settlement.js';
import { adminChargeView } from '../application/admin-views.js';

const bulkSchema = z.object({
  ids: z
    .array(recordId, { error: 'ids must be a list of charge ids' })
    .min(1, 'ids must not be empty')
    .max(100, 'at most 100 ids at once')
    .transform((ids) => [...new Set(ids)]),
});

@Controller('admin/charges')
@UseGuards(OperatorGuard)
@Allow('charges')
export class AdminChargesController {
  constructor(private readonly settlement: ChargeSettlement) {}

  @Get()
  async list(@Query() query: unknown) {
    return (await this.settlement.page(parseListQuery(query))).map(adminChargeView);
  }

  /** Bulk accept: each id settles (or is refused) on its own; the answer lists every id's outcome. */
  @Post('accept')
  @HttpCode(200)
  acceptMany(
    @Body(new ZodPipe(bulkSchema)) body: { ids: number[] },
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.settlement.acceptMany(body.ids, operator);
  }

  @Get(':id')
  async get(@Param('id', IdPipe) id: number) {
    return adminChargeView(await this.settlement.get(id));
  }

  /** Answers the charge and the CHARGE ledger entry its points went in with. */
  @Post(':id/accept')
  @HttpCode(200)
  accept(@Param('id', IdPipe) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.settlement.accept(id, operator);
  }

  @Post(':id/reject')
  @HttpCode(200)
  reject(@Param('id', IdPipe) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.settlement.reject(id, operator);
  }
}
