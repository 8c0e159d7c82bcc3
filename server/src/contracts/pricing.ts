import { z } from 'zod';
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

export const PRICING_MESSAGES = {
  levelName: '등급 이름을 1~50자로 입력해 주세요.',
  threshold: '필요 누적 충전액은 0 이상의 정수(원)로 입력해 주세요.',
  discount: '할인율은 0~100 사이, 소수 둘째 자리까지 입력해 주세요.',
  levelDuplicate: '같은 이름이나 같은 누적 충전액의 등급이 이미 있습니다.',
  levelInUse: '회원이 있는 등급은 삭제할 수 없습니다.',
  rate: '단가는 0보다 큰 숫자(소수 여섯째 자리까지)로 입력해 주세요.',
  serviceMissing: '상품을 찾을 수 없습니다.',
  memberMissing: '회원을 찾을 수 없습니다.',
  rateMissing: '이 상품의 회원 단가가 없습니다.',
  levelMissing: '등급을 찾을 수 없습니다.',
} as const;

const discountField = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => {
    try {
      discountBasisPoints(v);
      return true;
    } catch {
      return false;
    }
  }, PRICING_MESSAGES.discount);

/** A level as the console writes it (`POST`/`PUT /api/admin/member-levels`). */
export const memberLevelInputSchema = z.object({
  name: z
    .string({ error: PRICING_MESSAGES.levelName })
    .trim()
    .min(1, PRICING_MESSAGES.levelName)
    .max(50, PRICING_MESSAGES.levelName),
  threshold: z.coerce
    .number({ error: PRICING_MESSAGES.threshold })
    .int(PRICING_MESSAGES.threshold)
    .min(0, PRICING_MESSAGES.threshold)
    .max(1_000_000_000_000, PRICING_MESSAGES.threshold),
  discountPercent: discountField,
});
export type MemberLevelInput = z.infer<typeof memberLevelInputSchema>;

const RATE_PATTERN = new RegExp(`^\\d{1,10}(?:\\.\\d{1,${PRICE_SCALE}})?$`);

/** `PUT /api/admin/members/:id/rates` {serviceId, point}. */
export const memberRateInputSchema = z.object({
  serviceId: z.coerce
    .number({ error: PRICING_MESSAGES.serviceMissing })
    .int(PRICING_MESSAGES.serviceMissing)
    .min(1, PRICING_MESSAGES.serviceMissing)
    .max(2_147_483_647, PRICING_MESSAGES.serviceMissing),
  point: z
    .union([z.string(), z.number()], { error: PRICING_MESSAGES.rate })
    .transform((v) => String(v).trim())
    .refine((v) => RATE_PATTERN.test(v) && scaledPrice(v) > 0n, PRICING_MESSAGES.rate),
});
export type MemberRateInput = z.infer<typeof memberRateInputSchema>;

/** The member's level in `GET /api/auth/profile`: `next` is null at the top level. */
export interface MemberLevelView<Won = number> {
  name: string | null;
  discountPercent: string;
  /** Accepted charges so far, whole won. */
  charged: Won;
  next: { name: string; threshold: Won; remaining: Won; discountPercent: string } | null;
}

/** `GET /api/service/prices`: the member's own pricing, applied with {@link memberUnitPrice}. */
export interface MemberPricingView extends MemberPricing {
  levelName: string | null;
}
