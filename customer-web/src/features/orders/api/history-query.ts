import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A history screen's query: the chip's status (null for all) and the 1-based page of 10 rows. */
export interface HistoryQuery {
  status: string | null;
  page: number;
}

/**
 * GET /service/order-history and /service/auto-order-history with ?status=&page=: the server filters the
 * member's last 3 months, pages by 10 (newest first) and counts the total in X-Total-Count.
 */
export const historyQueryOptions = <T>(name: 'order-history' | 'auto-order-history', { status, page }: HistoryQuery) =>
  queryOptions({
    queryKey: [name, { status, page }],
    queryFn: () =>
      api.getPage<T>(
        `/service/${name}?${new URLSearchParams({ ...(status ? { status } : {}), page: String(page) }).toString()}`,
      ),
    placeholderData: keepPreviousData,
  });
