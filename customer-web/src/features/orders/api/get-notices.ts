import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /service/notices: {id, content, isTop, bgColor}. */
export interface Notice {
  id: number;
  content: string;
  isTop: boolean;
  bgColor?: string | null;
}

export const noticesQueryOptions = queryOptions({ queryKey: ['notices'], queryFn: () => api.get<Notice[]>('/service/notices') });
export const useNotices = () => useQuery(noticesQueryOptions);
