import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { Allow, IdPipe, parseListQuery } from '../../../shared/index.js';
import { PriceSync } from '../application/price-sync.js';

/** 가격 변경 내역: what the price sync changed, alerted or holds, newest first by default; a held change's commands. */
@Controller('admin/price-changes')
@UseGuards(OperatorGuard)
@Allow('providers')
export class AdminPriceChangesController {
  constructor(private readonly prices: PriceSync) {}

  @Get()
  list(@Query() query: unknown) {
    return this.prices.page(parseListQuery(query));
  }

  /** Applies a held change (the rate, and the price its rule makes of it). */
  @Post(':id/apply')
  @HttpCode(200)
  apply(@Param('id', IdPipe) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.prices.apply(id, operator);
  }

  /** Leaves a held change unapplied. */
  @Post(':id/dismiss')
  @HttpCode(200)
  dismiss(@Param('id', IdPipe) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.prices.dismiss(id, operator);
  }
}
