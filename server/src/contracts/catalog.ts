import { z } from 'zod';
import { isUnitPrice } from './order.js';
import { REFILL_DAYS_MAX, SERVICE_TYPES } from './service-types.js';

export * from './service-types.js';

/**
 * The platforms the order page's picker knows (docs/product.md §2: 15 platform ids with icons). Platform rows are
 * data an operator may add to, but these ids are the ones the storefront has icons for.
 */
export const PLATFORM_IDS = [
  'instagram',
  'youtube',
  'tiktok',
  'facebook',
  'twitter',
  'threads',
  'telegram',
  'naver',
  'kakao',
  'twitch',
  'spotify',
  'soundcloud',
  'discord',
  'linkedin',
  'website',
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

export const CATALOG_MESSAGES = {
  platformId: '플랫폼 ID는 영문 소문자, 숫자, -로 2~32자입니다.',
  text: '이름을 입력해 주세요.',
  color: '배경색은 #RRGGBB 형식이거나 비워 두어야 합니다.',
  point: '단가는 0보다 큰 숫자(소수점 6자리까지)여야 합니다.',
  minMax: '최소 수량은 1 이상이고 최대 수량보다 클 수 없습니다.',
  category: '카테고리를 선택해 주세요.',
  platform: '플랫폼을 선택해 주세요.',
  provider: '공급사 ID와 공급사 서비스 ID는 함께 입력해야 합니다.',
  type: '서비스 유형은 기본, 커스텀 댓글, 패키지, 구독 중 하나여야 합니다.',
  refillDays: `리필 기간은 1~${REFILL_DAYS_MAX}일의 정수로 입력해 주세요.`,
  packageMinMax: '패키지 상품의 최소·최대 수량은 1이어야 합니다.',
  priceRule: '가격 규칙은 판매가 유지, 마진율 유지, 알림만 중 하나여야 합니다.',
  backupProviders: '예비 공급사는 공급사 ID와 공급사 서비스 ID로 5개까지 입력할 수 있습니다.',
} as const;

const text = z
  .string({ error: CATALOG_MESSAGES.text })
  .trim()
  .min(1, CATALOG_MESSAGES.text)
  .max(200, CATALOG_MESSAGES.text);
const sortOrder = z.number().int().min(-1_000_000).max(1_000_000).default(0);

export const platformInputSchema = z.object({
  id: z.string({ error: CATALOG_MESSAGES.platformId }).regex(/^[a-z0-9-]{2,32}$/, CATALOG_MESSAGES.platformId),
  text,
  visible: z.boolean().default(true),
  bgColor: z
    .union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/, CATALOG_MESSAGES.color)], {
      error: CATALOG_MESSAGES.color,
    })
    .default(''),
  sortOrder,
});
export type PlatformInput = z.infer<typeof platformInputSchema>;

export const categoryInputSchema = z.object({
  platform: z
    .string({ error: CATALOG_MESSAGES.platform })
    .min(1, CATALOG_MESSAGES.platform)
    .max(32, CATALOG_MESSAGES.platform),
  text,
  sortOrder,
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

/** A unit price in won: a positive decimal with up to 6 fraction digits, sent as a string or a number. */
export const unitPriceSchema = z
  .union([z.string(), z.number()], { error: CATALOG_MESSAGES.point })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => isUnitPrice(v) && /[1-9]/.test(v), CATALOG_MESSAGES.point);

const count = z
  .number({ error: CATALOG_MESSAGES.minMax })
  .int(CATALOG_MESSAGES.minMax)
  .min(1, CATALOG_MESSAGES.minMax)
  .max(1_000_000_000, CATALOG_MESSAGES.minMax);

/** Price sync rules: keep our price, keep the markup percent (the price follows the rate), or only alert. */
export const PRICE_RULES = ['KEEP_PRICE', 'KEEP_MARKUP', 'ALERT_ONLY'] as const;
export type PriceRule = (typeof PRICE_RULES)[number];
export const PRICE_RULE_LABELS: Record<PriceRule, string> = {
  KEEP_PRICE: '판매가 유지',
  KEEP_MARKUP: '마진율 유지',
  ALERT_ONLY: '알림만',
};
const providerRateSchema = z
  .union([z.string(), z.number()], { error: '공급사 단가는 0 이상의 숫자(소수점 6자리까지)여야 합니다.' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,12}(\.\d{1,6})?$/.test(v), '공급사 단가는 0 이상의 숫자(소수점 6자리까지)여야 합니다.');
/** A backup provider of a service: the provider, its service id there, and its rate per 1000 (its currency). */
export const backupProviderSchema = z.object(
  {
    providerId: z.number({ error: CATALOG_MESSAGES.backupProviders }).int().positive(CATALOG_MESSAGES.backupProviders),
    serviceId: z
      .union([z.string(), z.number()], { error: CATALOG_MESSAGES.backupProviders })
      .transform((v) => String(v).trim())
      .refine((v) => v.length >= 1 && v.length <= 100, CATALOG_MESSAGES.backupProviders),
    rate: providerRateSchema.nullable().default(null),
  },
  { error: CATALOG_MESSAGES.backupProviders },
);
export type BackupProvider = z.infer<typeof backupProviderSchema>;

export const serviceInputSchema = z
  .object({
    text,
    point: unitPriceSchema,
    min: count,
    max: count,
    notice: z.string().max(5000).default(''),
    categoryId: z
      .number({ error: CATALOG_MESSAGES.category })
      .int(CATALOG_MESSAGES.category)
      .positive(CATALOG_MESSAGES.category),
    isReadOnly: z.boolean().default(false),
    enableAuto: z.boolean().default(false),
    visible: z.boolean().default(true),
    sortOrder,
    providerId: z.number().int().positive().nullable().default(null),
    providerServiceId: z.string().trim().min(1).max(100).nullable().default(null),
    /** Which kind of order the service takes (SMM API v2 spelling). */
    type: z.enum(SERVICE_TYPES, { error: CATALOG_MESSAGES.type }).default('Default'),
    /** Members may ask for a refill within `refillDays` of completion. */
    refill: z.boolean().default(false),
    refillDays: z
      .number({ error: CATALOG_MESSAGES.refillDays })
      .int(CATALOG_MESSAGES.refillDays)
      .min(1, CATALOG_MESSAGES.refillDays)
      .max(REFILL_DAYS_MAX, CATALOG_MESSAGES.refillDays)
      .default(30),
    /** The provider takes a cancel of a running order. */
    cancel: z.boolean().default(false),
    /** The provider's rate per 1000 in its currency as last known (the price sync keeps it). */
    providerRate: providerRateSchema.nullable().default(null),
    /** What the price sync does when the provider's rate changes. */
    priceRule: z.enum(PRICE_RULES, { error: CATALOG_MESSAGES.priceRule }).default('KEEP_PRICE'),
    /** Providers tried in order when the primary refuses an order. */
    backupProviders: z
      .array(backupProviderSchema, { error: CATALOG_MESSAGES.backupProviders })
      .max(5, CATALOG_MESSAGES.backupProviders)
      .default([]),
  })
  .refine((s) => s.min <= s.max, { path: ['max'], message: CATALOG_MESSAGES.minMax })
  .refine((s) => s.type !== 'Package' || (s.min === 1 && s.max === 1), {
    path: ['min'],
    message: CATALOG_MESSAGES.packageMinMax,
  })
  .refine((s) => (s.providerId === null) === (s.providerServiceId === null), {
    path: ['providerServiceId'],
    message: CATALOG_MESSAGES.provider,
  });
export type ServiceInput = z.infer<typeof serviceInputSchema>;
