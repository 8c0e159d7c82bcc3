import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { Allow, IdPipe, parseListQuery, ZodPipe } from '../../../shared/index.js';
import { manualReceiptSchema, receiptMonthSchema, type ManualReceiptInput } from '../../../contracts/receipts.js';
import { adminReceiptView, ReceiptDesk } from '../application/receipt-desk.js';

const totalsQuery = z.object({ month: receiptMonthSchema.optional() });

/** 증빙 발행: the accountant's list (ra-data-simple-rest), month totals, CSV and the three commands. */
@Controller('admin')
@UseGuards(OperatorGuard)
@Allow('receipts')
export class AdminReceiptsController {
  constructor(private readonly desk: ReceiptDesk) {}

  @Get('receipts')
  async list(@Query() query: unknown) {
    return (await this.desk.page(parseListQuery(query))).map(adminReceiptView);
  }

  // The CSV headers are set only once the query passed: a refusal must still leave as JSON.
  @Get('receipts.csv')
  async csv(@Query() query: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    const csv = await this.desk.csv(parseListQuery(query));
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', 'attachment; filename="receipts.csv"');
    return csv;
  }

  @Get('receipts/totals')
  totals(@Query(new ZodPipe(totalsQuery)) query: { month?: string }) {
    return this.desk.totals(query.month);
  }

  @Get('receipts/:id')
  async get(@Param('id', IdPipe) id: number) {
    return adminReceiptView(await this.desk.get(id));
  }

  @Post('receipts/:id/issue')
  @HttpCode(200)
  async issue(@Param('id', IdPipe) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return adminReceiptView(await this.desk.issue(id, operator));
  }

  @Post('receipts/:id/cancel')
  @HttpCode(200)
  async cancel(@Param('id', IdPipe) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return adminReceiptView(await this.desk.cancel(id, operator));
  }

  @Post('receipts/:id/manual')
  @HttpCode(200)
  async manual(
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(manualReceiptSchema)) body: ManualReceiptInput,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return adminReceiptView(await this.desk.manual(id, body.approvalNumber, operator));
  }
}
