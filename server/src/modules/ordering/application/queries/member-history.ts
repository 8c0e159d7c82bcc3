import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import {
  ORDER_HISTORY_PAGE_SIZE,
  type AutoOrderHistoryRow as AutoOrderHistoryRowOf,
  type OrderHistoryRow as OrderHistoryRowOf,
} from '../../../../contracts/index.js';
import { DomainError } from '../../../../shared/index.js';
import type { AutoOrder } from '../../domain/auto-order.entity.js';
import type { Order } from '../../domain/order.entity.js';

/** A member's history query: optional status and 1-based page (page size 10). */
export interface HistoryQuery {
  status?: string;
  page?: number;
}

export interface History<T> {
  rows: T[];
  /** Rows matching the status over the 3 months (X-Total-Count). */
  total: number;
}

/** docs/product.md §2 order history columns, as the storefront reads them (contracts/views.ts). */
export type OrderHistoryRow = OrderHistoryRowOf<Date, bigint>;

/** docs/product.md §2 auto-order history columns: point is the final amount used, totalAmount = amount × runs. */
export type AutoOrderHistoryRow = AutoOrderHistoryRowOf<Date, bigint>;

/** docs/product.md §2: histories show the last 3 months. */
export function historyStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - 3);
  return start;
}

const letters = (raw: string) => raw.toUpperCase().replace(/[^A-Z]/g, '');

/** The statuses a history's `status` names (null: all), through `aliases` first; 400 for an unknown one. */
export function statusFilter<S extends string>(
  raw: string | undefined,
  statuses: readonly S[],
  aliases: Record<string, readonly S[]> = {},
): readonly S[] | null {
  const wanted = letters(raw ?? '');
  if (wanted === '' || wanted === 'ALL') return null;
  const found = aliases[wanted] ?? (statuses.includes(wanted as S) ? [wanted as S] : null);
  if (!found) throw new DomainError('FORM_INVALID');
  return found;
}

/** The member's rows of the last 3 months, newest first, of a status if given; one page of 10 when a page is asked for. */
export async function findHistory<T extends Order | AutoOrder>(
  em: EntityManager,
  entity: new () => T,
  where: { memberId: number; status: readonly string[] | null; now: Date },
  page: number | undefined,
): Promise<History<T>> {
  const filter = {
    memberId: where.memberId,
    createdAt: { $gte: historyStart(where.now) },
    ...(where.status ? { status: { $in: where.status } } : {}),
  } as FilterQuery<T>;
  const orderBy = { createdAt: 'DESC', id: 'DESC' } as const;
  if (page === undefined) {
    const rows = await em.find(entity, filter, { orderBy: orderBy as never });
    return { rows, total: rows.length };
  }
  const [rows, total] = await em.findAndCount(entity, filter, {
    orderBy: orderBy as never,
    limit: ORDER_HISTORY_PAGE_SIZE,
    offset: (page - 1) * ORDER_HISTORY_PAGE_SIZE,
  });
  return { rows, total };
}
