import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { profitQuerySchema, type ProfitQuery } from '../../../contracts/index.js';
import { OperatorGuard } from '../../identity/index.js';
import { ZodPipe } from '../../../shared/index.js';
import { ProfitReports } from '../application/profit-report.js';

/** Operators' reports: profit by period, service, provider or member (reads only). */
@Controller('admin/reports')
@UseGuards(OperatorGuard)
export class AdminReportsController {
  constructor(private readonly reports: ProfitReports) {}

  @Get('profit')
  profit(@Query(new ZodPipe(profitQuerySchema)) query: ProfitQuery) {
    return this.reports.report(query);
  }

  @Get('profit.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="profit.csv"')
  profitCsv(@Query(new ZodPipe(profitQuerySchema)) query: ProfitQuery) {
    return this.reports.csv(query);
  }
}
