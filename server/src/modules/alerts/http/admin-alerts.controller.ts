import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { Allow, idPipe, parseListQuery } from '../../../shared/index.js';
import { OperatorGuard } from '../../auth/index.js';
import { AlertsFacade } from '../application/alerts.facade.js';

const BAD_ID = '알림 번호가 올바르지 않습니다.';
const idParam = idPipe({ message: BAD_ID });

/** The console's read-only `alerts` resource (ra-data-simple-rest: list with Content-Range, one). */
@Controller('admin/alerts')
@UseGuards(OperatorGuard)
@Allow('audit')
export class AdminAlertsController {
  constructor(private readonly alerts: AlertsFacade) {}

  @Get()
  list(@Query() query: unknown) {
    return this.alerts.page(parseListQuery(query));
  }

  @Get(':id')
  getOne(@Param('id', idParam) id: number) {
    return this.alerts.one(id);
  }
}
