import { z } from 'zod';

/** How the profit report groups orders: Korean calendar periods, or by service, provider or member. */
export const PROFIT_GROUPS = ['day', 'week', 'month', 'service', 'provider', 'member'] as const;
export type ProfitGroup = (typeof PROFIT_GROUPS)[number];
export const PROFIT_GROUP_LABELS: Record<ProfitGroup, string> = {
  day: '일별',
  week: '주별',
  month: '월별',
  service: '상품별',
  provider: '공급사별',
  member: '회원별',
};

/** The longest range one report covers (days). */
export const PROFIT_MAX_DAYS = 366;

const day = (name: string) =>
  z
    .string({ error: `${name}은(는) YYYY-MM-DD 형식이어야 합니다.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name}은(는) YYYY-MM-DD 형식이어야 합니다.`)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: `${name}은(는) 올바른 날짜여야 합니다.`,
      },
    );

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD&by=…` (Korean days, both included). */
export const profitQuerySchema = z
  .object({
    from: day('시작일'),
    to: day('종료일'),
    by: z
      .enum(PROFIT_GROUPS, { error: '집계 기준은 day, week, month, service, provider, member 중 하나여야 합니다.' })
      .default('day'),
  })
  .refine((q) => q.from <= q.to, { message: '시작일은 종료일보다 늦을 수 없습니다.', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < PROFIT_MAX_DAYS, {
    message: `기간은 ${PROFIT_MAX_DAYS}일 이내로 선택해 주세요.`,
    path: ['to'],
  });
export type ProfitQuery = z.infer<typeof profitQuerySchema>;

/** One row of the profit report; money in won as decimal text (cost to 4 decimals, exact). */
export interface ProfitRow {
  /** The group's key: a day (YYYY-MM-DD), a week's Monday, a month (YYYY-MM), or an id. */
  key: string;
  label: string;
  orders: number;
  /** Charged minus refunded. */
  revenue: string;
  cost: string;
  profit: string;
  /** Orders whose cost is not known (never placed upstream, or no rate recorded): counted as 0. */
  uncosted: number;
}

export interface ProfitReport {
  from: string;
  to: string;
  by: ProfitGroup;
  rows: ProfitRow[];
  total: Omit<ProfitRow, 'key' | 'label'>;
}

/** One row of GET /api/admin/provider-scores: a provider (providerServiceId null) or one of its services. */
export interface ProviderScore {
  id: string;
  providerId: number;
  providerName: string;
  providerServiceId: string | null;
  days: 7 | 30;
  /** Orders the provider took (placed upstream) in the window. */
  sent: number;
  /** Of those, ended (completed, partial or canceled): the base of the shares below. */
  ended: number;
  completedPercent: number | null;
  partialPercent: number | null;
  canceledPercent: number | null;
  medianSecondsToStart: number | null;
  medianSecondsToComplete: number | null;
  /** Share of orders whose send failed at least once or is held [확인 필요]. */
  errorPercent: number | null;
  /** Refills members asked in the window for orders of this provider (of this service). */
  refillsRequested: number;
  /** Of those, how many the provider (or an operator) completed. */
  refillsCompleted: number;
  /** Completed share of the refills that ended (completed or rejected); open ones are not counted yet. */
  refillSuccessPercent: number | null;
}
