import { Allow } from '../../../shared/index.js';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { mayUse } from '../../../contracts/index.js';
import { CurrentOperator, OperatorGuard, type AuthenticatedOperator } from '../../auth/index.js';
import { DashboardService } from '../application/dashboard.service.js';

@Controller('admin/dashboard')
@UseGuards(OperatorGuard)
@Allow('dashboard')
export class AdminDashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  /** Today's and the last 30 days' figures, and the counts that need an operator; today's profit for who may read reports. */
  @Get()
  get(@CurrentOperator() operator: AuthenticatedOperator) {
    return this.dashboard.get(mayUse(operator.role, 'reports'));
  }
}
