import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { profitQuerySchema, type ProfitQuery } from '../../../contracts/index.js';
import { OperatorGuard } from '../../auth/index.js';
import { Allow, ZodPipe } from '../../../shared/index.js';
import { ProfitReports } from '../application/profit-report.js';

/** Operators' reports: profit by period, service, provider or member (reads only). */
@Controller('admin/reports')
@UseGuards(OperatorGuard)
@Allow('reports')
export class AdminReportsController {
  constructor(private readonly reports: ProfitReports) {}

  @Get('profit')
  profit(@Query(new ZodPipe(profitQuerySchema)) query: ProfitQuery) {
    return this.reports.report(query);
  }

  // The CSV headers are set only once the query passed: a refusal must still leave as JSON.
  @Get('profit.csv')
  async profitCsv(
    @Query(new ZodPipe(profitQuerySchema)) query: ProfitQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const csv = await this.reports.csv(query);
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', 'attachment; filename="profit.csv"');
    return csv;
  }
}
