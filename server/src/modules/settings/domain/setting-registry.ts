import { z } from 'zod';
import { siteLogoSchema, siteNameSchema } from '../../../contracts/brand.js';

export const PAYMENT_TYPES = ['ALL', 'CASH_AND_FEE', 'FEE', 'CASH', 'NO_FEE'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** What becomes of a deleted member's balance: forfeited on the ledger, or kept on the account for a refund by hand. */
export const DELETION_BALANCE = ['FORFEIT', 'KEEP'] as const;
export type DeletionBalance = (typeof DELETION_BALANCE)[number];

type Kind = 'text' | 'switch' | 'paymentType' | 'numberList' | 'color' | 'url' | 'deletionBalance' | 'percent' | 'count' | 'hours' | 'siteName' | 'imageUrl';

export interface SettingDefinition {
  key: string;
  kind: Kind;
  group: 'footer' | 'banking' | 'site' | 'switches' | 'payment' | 'social' | 'members' | 'alerts' | 'orders';
  label: string;
}

/** REFERRAL_RATE when no operator set it: 3 % of each referred member's accepted charge. */
export const DEFAULT_REFERRAL_RATE = 3;

/** REFILL_COOLDOWN_HOURS when no operator set it: one refill request of an order a day. */
export const DEFAULT_REFILL_COOLDOWN_HOURS = 24;

const def = (key: string, kind: Kind, group: SettingDefinition['group'], label: string): SettingDefinition => ({ key, kind, group, label });

/** Every setting of spec section 3, in the order the console shows them. */
export const SETTINGS = [
  def('FOOTER_COMPANY', 'text', 'footer', '상호'),
  def('FOOTER_CEO', 'text', 'footer', '대표자'),
  def('FOOTER_CORPORATION_MARKET_NUMBER', 'text', 'footer', '통신판매업 신고번호'),
  def('FOOTER_CEO_PHONE_NUMBER', 'text', 'footer', '전화번호'),
  def('FOOTER_ADDRESS', 'text', 'footer', '주소'),
  def('FOOTER_CORPORATION_NUMBER', 'text', 'footer', '사업자등록번호'),
  def('BANKING_NAME', 'text', 'banking', '은행명'),
  def('BANKING_ACCOUNT_NUMBER', 'text', 'banking', '계좌번호'),
  def('BANKING_DISPLAY_TEXT', 'text', 'banking', '예금주 안내 문구'),
  def('BANKING_BANKING_CODE', 'text', 'banking', '은행 코드'),
  def('SITE_KAKAO_CHANNEL_LINK', 'url', 'site', '카카오 채널 링크'),
  def('SITE_KAKAO_TEXT', 'text', 'site', '카카오 채널 문구'),
  def('SITE_MAIN_COLOR', 'color', 'site', '메인 색상'),
  // The brand (contracts/brand.ts): an unset name reads as "SMM 패널", an unset logo as the lettered mark.
  def('SITE_NAME', 'siteName', 'site', '쇼핑몰 이름'),
  def('SITE_LOGO_URL', 'imageUrl', 'site', '로고 이미지'),
  def('ENABLE_SERVICE_CHECK', 'switch', 'switches', '서비스 점검'),
  def('ENABLE_PHONE_NUMBER', 'switch', 'switches', '휴대전화 인증'),
  def('ENABLE_EMAIL_VERIFY', 'switch', 'switches', '이메일 인증'),
  def('ENABLE_REFERRAL', 'switch', 'switches', '추천인 코드'),
  def('ENABLE_VISIBLE_SERVICE_ID', 'switch', 'switches', '서비스 번호 표시'),
  def('ENABLE_QNA', 'switch', 'switches', '자주묻는질문'),
  def('ENABLE_TOSS_PAYMENT', 'switch', 'switches', '토스 결제'),
  def('REFERRAL_RATE', 'percent', 'payment', '추천인 적립률(%)'),
  def('ENABLE_PAYMENT_FEE', 'switch', 'payment', '세금계산서 부가세 10% 별도'),
  def('ENABLE_PAYMENT_TYPE', 'paymentType', 'payment', '결제 증빙 유형'),
  def('POINT_CHARGE_BUTTON_OPTIONS', 'numberList', 'payment', '충전 금액 버튼'),
  def('ENABLE_SNS_NAVER', 'switch', 'social', '네이버 로그인'),
  def('NAVER_CLIENT_ID', 'text', 'social', '네이버 Client ID'),
  def('NAVER_STATE', 'text', 'social', '네이버 state'),
  def('NAVER_REDIRECT_URL', 'url', 'social', '네이버 Redirect URL'),
  def('ENABLE_SNS_KAKAO', 'switch', 'social', '카카오 로그인'),
  def('KAKAO_TOKEN', 'text', 'social', '카카오 JavaScript 키'),
  def('MEMBER_DELETION_BALANCE', 'deletionBalance', 'members', '탈퇴 회원 잔여 포인트'),
  // Operator alerts (README "Operator alerts"); '' reads as the default (balance: off, errors: 5).
  def('ALERT_PROVIDER_BALANCE_MIN', 'count', 'alerts', '공급사 잔액 알림 기준(원)'),
  def('ALERT_PROVIDER_ERRORS', 'count', 'alerts', '공급사 연속 오류 알림 횟수'),
  def('REFILL_COOLDOWN_HOURS', 'hours', 'orders', '리필 재요청 간격(시간)'),
] as const satisfies readonly SettingDefinition[];

export type SettingKey = (typeof SETTINGS)[number]['key'];
export type SettingValue = string | boolean | number[];

const byKey = new Map<string, SettingDefinition>(SETTINGS.map((s) => [s.key, s]));

export function settingDefinition(key: string): SettingDefinition | undefined {
  return byKey.get(key);
}

const switchValue = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
  error: '켜기(true) 또는 끄기(false)로 입력해 주세요.',
});

const schemas: Record<Kind, z.ZodType<SettingValue>> = {
  text: z.string({ error: '글자로 입력해 주세요.' }).max(2000, '2000자 이하로 입력해 주세요.'),
  url: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'http(s) 주소를 입력하거나 비워 두어야 합니다.' })], { error: 'http(s) 주소를 입력하거나 비워 두어야 합니다.' }),
  color: z.union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/, '#1a73e8 형식의 색상이거나 비워 두어야 합니다.')], { error: '#1a73e8 형식의 색상이거나 비워 두어야 합니다.' }),
  switch: switchValue,
  paymentType: z.enum(PAYMENT_TYPES, { error: `다음 중 하나로 입력해 주세요: ${PAYMENT_TYPES.join(', ')}` }),
  deletionBalance: z.enum(DELETION_BALANCE, { error: `다음 중 하나로 입력해 주세요: ${DELETION_BALANCE.join(', ')}` }),
  numberList: z
    .array(z.number({ error: '금액은 숫자로 입력해 주세요.' }).int('금액은 원 단위 정수로 입력해 주세요.').positive('금액은 0보다 커야 합니다.').max(100_000_000, '금액은 1억 원 이하로 입력해 주세요.'), {
      error: '금액 목록(숫자 배열)으로 입력해 주세요.',
    })
    .max(20, '버튼은 20개까지 둘 수 있습니다.'),
  // A whole percent 0–100; '' (unset) reads as the default.
  percent: z.union([z.literal(''), z.coerce.string().regex(/^(100|[1-9]?\d)$/, '0에서 100 사이의 정수(%)로 입력해 주세요.')]),
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
  return { ok: false, reason: `${definition.label}(${definition.key}): ${result.error.issues[0]?.message ?? '값이 올바르지 않습니다.'}` };
}
