import { z } from 'zod';

/**
 * 충전 보너스: tiers the operator sets (from an amount, a percent or a fixed bonus, optionally for one
 * payment method). The storefront shows the bonus before the member pays and the server credits it on
 * acceptance, both through {@link chargeBonusFor}, so the figure shown is the figure credited.
 */
export const CHARGE_BONUS_METHODS = ['BANK_TRANSFER', 'TOSS_CARD', 'TOSS_VIRTUAL_ACCOUNT'] as const;
export type ChargeBonusMethod = (typeof CHARGE_BONUS_METHODS)[number];
export const CHARGE_BONUS_METHOD_LABELS = {
  BANK_TRANSFER: '무통장 입금',
  TOSS_CARD: '토스 카드',
  TOSS_VIRTUAL_ACCOUNT: '토스 가상계좌',
} as const satisfies Record<ChargeBonusMethod, string>;

/** The tier method a charge is paid by; a Toss transfer (계좌이체) is none of them (all-method tiers only). */
export function chargeBonusMethodOf(
  method: 'BANK_TRANSFER' | 'TOSS',
  tossMethod: string | null,
): ChargeBonusMethod | null {
  if (method === 'BANK_TRANSFER') return 'BANK_TRANSFER';
  if (tossMethod === 'CARD') return 'TOSS_CARD';
  if (tossMethod === 'VIRTUAL_ACCOUNT') return 'TOSS_VIRTUAL_ACCOUNT';
  return null;
}

export const CHARGE_BONUS_KINDS = ['PERCENT', 'FIXED'] as const;
export type ChargeBonusKind = (typeof CHARGE_BONUS_KINDS)[number];
export const CHARGE_BONUS_KIND_LABELS = { PERCENT: '비율(%)', FIXED: '정액(P)' } as const satisfies Record<
  ChargeBonusKind,
  string
>;

export const CHARGE_BONUS_MESSAGES = {
  minAmountInvalid: '보너스 기준 금액은 1원 이상 100,000,000원 이하의 정수로 입력해 주세요.',
  kindInvalid: '보너스 방식(비율 또는 정액)을 선택해 주세요.',
  percentInvalid: '보너스 비율은 1% 이상 100% 이하의 정수로 입력해 주세요.',
  fixedInvalid: '정액 보너스는 1P 이상 10,000,000P 이하의 정수로 입력해 주세요.',
  methodInvalid: '결제 수단은 무통장 입금, 토스 카드, 토스 가상계좌 중에서 선택하거나 비워 두세요.',
  enabledInvalid: '사용 여부는 켜짐 또는 꺼짐으로 입력해 주세요.',
  duplicate: '같은 기준 금액과 결제 수단의 보너스 구간이 이미 있습니다.',
} as const;

const MAX_CHARGE = 100_000_000;
const MAX_FIXED = 10_000_000;

const wholeIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const tierFields = {
  minAmount: wholeIn(1, MAX_CHARGE, CHARGE_BONUS_MESSAGES.minAmountInvalid),
  kind: z.enum(CHARGE_BONUS_KINDS, { error: CHARGE_BONUS_MESSAGES.kindInvalid }),
  value: z.number({ error: CHARGE_BONUS_MESSAGES.fixedInvalid }).int(CHARGE_BONUS_MESSAGES.fixedInvalid),
  method: z.enum(CHARGE_BONUS_METHODS, { error: CHARGE_BONUS_MESSAGES.methodInvalid }).nullable(),
  enabled: z.boolean({ error: CHARGE_BONUS_MESSAGES.enabledInvalid }),
};

/** The value's range depends on the kind: a percent 1–100, a fixed bonus 1–10,000,000P. */
function valueFits(tier: { kind?: ChargeBonusKind; value?: number }, ctx: z.RefinementCtx): void {
  if (tier.kind === undefined || tier.value === undefined) return;
  const [max, message] =
    tier.kind === 'PERCENT'
      ? [100, CHARGE_BONUS_MESSAGES.percentInvalid]
      : [MAX_FIXED, CHARGE_BONUS_MESSAGES.fixedInvalid];
  if (tier.value < 1 || tier.value > max) ctx.addIssue({ code: 'custom', path: ['value'], message });
}

/** POST /api/admin/charge-bonuses. `method` left out or null: every payment method. */
export const chargeBonusTierSchema = z
  .object({
    ...tierFields,
    method: tierFields.method.optional().transform((m) => m ?? null),
    enabled: tierFields.enabled.optional().transform((e) => e ?? true),
  })
  .superRefine(valueFits);
export type ChargeBonusTierInput = z.output<typeof chargeBonusTierSchema>;

/** PUT /api/admin/charge-bonuses/:id: checked on the stored tier with the body laid over it. */
export const chargeBonusTierUpdateSchema = z.object(tierFields).superRefine(valueFits);

/** A tier as the storefront reads it (GET /api/service/charge-bonuses: enabled tiers only). */
export interface ChargeBonusTier {
  id: number;
  minAmount: number;
  kind: ChargeBonusKind;
  value: number;
  method: ChargeBonusMethod | null;
}

/** The bonus of one tier for `point`: a percent rounds down to the won; a fixed bonus is itself. */
export function tierBonus(tier: Pick<ChargeBonusTier, 'kind' | 'value'>, point: number): number {
  return tier.kind === 'PERCENT' ? Math.floor((point * tier.value) / 100) : tier.value;
}

/**
 * The tier that applies to a charge of `point` paid by `method`, and its bonus. Overlapping tiers: the
 * enabled tier with the highest threshold not above `point` wins (whatever its bonus); at the same
 * threshold a tier for this method wins over one for every method; then the larger bonus, then the older
 * tier. Null when none applies.
 */
export function chargeBonusFor<T extends ChargeBonusTier>(
  tiers: readonly T[],
  point: number,
  method: ChargeBonusMethod | null,
): { tier: T; bonus: number } | null {
  let best: { tier: T; bonus: number } | null = null;
  for (const tier of tiers) {
    if (tier.minAmount > point || (tier.method !== null && tier.method !== method)) continue;
    const candidate = { tier, bonus: tierBonus(tier, point) };
    if (best === null || ranksAbove(candidate, best)) best = candidate;
  }
  return best && best.bonus > 0 ? best : null;
}

function ranksAbove(a: { tier: ChargeBonusTier; bonus: number }, b: { tier: ChargeBonusTier; bonus: number }) {
  if (a.tier.minAmount !== b.tier.minAmount) return a.tier.minAmount > b.tier.minAmount;
  if ((a.tier.method !== null) !== (b.tier.method !== null)) return a.tier.method !== null;
  if (a.bonus !== b.bonus) return a.bonus > b.bonus;
  return a.tier.id < b.tier.id;
}

/** The storefront's line: "50,000원 충전 시 2,500P 보너스". */
export const chargeBonusLine = (point: number, bonus: number) =>
  `${point.toLocaleString('ko-KR')}원 충전 시 ${bonus.toLocaleString('ko-KR')}P 보너스`;
