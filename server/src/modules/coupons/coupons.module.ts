import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { CatalogModule } from '../catalog/index.js';
import { OrderingModule } from '../ordering/index.js';
import { UseCouponsOnOrders } from './application/handlers/use-coupons-on-orders.js';
import { PricingModule } from '../pricing/index.js';
import { RateLimitModule } from '../rate-limit/index.js';
import { SettingsModule } from '../settings/index.js';
import { WalletModule } from '../wallet/index.js';
import { CouponsFacade } from './application/coupons.facade.js';
import { CouponThrottle } from './application/coupon-throttle.js';
import {
  AdminCouponCodesController,
  AdminCouponsController,
  AdminCouponUsesController,
  MemberCouponsController,
} from './http/coupons.controller.js';

@Module({
  imports: [AuditModule, CatalogModule, OrderingModule, PricingModule, RateLimitModule, SettingsModule, WalletModule],
  controllers: [MemberCouponsController, AdminCouponsController, AdminCouponUsesController, AdminCouponCodesController],
  providers: [CouponsFacade, CouponThrottle, UseCouponsOnOrders],
  exports: [CouponsFacade],
})
export class CouponsModule {}
