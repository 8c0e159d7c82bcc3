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
  return formatScaledPrice(scaledMemberPrice(listPrice, serviceId, pricing));
}

/** {@link memberUnitPrice} in millionths of a won; a discount never takes a price to nothing (a millionth at least). */
function scaledMemberPrice(listPrice: string | number, serviceId: number, pricing: MemberPricing): bigint {
  const rate = pricing.rates[serviceId];
  if (rate !== undefined) return scaledPrice(rate);
  const list = scaledPrice(listPrice);
  return discountedPrice(list, discountBasisPoints(pricing.discountPercent));
}

/** A list price (millionths) at a discount (basis points), rounded down, never below one millionth. */
export function discountedPrice(list: bigint, bp: bigint): bigint {
  if (bp === 0n) return list;
  const price = (list * (10_000n - bp)) / 10_000n;
  return price > 0n ? price : 1n;
}

/** A service whose upstream cost is known: its list price and what one unit (a package: one package) costs us. */
export interface ServiceCost {
  id: number;
  point: string;
  /** Millionths of a won, rounded up. */
  cost: bigint;
  perPackage: boolean;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * What one unit costs upstream in millionths of a won, rounded up (a floor is never below the true cost): the
 * provider's rate per 1000 (a package: per package) × won per unit of its currency. Null: no rate known.
 */
export function scaledUnitCost(rate: string | null, currencyRate: string, perPackage: boolean): bigint | null {
  if (rate === null) return null;
  const r = DECIMAL.exec(rate.trim());
  const c = DECIMAL.exec(currencyRate.trim());
  if (!r || !c) return null;
  const digits = BigInt(r[1]! + (r[2] ?? '')) * BigInt(c[1]! + (c[2] ?? ''));
  const divisor = 10n ** BigInt((r[2] ?? '').length + (c[2] ?? '').length) * (perPackage ? 1n : 1000n);
  return (digits * SCALE + divisor - 1n) / divisor;
}

/**
 * The member's pricing with the cost as a floor: where the member's custom rate or level discount would take a
 * service below what it costs us (a cost that rose after they were set), the cost becomes the member's rate for
 * it. A list price already below cost stays the list (the operator's price, or KEEP_PRICE after a rate rise: the
 * price sync alerts it, and hides it with PRICE_SYNC_HIDE_BELOW_COST); no discount goes below it. Every price a
 * member sees or pays goes through this.
 */
export function withCostFloors(pricing: MemberPricing, costs: readonly ServiceCost[]): MemberPricing {
  let rates: Record<number, string> | null = null;
  for (const service of costs) {
    const list = scaledPrice(service.point);
    const floor = list < service.cost ? list : service.cost;
    if (scaledMemberPrice(service.point, service.id, pricing) >= floor) continue;
    rates ??= { ...pricing.rates };
    rates[service.id] = formatScaledPrice(floor);
  }
  return rates ? { ...pricing, rates } : pricing;
}

/**
 * The first of `costs` the pricing would take below cost (ignoring floors), with the price it would have; else
 * null. A list price already below cost is the price sync's alert, not the discount's doing: it is passed over.
 */
export function firstBelowCost(
  pricing: MemberPricing,
  costs: readonly ServiceCost[],
): { service: ServiceCost; price: bigint } | null {
  for (const service of costs) {
    if (scaledPrice(service.point) < service.cost && pricing.rates[service.id] === undefined) continue;
    const price = scaledMemberPrice(service.point, service.id, pricing);
    if (price < service.cost) return { service, price };
  }
  return null;
}

/** A unit price (millionths) as people compare it: "1,000개당 25,000원", a package's "패키지당 9,000원". */
export function priceLabel(scaled: bigint, perPackage: boolean): string {
  const [whole, fraction] = formatScaledPrice(perPackage ? scaled : scaled * 1000n).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${perPackage ? '패키지당' : '1,000개당'} ${grouped}${fraction ? `.${fraction}` : ''}원`;
}
