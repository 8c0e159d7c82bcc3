import type { CouponRedeemed } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { refreshProfile } from '../../../lib/auth';

/** POST /service/coupons/redeem: a points coupon credited; the profile (balance) is then refetched. */
export async function redeemCoupon(code: string): Promise<CouponRedeemed> {
  const redeemed = await api.post<CouponRedeemed>('/service/coupons/redeem', { code });
  await refreshProfile();
  return redeemed;
}
