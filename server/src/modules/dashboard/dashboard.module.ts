import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/index.js';
import { IdentityModule } from '../identity/index.js';
import { ReferralModule } from '../referral/index.js';
import { OrderingModule } from '../ordering/index.js';
import { WalletModule } from '../wallet/index.js';
import { CatalogModule } from '../catalog/index.js';
import { FulfilmentModule } from '../fulfilment/index.js';
import { ProfitReports } from './application/profit-report.js';
import { AdminReportsController } from './http/admin-reports.controller.js';
import { DashboardService } from './application/dashboard.service.js';
import { AdminDashboardController } from './http/admin-dashboard.controller.js';

/** The operator console's dashboard (GET /api/admin/dashboard): reads only, through the other contexts' facades. */
@Module({
  imports: [
    BillingModule,
    IdentityModule,
    OrderingModule,
    WalletModule,
    ReferralModule,
    CatalogModule,
    FulfilmentModule,
  ],
  controllers: [AdminDashboardController, AdminReportsController],
  providers: [DashboardService, ProfitReports],
})
export class DashboardModule {}
