// The coupons module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { Coupon, CouponCode, CouponUse } from './domain/coupon.entity.js';

export { Coupon, CouponCode, CouponUse };
export const couponsEntities = [Coupon, CouponCode, CouponUse];
