import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { OperatorGuard } from '../../auth/index.js';
import { Allow, parseListQuery } from '../../../shared/index.js';
import { PriceSync } from '../application/price-sync.js';

/** 가격 변경 내역: what the price sync changed or alerted, newest first by default (read-only). */
@Controller('admin/price-changes')
@UseGuards(OperatorGuard)
@Allow('providers')
export class AdminPriceChangesController {
  constructor(private readonly prices: PriceSync) {}

  @Get()
  list(@Query() query: unknown) {
    return this.prices.page(parseListQuery(query));
  }
}
