import type { CouponQuote } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** POST /service/coupons/quote: what a code takes off `amount` of a service at the member's price (nothing is used). */
export const quoteCoupon = (code: string, serviceId: number, amount: number) =>
  api.post<CouponQuote>('/service/coupons/quote', { code, serviceId, amount });
