import { Body, Controller, Get, Param, Put, Query, UseGuards } from '@nestjs/common';
import {
  serviceChangeListSchema,
  serviceChangeUpdateSchema,
  type ServiceChangeListInput,
  type ServiceChangePage,
  type ServiceChangeUpdate,
} from '../../../contracts/index.js';
import { Allow, IdPipe, parseListQuery, ZodPipe } from '../../../shared/index.js';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { ServiceChangeLog } from '../application/service-change-log.js';

/** 서비스 변경 안내 for everyone: `?page=1&size=20`, newest first, hidden entries left out. */
@Controller('service')
export class ServiceChangesController {
  constructor(private readonly log: ServiceChangeLog) {}

  @Get('service-changes')
  list(@Query(new ZodPipe(serviceChangeListSchema)) query: ServiceChangeListInput): Promise<ServiceChangePage> {
    return this.log.publicPage(query);
  }
}

/** The console's change log (ra-data-simple-rest: list, one, PUT of `hidden` and `note`), audited. */
@Controller('admin/service-changes')
@UseGuards(OperatorGuard)
@Allow('catalog')
export class AdminServiceChangesController {
  constructor(private readonly log: ServiceChangeLog) {}

  @Get()
  list(@Query() query: unknown) {
    return this.log.adminPage(parseListQuery(query));
  }

  @Get(':id')
  one(@Param('id', IdPipe) id: number) {
    return this.log.adminOne(id);
  }

  @Put(':id')
  update(
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(serviceChangeUpdateSchema)) body: ServiceChangeUpdate,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.log.update(id, body, operator);
  }
}
