import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /service/popup: list of {id, enabled, imageUrl}. */
export interface Popup {
  id: number | string;
  enabled: boolean;
  imageUrl: string;
}

export const popupsQueryOptions = queryOptions({
  queryKey: ['popups'],
  queryFn: () => api.get<Popup[]>('/service/popup'),
});

export const usePopups = () => useQuery(popupsQueryOptions);
