import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { WEBHOOK_MESSAGES } from '../../../contracts/index.js';
import { Allow, idPipe, parseListQuery } from '../../../shared/index.js';
import { OperatorGuard } from '../../auth/index.js';
import { DeliveryFacade } from '../application/delivery.facade.js';

const idParam = idPipe({ message: WEBHOOK_MESSAGES.notFound });

/** The console's 발송 내역 (`deliveries`): every channel's messages, recipients masked; 다시 보내기. */
@Controller('admin/deliveries')
@UseGuards(OperatorGuard)
@Allow('audit')
export class AdminDeliveriesController {
  constructor(private readonly delivery: DeliveryFacade) {}

  @Get()
  list(@Query() query: unknown) {
    return this.delivery.page(parseListQuery(query));
  }

  @Get(':id')
  getOne(@Param('id', idParam) id: number) {
    return this.delivery.one(id);
  }

  @Post(':id/resend')
  @HttpCode(200)
  resend(@Param('id', idParam) id: number) {
    return this.delivery.replayForConsole(id);
  }
}
