import { z } from 'zod';
import { siteLogoSchema, siteNameSchema } from '../../../contracts/brand.js';
import { MAINTENANCE_MESSAGE_MAX, MAINTENANCE_MESSAGES } from '../../../contracts/maintenance.js';
import {
  DELETION_BALANCE,
  PAYMENT_TYPES,
  SETTINGS,
  type SettingDefinition,
  type SettingKey,
  type SettingKind,
  type SettingValue,
} from '../../../contracts/settings.js';

/** The keys, their kinds, areas and labels live in contracts/settings.ts (the console and the storefront read them too). */
export { DELETION_BALANCE, PAYMENT_TYPES, SETTINGS, type SettingDefinition, type SettingKey, type SettingValue };
export type { DeletionBalance, PaymentType } from '../../../contracts/settings.js';

type Kind = SettingKind;

/** REFERRAL_RATE when no operator set it: 3 % of each referred member's accepted charge. */
export const DEFAULT_REFERRAL_RATE = 3;

/** REFILL_COOLDOWN_HOURS when no operator set it: one refill request of an order a day. */
export const DEFAULT_REFILL_COOLDOWN_HOURS = 24;

const byKey = new Map<string, SettingDefinition>(SETTINGS.map((s) => [s.key, s]));

export function settingDefinition(key: string): SettingDefinition | undefined {
  return byKey.get(key);
}

const switchValue = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
  error: '켜기(true) 또는 끄기(false)로 입력해 주세요.',
});

const schemas: Record<Kind, z.ZodType<SettingValue>> = {
  text: z.string({ error: '글자로 입력해 주세요.' }).max(2000, '2000자 이하로 입력해 주세요.'),
  url: z.union(
    [z.literal(''), z.url({ protocol: /^https?$/, error: 'http(s) 주소를 입력하거나 비워 두어야 합니다.' })],
    { error: 'http(s) 주소를 입력하거나 비워 두어야 합니다.' },
  ),
  color: z.union(
    [z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/, '#1a73e8 형식의 색상이거나 비워 두어야 합니다.')],
    { error: '#1a73e8 형식의 색상이거나 비워 두어야 합니다.' },
  ),
  switch: switchValue,
  paymentType: z.enum(PAYMENT_TYPES, { error: `다음 중 하나로 입력해 주세요: ${PAYMENT_TYPES.join(', ')}` }),
  deletionBalance: z.enum(DELETION_BALANCE, { error: `다음 중 하나로 입력해 주세요: ${DELETION_BALANCE.join(', ')}` }),
  numberList: z
    .array(
      z
        .number({ error: '금액은 숫자로 입력해 주세요.' })
        .int('금액은 원 단위 정수로 입력해 주세요.')
        .positive('금액은 0보다 커야 합니다.')
        .max(100_000_000, '금액은 1억 원 이하로 입력해 주세요.'),
      {
        error: '금액 목록(숫자 배열)으로 입력해 주세요.',
      },
    )
    .max(20, '버튼은 20개까지 둘 수 있습니다.'),
  // A whole percent 0–100; '' (unset) reads as the default.
  percent: z.union([
    z.literal(''),
    z.coerce.string().regex(/^(100|[1-9]?\d)$/, '0에서 100 사이의 정수(%)로 입력해 주세요.'),
  ]),
  // A whole number 0 or more; '' (unset) reads as the default.
  count: z.union([z.literal(''), z.coerce.string().regex(/^(0|[1-9]\d{0,11})$/, '0 이상의 정수로 입력해 주세요.')]),
  siteName: siteNameSchema,
  imageUrl: siteLogoSchema,
  // Whole hours 1–720 (30 days); '' (unset) reads as the default.
  hours: z.union([
    z.literal(''),
    z.coerce
      .string()
      .regex(/^[1-9]\d{0,2}$/, '1에서 720 사이의 정수(시간)로 입력해 주세요.')
      .refine((v) => Number(v) <= 720, '1에서 720 사이의 정수(시간)로 입력해 주세요.'),
  ]),
  // An instant with its offset ("2026-11-28T18:00:00+09:00"), kept as UTC ISO; '' for no bound.
  datetime: z.union([z.literal(''), z.iso.datetime({ offset: true }).transform((v) => new Date(v).toISOString())], {
    error: MAINTENANCE_MESSAGES.dateInvalid,
  }),
  maintenanceMessage: z
    .string({ error: '글자로 입력해 주세요.' })
    .trim()
    .max(MAINTENANCE_MESSAGE_MAX, MAINTENANCE_MESSAGES.messageTooLong),
};

/** The value a missing row reads as: the spec says "empty string or false". */
export function emptyValue(kind: Kind): SettingValue {
  if (kind === 'switch') return false;
  if (kind === 'numberList') return [];
  if (kind === 'paymentType') return 'ALL';
  if (kind === 'deletionBalance') return 'FORFEIT';
  if (kind === 'percent') return String(DEFAULT_REFERRAL_RATE);
  if (kind === 'hours') return String(DEFAULT_REFILL_COOLDOWN_HOURS);
  return '';
}

export type ParsedSetting = { ok: true; value: SettingValue } | { ok: false; reason: string };

export function parseSettingValue(definition: SettingDefinition, value: unknown): ParsedSetting {
  const result = schemas[definition.kind].safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    reason: `${definition.label}(${definition.key}): ${result.error.issues[0]?.message ?? '값이 올바르지 않습니다.'}`,
  };
}
