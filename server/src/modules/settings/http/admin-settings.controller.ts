import { Body, Controller, Get, Param, Put, Query, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { Allow, pageOf, parseListQuery, ZodPipe } from '../../../shared/index.js';
import { SettingsService } from '../application/settings.service.js';

const updateSchema = z
  .object({ value: z.unknown() })
  .refine((b) => b.value !== undefined, '설정값(value)을 입력해 주세요.');

@Controller('admin/settings')
@UseGuards(OperatorGuard)
@Allow('settings')
export class AdminSettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  async list(@Query() query: unknown) {
    const rows = await this.settings.list();
    return pageOf('settings', rows as unknown as Record<string, unknown>[], parseListQuery(query));
  }

  @Get(':key')
  getOne(@Param('key') key: string) {
    return this.settings.getOne(key);
  }

  @Put(':key')
  update(
    @Param('key') key: string,
    @Body(new ZodPipe(updateSchema)) body: { value: unknown },
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    return this.settings.set(key, body.value, operator);
  }
}
