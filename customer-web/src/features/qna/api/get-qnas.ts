import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QnaItem } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { qnaKeys } from './keys';

/** GET /service/qnas: {id, title, answer} in the operator's order. */
export const qnasQueryOptions = queryOptions({
  queryKey: qnaKeys.qnas,
  queryFn: () => api.get<QnaItem[]>('/service/qnas'),
});
export const useQnas = () => useQuery(qnasQueryOptions);
