import { z } from 'zod';
import { PRICE_SCALE, scaledPrice } from './order-rules.js';
import { discountBasisPoints, type MemberPricing } from './member-price.js';

export * from './member-price.js';

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
