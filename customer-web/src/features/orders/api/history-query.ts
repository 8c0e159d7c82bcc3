import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys, type HistoryQuery } from './keys';

export type { HistoryQuery };

/**
 * GET /service/order-history and /service/auto-order-history with ?status=&page=: the server filters the
 * member's last 3 months, pages by 10 (newest first) and counts the total in X-Total-Count.
 */
export const historyQueryOptions = <T>(name: 'order-history' | 'auto-order-history', query: HistoryQuery) =>
  queryOptions({
    queryKey: orderKeys.history(name, query),
    queryFn: () =>
      api.getPage<T>(
        `/service/${name}?${new URLSearchParams({ ...(query.status ? { status: query.status } : {}), page: String(query.page) }).toString()}`,
      ),
    placeholderData: keepPreviousData,
  });
