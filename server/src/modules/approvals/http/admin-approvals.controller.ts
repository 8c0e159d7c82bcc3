import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { APPROVAL_MESSAGES } from '../../../contracts/index.js';
import { Allow, idPipe, parseListQuery } from '../../../shared/index.js';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { ApprovalsFacade } from '../application/approvals.facade.js';

const idParam = idPipe({ message: APPROVAL_MESSAGES.notFound });

/** The console's `approvals` resource: commands held for a second operator, and their decisions. */
@Controller('admin/approvals')
@UseGuards(OperatorGuard)
@Allow('approvals')
export class AdminApprovalsController {
  constructor(private readonly approvals: ApprovalsFacade) {}

  @Get()
  list(@Query() query: unknown) {
    return this.approvals.page(parseListQuery(query));
  }

  @Get(':id')
  getOne(@Param('id', idParam) id: number) {
    return this.approvals.one(id);
  }

  @Post(':id/approve')
  @HttpCode(200)
  approve(@Param('id', idParam) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.approvals.approve(id, operator);
  }

  @Post(':id/reject')
  @HttpCode(200)
  reject(@Param('id', idParam) id: number, @CurrentOperator() operator: AuthenticatedOperator) {
    return this.approvals.reject(id, operator);
  }
}
