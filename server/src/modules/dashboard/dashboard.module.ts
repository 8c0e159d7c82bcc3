import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/index.js';
import { IdentityModule } from '../identity/index.js';
import { ReferralModule } from '../referral/index.js';
import { OrderingModule } from '../ordering/index.js';
import { WalletModule } from '../wallet/index.js';
import { DashboardService } from './application/dashboard.service.js';
import { AdminDashboardController } from './http/admin-dashboard.controller.js';

/** The operator console's dashboard (GET /api/admin/dashboard): reads only, through the other contexts' facades. */
@Module({
  imports: [BillingModule, IdentityModule, OrderingModule, WalletModule, ReferralModule],
  controllers: [AdminDashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
