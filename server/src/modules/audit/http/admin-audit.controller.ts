import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { OperatorGuard } from '../../auth/index.js';
import { Allow, parseListQuery } from '../../../shared/index.js';
import { AuditFacade } from '../application/audit.facade.js';

@Controller('admin/audit-logs')
@UseGuards(OperatorGuard)
@Allow('audit')
export class AdminAuditController {
  constructor(private readonly audit: AuditFacade) {}

  @Get()
  list(@Query() query: unknown) {
    return this.audit.page(parseListQuery(query));
  }
}
