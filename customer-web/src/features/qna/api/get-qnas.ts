import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /service/qnas: {id, title, answer}. */
export interface Qna {
  id: number;
  title: string;
  answer: string;
}

export const qnasQueryOptions = queryOptions({ queryKey: ['qnas'], queryFn: () => api.get<Qna[]>('/service/qnas') });
export const useQnas = () => useQuery(qnasQueryOptions);
