import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PopupItem } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

/** GET /service/popup: the enabled popups as {id, enabled, imageUrl}. */
export const popupsQueryOptions = queryOptions({
  queryKey: ['popups'],
  queryFn: () => api.get<PopupItem[]>('/service/popup'),
});

export const usePopups = () => useQuery(popupsQueryOptions);
