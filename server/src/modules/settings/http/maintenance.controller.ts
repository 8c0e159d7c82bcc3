import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { Allow, ZodPipe } from '../../../shared/index.js';
import type { MaintenanceView } from '../../../contracts/maintenance.js';
import { SettingsService } from '../application/settings.service.js';

/** The storefront asks often (not through the hour-long settings copy) so a window starts and ends on time. */
@Controller('service/maintenance')
export class MaintenanceController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  now(): Promise<MaintenanceView> {
    return this.settings.maintenance();
  }
}

const maintenanceWriteSchema = z.object({
  values: z
    .object({
      ENABLE_SERVICE_CHECK: z.unknown(),
      SERVICE_CHECK_MESSAGE: z.unknown(),
      SERVICE_CHECK_FROM: z.unknown(),
      SERVICE_CHECK_UNTIL: z.unknown(),
    })
    .partial()
    .strict(),
});

/** The console saves the switch, the message and the window together (a moved window is checked as a whole). */
@Controller('admin/settings/maintenance')
@UseGuards(OperatorGuard)
@Allow('settings')
export class AdminMaintenanceController {
  constructor(private readonly settings: SettingsService) {}

  @Put()
  async update(
    @Body(new ZodPipe(maintenanceWriteSchema)) body: z.output<typeof maintenanceWriteSchema>,
    @CurrentOperator() operator: AuthenticatedOperator,
  ) {
    const written = Object.fromEntries(Object.entries(body.values).filter(([, v]) => v !== undefined));
    const views = await this.settings.setMaintenance(written, operator);
    return { id: 'maintenance', values: Object.fromEntries(views.map((v) => [v.key, v.value])) };
  }
}
