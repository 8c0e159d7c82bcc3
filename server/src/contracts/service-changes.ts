import { z } from 'zod';
import { PRICE_SCALE, scaledPrice } from './order-rules.js';

/**
 * 서비스 변경 안내: what members are told about the catalogue (a price rise or drop, a service paused,
 * resumed, added or removed), recorded with the change itself and published on the storefront, in the
 * resellers' `service.updated` webhook and, when the operator switches it on, to recent customers.
 */
export const SERVICE_CHANGE_KINDS = ['PRICE_UP', 'PRICE_DOWN', 'PAUSED', 'RESUMED', 'ADDED', 'REMOVED'] as const;
export type ServiceChangeKind = (typeof SERVICE_CHANGE_KINDS)[number];

export const SERVICE_CHANGE_KIND_LABELS: Record<ServiceChangeKind, string> = {
  PRICE_UP: '가격 인상',
  PRICE_DOWN: '가격 인하',
  PAUSED: '일시 중지',
  RESUMED: '판매 재개',
  ADDED: '신규 서비스',
  REMOVED: '판매 종료',
};

/** Where a change came from: the operator's console, the provider price sync, or a provider's service import. */
export const SERVICE_CHANGE_SOURCES = ['CONSOLE', 'PRICE_SYNC', 'IMPORT'] as const;
export type ServiceChangeSource = (typeof SERVICE_CHANGE_SOURCES)[number];

export const SERVICE_CHANGE_SOURCE_LABELS: Record<ServiceChangeSource, string> = {
  CONSOLE: '운영자 수정',
  PRICE_SYNC: '가격 동기화',
  IMPORT: '공급사 가져오기',
};

/** A package sells by the package; every other type by the 1000. */
export const PRICE_UNIT_OF = (perPackage: boolean) => (perPackage ? 1 : 1000);

/** A unit price as the price of `per` units ("0.35", 1000 → "350"), exact to the won's fraction. */
export function priceFor(point: string, per: number): string {
  const scaled = scaledPrice(point) * BigInt(per);
  const scale = 10n ** BigInt(PRICE_SCALE);
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(PRICE_SCALE, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** One entry of the public change log (GET /api/service/service-changes). */
export interface ServiceChangeView {
  id: number;
  serviceId: number;
  serviceName: string;
  kind: ServiceChangeKind;
  /** Price per `per` units (1000, or 1 for a package) before and after, in won; null when the kind has none. */
  oldPrice: string | null;
  newPrice: string | null;
  per: number;
  /** The operator's note ('' when none). */
  note: string;
  createdAt: string;
}

export interface ServiceChangePage {
  items: ServiceChangeView[];
  total: number;
  page: number;
  size: number;
}

export const SERVICE_CHANGE_PAGE_SIZE = 20;

export const serviceChangeListSchema = z.object({
  page: z.coerce
    .number({ error: '페이지 번호가 올바르지 않습니다.' })
    .int({ error: '페이지 번호가 올바르지 않습니다.' })
    .min(1, { error: '페이지 번호가 올바르지 않습니다.' })
    .max(100_000, { error: '페이지 번호가 올바르지 않습니다.' })
    .default(1),
  size: z.coerce
    .number({ error: '페이지 크기가 올바르지 않습니다.' })
    .int({ error: '페이지 크기가 올바르지 않습니다.' })
    .min(1, { error: '페이지 크기가 올바르지 않습니다.' })
    .max(100, { error: '페이지 크기는 100 이하로 입력해 주세요.' })
    .default(SERVICE_CHANGE_PAGE_SIZE),
});
export type ServiceChangeListInput = z.infer<typeof serviceChangeListSchema>;

/** The operator's edit of an entry: hide it from the log, or add a note members read. */
export const serviceChangeUpdateSchema = z
  .object({
    hidden: z.boolean({ error: '숨김 여부가 올바르지 않습니다.' }).optional(),
    note: z
      .string({ error: '메모는 글자로 입력해 주세요.' })
      .trim()
      .max(500, { error: '메모는 500자 이하로 입력해 주세요.' })
      .optional(),
  })
  .strip();
export type ServiceChangeUpdate = z.infer<typeof serviceChangeUpdateSchema>;

/** The digest a recent customer receives: a line per change of a service they ordered. */
export function serviceChangeLine(
  change: Pick<ServiceChangeView, 'serviceName' | 'kind' | 'oldPrice' | 'newPrice' | 'per'>,
): string {
  const label = SERVICE_CHANGE_KIND_LABELS[change.kind];
  const unit = change.per === 1 ? '' : ` (${change.per.toLocaleString('ko-KR')}개당)`;
  const price =
    change.oldPrice !== null && change.newPrice !== null
      ? `: ${Number(change.oldPrice).toLocaleString('ko-KR', { maximumFractionDigits: 6 })}원 → ${Number(change.newPrice).toLocaleString('ko-KR', { maximumFractionDigits: 6 })}원${unit}`
      : '';
  return `[${label}] ${change.serviceName}${price}`;
}
