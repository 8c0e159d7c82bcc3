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
import { RedeemCoupon } from './application/commands/redeem-coupon/redeem-coupon.js';
import { ApplyCouponToOrder } from './application/commands/apply-coupon-to-order/apply-coupon-to-order.js';
import { WriteCoupon } from './application/commands/write-coupon/write-coupon.js';
import { ListCoupons } from './application/queries/list-coupons/list-coupons.js';
import { QuoteCoupon } from './application/queries/quote-coupon/quote-coupon.js';

@Module({
  imports: [AuditModule, CatalogModule, OrderingModule, PricingModule, RateLimitModule, SettingsModule, WalletModule],
  controllers: [MemberCouponsController, AdminCouponsController, AdminCouponUsesController, AdminCouponCodesController],
  providers: [
    CouponsFacade,
    CouponThrottle,
    UseCouponsOnOrders,
    RedeemCoupon,
    ApplyCouponToOrder,
    WriteCoupon,
    ListCoupons,
    QuoteCoupon,
  ],
  exports: [CouponsFacade],
})
export class CouponsModule {}
