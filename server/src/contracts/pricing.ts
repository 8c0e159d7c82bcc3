import { z } from 'zod';
import { PRICE_SCALE, scaledPrice } from './order-rules.js';
import { discountBasisPoints, type MemberPricing } from './member-price.js';

export * from './member-price.js';

export const PRICING_MESSAGES = {
  levelName: '등급 이름을 1~50자로 입력해 주세요.',
  threshold: '필요 누적 충전액은 0 이상의 정수(원)로 입력해 주세요.',
  discount: '할인율은 0 이상 100 미만, 소수 둘째 자리까지 입력해 주세요.',
  levelDuplicate: '같은 이름이나 같은 누적 충전액의 등급이 이미 있습니다.',
  levelInUse: '회원이 있는 등급은 삭제할 수 없습니다.',
  rate: '단가는 0보다 큰 숫자(소수 여섯째 자리까지)로 입력해 주세요.',
  serviceMissing: '상품을 찾을 수 없습니다.',
  memberMissing: '회원을 찾을 수 없습니다.',
  rateMissing: '이 상품의 회원 단가가 없습니다.',
  levelMissing: '등급을 찾을 수 없습니다.',
  /** The code's generic wording; a refusal names the price and the cost (below). */
  belowCost: '원가보다 낮은 가격은 정할 수 없습니다.',
} as const;

/** The price sync's holds and the operator's commands on them (가격 변경 내역). */
export const PRICE_SYNC_MESSAGES = {
  changeMissing: '가격 변경 내역을 찾을 수 없습니다.',
  notHeld: '보류 중인 가격 변경만 반영하거나 무시할 수 있습니다.',
  stale: '그 사이 공급사 단가가 바뀌어 이 변경은 반영할 수 없습니다. 가격 동기화를 다시 실행해 주세요.',
  zeroRate: '공급사 단가 0은 반영할 수 없습니다. 무시하거나 공급사에 확인해 주세요.',
} as const;

/** PRICE_SYNC_MAX_CHANGE_PERCENT when no operator set it: a rate may move ±50 % in one sync. */
export const DEFAULT_PRICE_SYNC_MAX_CHANGE_PERCENT = 50n;

/** A custom rate below what the service costs us: "회원 단가(1,000개당 0.001원)가 원가(1,000개당 25,000원)보다 낮아 …". */
export const rateBelowCostMessage = (price: string, cost: string): string =>
  `회원 단가(${price})가 원가(${cost})보다 낮아 정할 수 없습니다.`;

/** A level discount that would sell a service below cost. */
export const levelBelowCostMessage = (percent: string, serviceId: number, price: string, cost: string): string =>
  `할인율 ${percent}%를 적용하면 상품 #${serviceId}의 판매가(${price})가 원가(${cost})보다 낮아집니다. 할인율을 낮추거나 이 상품에 회원 단가를 정해 주세요.`;

const discountField = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => {
    try {
      // 100 % would give everything away (and leave orders of nothing): the deepest level is below it.
      return discountBasisPoints(v) < 10_000n;
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
