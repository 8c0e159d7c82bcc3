export { CouponsModule } from './coupons.module.js';
export { CouponsFacade, couponUseReference, type CouponView } from './application/coupons.facade.js';
export type { Coupon, CouponCode, CouponUse } from './domain/coupon.entity.js';
