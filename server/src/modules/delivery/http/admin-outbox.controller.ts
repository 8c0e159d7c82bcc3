import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { Allow, idPipe, parseListQuery } from '../../../shared/index.js';
import { OperatorGuard } from '../../auth/index.js';
import { DeliveryFacade } from '../application/delivery.facade.js';

const idParam = idPipe({ message: '메시지 번호가 올바르지 않습니다.' });

/** The console's read-only `outbox` resource (메일·SMS 발송함): the engine's mail and SMS, codes and links masked. */
@Controller('admin/outbox')
@UseGuards(OperatorGuard)
@Allow('audit')
export class AdminOutboxController {
  constructor(private readonly delivery: DeliveryFacade) {}

  @Get()
  list(@Query() query: unknown) {
    return this.delivery.outboxPage(parseListQuery(query));
  }

  @Get(':id')
  getOne(@Param('id', idParam) id: number) {
    return this.delivery.outboxOne(id);
  }
}
