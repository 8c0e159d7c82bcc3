import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /service/platforms: {id, text, visible, bgColor}. */
export interface Platform {
  id: string;
  text: string;
  visible: boolean;
  bgColor?: string | null;
}

export const platformsQueryOptions = queryOptions({ queryKey: ['platforms'], queryFn: () => api.get<Platform[]>('/service/platforms') });
export const usePlatforms = () => useQuery(platformsQueryOptions);
