import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NoticeItem } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** GET /service/notices: {id, content, isTop, bgColor, createdAt}, pinned first, then newest first. */
export const noticesQueryOptions = queryOptions({
  queryKey: orderKeys.notices,
  queryFn: () => api.get<NoticeItem[]>('/service/notices'),
});
export const useNotices = () => useQuery(noticesQueryOptions);
