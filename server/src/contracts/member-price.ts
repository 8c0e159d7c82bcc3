import { PRICE_SCALE, scaledPrice } from './order-rules.js';

/**
 * A member's price (회원 등급 and 회원별 단가), one rule for the server and the storefront:
 * a custom rate for the member and service wins; else the level's discount takes the list price down;
 * else the list price. Exact: prices are millionths of a won (bigint), a discount is basis points. The
 * discounted unit price is rounded DOWN to the millionth of a won (the member's favour); an order's cost
 * then rounds up to whole won once, as every order's does (orderCost).
 */
export interface MemberPricing {
  /** The level's discount in percent, up to 2 fraction digits ("5", "2.5"); "0" without a level. */
  discountPercent: string;
  /** Custom unit prices by service id (exact decimal strings). */
  rates: Record<number, string>;
}

export const NO_PRICING: MemberPricing = { discountPercent: '0', rates: {} };

const SCALE = 10n ** BigInt(PRICE_SCALE);
const PERCENT_PATTERN = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "2.5" → 250n basis points; throws on anything but 0–100 with up to 2 fraction digits. */
export function discountBasisPoints(percent: string): bigint {
  const match = PERCENT_PATTERN.exec(percent.trim());
  if (!match) throw new RangeError(`not a discount: ${percent}`);
  const bp = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  if (bp > 10_000n) throw new RangeError(`not a discount: ${percent}`);
  return bp;
}

/** millionths of a won → the shortest exact decimal string ("0.35", "12"). */
export function formatScaledPrice(scaled: bigint): string {
  const whole = scaled / SCALE;
  const fraction = (scaled % SCALE).toString().padStart(PRICE_SCALE, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** The member's unit price of a service as an exact decimal string. */
export function memberUnitPrice(listPrice: string | number, serviceId: number, pricing: MemberPricing): string {
  const rate = pricing.rates[serviceId];
  if (rate !== undefined) return formatScaledPrice(scaledPrice(rate));
  const bp = discountBasisPoints(pricing.discountPercent);
  const list = scaledPrice(listPrice);
  if (bp === 0n) return formatScaledPrice(list);
  return formatScaledPrice((list * (10_000n - bp)) / 10_000n);
}
