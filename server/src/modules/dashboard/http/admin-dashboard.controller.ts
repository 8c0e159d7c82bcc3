import { Allow } from '../../../shared/index.js';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { OperatorGuard } from '../../auth/index.js';
import { DashboardService } from '../application/dashboard.service.js';

@Controller('admin/dashboard')
@UseGuards(OperatorGuard)
@Allow('dashboard')
export class AdminDashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  /** Today's and the last 30 days' figures, and the counts that need an operator. */
  @Get()
  get() {
    return this.dashboard.get();
  }
}
