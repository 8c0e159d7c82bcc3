import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QnaItem } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** GET /service/qnas: {id, title, answer} in the operator's order. */
export const qnasQueryOptions = queryOptions({
  queryKey: ['qnas'],
  queryFn: () => api.get<QnaItem[]>('/service/qnas'),
});
export const useQnas = () => useQuery(qnasQueryOptions);
