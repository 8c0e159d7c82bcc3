import { z } from 'zod';

/**
 * 쿠폰: what an operator creates in the console and a member enters on the order form (a discount on that
 * order) or on the account page (points). Plain TypeScript and zod, shared by the server and both SPAs.
 */

export const COUPON_KINDS = ['POINTS', 'PERCENT', 'FIXED'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_KIND_LABELS = {
  POINTS: '포인트 적립',
  PERCENT: '정률 할인',
  FIXED: '정액 할인',
} as const satisfies Record<CouponKind, string>;

/** Generated codes: no 0/O, 1/I/L (read aloud or off a screen without mistakes). */
export const COUPON_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 16 characters of 31: about 79 bits, far beyond guessing at a throttled rate. */
export const COUPON_CODE_LENGTH = 16;
/** Most codes one batch makes. */
export const COUPON_BATCH_MAX = 1000;

export const COUPON_MESSAGES = {
  codeRequired: '쿠폰 코드를 입력해 주세요.',
  invalid: '존재하지 않는 쿠폰 코드입니다. 다시 확인해 주세요.',
  used: '이미 사용된 쿠폰 코드입니다.',
  disabled: '사용이 중지된 쿠폰입니다.',
  notStarted: '아직 사용 기간이 아닌 쿠폰입니다.',
  expired: '사용 기간이 지난 쿠폰입니다.',
  exhausted: '사용 수량이 모두 소진된 쿠폰입니다.',
  perMember: '이 쿠폰의 회원당 사용 횟수를 모두 사용했습니다.',
  minAmount: '최소 금액 조건을 충족하지 않아 쿠폰을 사용할 수 없습니다.',
  notForService: '이 상품에는 사용할 수 없는 쿠폰입니다.',
  pointsOnOrder: '포인트 적립 쿠폰은 내 정보의 쿠폰 등록에서 사용해 주세요.',
  discountOnRedeem: '할인 쿠폰은 주문할 때 쿠폰 코드 칸에 입력해 주세요.',
  autoOrder: '쿠폰은 단건 주문에만 사용할 수 있습니다.',
  noDiscount: '이 주문에는 할인되는 금액이 없습니다.',
  throttled: '쿠폰 코드 입력 횟수를 초과했습니다. 잠시 후 다시 시도해 주세요.',
  unavailable: '지금은 쿠폰을 사용할 수 없습니다.',
  // The console's form.
  name: '쿠폰 이름을 1~100자로 입력해 주세요.',
  kind: '쿠폰 종류를 선택해 주세요.',
  value: '쿠폰 금액은 1원 이상 100,000,000원 이하의 정수로 입력해 주세요.',
  percent: '할인율은 1~100 사이의 정수로 입력해 주세요.',
  maxDiscount: '최대 할인 금액은 1원 이상의 정수로 입력해 주세요.',
  minAmountInvalid: '최소 금액은 0원 이상의 정수로 입력해 주세요.',
  limit: '사용 횟수는 1 이상의 정수로 입력해 주세요.',
  dates: '사용 기간의 종료일은 시작일보다 뒤여야 합니다.',
  date: '날짜 형식이 올바르지 않습니다.',
  ids: '상품·카테고리 번호는 1 이상의 정수 목록으로 입력해 주세요.',
  code: '쿠폰 코드는 영문 대문자와 숫자 4~32자로 입력해 주세요.',
  duplicateCode: '이미 있는 쿠폰 코드입니다.',
  count: `한 번에 1~${COUPON_BATCH_MAX.toLocaleString('ko-KR')}개까지 만들 수 있습니다.`,
} as const;

/** A code as typed: case, spaces and hyphens do not matter. */
export const normalizeCouponCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

/** A code as shown: groups of four (XXXX-XXXX-XXXX-XXXX). */
export const formatCouponCode = (code: string): string => code.match(/.{1,4}/g)?.join('-') ?? code;

const codeField = z
  .string({ error: COUPON_MESSAGES.codeRequired })
  .max(64, COUPON_MESSAGES.invalid)
  .transform(normalizeCouponCode)
  .pipe(z.string().min(1, COUPON_MESSAGES.codeRequired));

/** `POST /api/service/coupons/redeem`. */
export const couponRedeemSchema = z.object({ code: codeField });
export type CouponRedeemInput = z.infer<typeof couponRedeemSchema>;

/** `POST /api/service/coupons/quote`: what a code takes off an order of `amount` of a service, before ordering. */
export const couponQuoteSchema = z.object({
  code: codeField,
  serviceId: z.number({ error: COUPON_MESSAGES.notForService }).int().positive().safe(),
  amount: z.number({ error: COUPON_MESSAGES.noDiscount }).int().positive().max(100_000_000),
});
export type CouponQuoteInput = z.infer<typeof couponQuoteSchema>;

export interface CouponQuote {
  couponName: string;
  /** The order's price before the coupon, whole won. */
  price: number;
  discount: number;
  /** What the member pays. */
  total: number;
}

export interface CouponRedeemed {
  couponName: string;
  points: number;
  balance: number;
}

const won = (message: string, min: number) =>
  z.number({ error: message }).int(message).min(min, message).max(1e8, message);
const optionalDate = z
  .union([z.iso.datetime({ offset: true, error: COUPON_MESSAGES.date }), z.null(), z.literal('')], {
    error: COUPON_MESSAGES.date,
  })
  .optional()
  .transform((v) => (v ? new Date(v) : null));
const ids = z
  .array(z.number({ error: COUPON_MESSAGES.ids }).int(COUPON_MESSAGES.ids).positive(COUPON_MESSAGES.ids).safe(), {
    error: COUPON_MESSAGES.ids,
  })
  .max(500, COUPON_MESSAGES.ids)
  .nullish()
  .transform((v) => [...new Set(v ?? [])]);
const optionalLimit = z
  .number({ error: COUPON_MESSAGES.limit })
  .int(COUPON_MESSAGES.limit)
  .positive(COUPON_MESSAGES.limit)
  .max(1_000_000, COUPON_MESSAGES.limit)
  .nullish()
  .transform((v) => v ?? null);

const couponFields = z.object({
  name: z.string({ error: COUPON_MESSAGES.name }).trim().min(1, COUPON_MESSAGES.name).max(100, COUPON_MESSAGES.name),
  kind: z.enum(COUPON_KINDS, { error: COUPON_MESSAGES.kind }),
  /** POINTS and FIXED: won; PERCENT: 1–100. */
  value: won(COUPON_MESSAGES.value, 1),
  /** PERCENT only: the most one order gets off. */
  maxDiscount: won(COUPON_MESSAGES.maxDiscount, 1)
    .nullish()
    .transform((v) => v ?? null),
  /** The least an order costs (PERCENT/FIXED), or the least a member has charged in all (POINTS). */
  minAmount: won(COUPON_MESSAGES.minAmountInvalid, 0)
    .nullish()
    .transform((v) => v ?? 0),
  startsAt: optionalDate,
  endsAt: optionalDate,
  totalLimit: optionalLimit,
  perMemberLimit: z
    .number({ error: COUPON_MESSAGES.limit })
    .int(COUPON_MESSAGES.limit)
    .positive(COUPON_MESSAGES.limit)
    .max(1000, COUPON_MESSAGES.limit)
    .nullish()
    .transform((v) => v ?? 1),
  serviceIds: ids,
  categoryIds: ids,
  enabled: z.boolean({ error: COUPON_MESSAGES.kind }).optional().default(true),
});

type CouponFields = z.infer<typeof couponFields>;

function couponRules(coupon: CouponFields, ctx: z.RefinementCtx): void {
  if (coupon.kind === 'PERCENT' && coupon.value > 100)
    ctx.addIssue({ code: 'custom', path: ['value'], message: COUPON_MESSAGES.percent });
  if (coupon.startsAt && coupon.endsAt && coupon.endsAt <= coupon.startsAt)
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: COUPON_MESSAGES.dates });
}

/** The console's create form; `code` is the shared code members type (none: only batch codes are used). */
export const couponCreateSchema = couponFields
  .extend({
    code: z
      .string({ error: COUPON_MESSAGES.code })
      .transform(normalizeCouponCode)
      .pipe(z.string().regex(/^[A-Z0-9]{4,32}$/, COUPON_MESSAGES.code))
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine(couponRules);
export type CouponCreateInput = z.infer<typeof couponCreateSchema>;

/** A PUT is checked as the whole record it makes; the kind and the codes of a coupon never change. */
export const couponUpdateSchema = couponFields.superRefine(couponRules);
export type CouponUpdateInput = z.infer<typeof couponUpdateSchema>;

/** `POST /api/admin/coupons/:id/codes`. */
export const couponBatchSchema = z.strictObject({
  count: z
    .number({ error: COUPON_MESSAGES.count })
    .int(COUPON_MESSAGES.count)
    .min(1, COUPON_MESSAGES.count)
    .max(COUPON_BATCH_MAX, COUPON_MESSAGES.count),
});
