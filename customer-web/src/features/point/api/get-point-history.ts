import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChargeHistoryItem } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { pointKeys } from './keys';

/** GET /service/point-history: the member's charge requests of the last 3 months, newest first. */
export const pointHistoryQueryOptions = queryOptions({
  queryKey: pointKeys.history,
  queryFn: () => api.get<ChargeHistoryItem[]>('/service/point-history'),
});
export const usePointHistory = () => useQuery(pointHistoryQueryOptions);
