import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PlatformView } from '../../../lib/contracts';
import { orderKeys } from './keys';

/** GET /service/platforms: {id, text, visible, bgColor} (contracts' PlatformView; no colour when absent). */
export type Platform = Omit<PlatformView, 'bgColor'> & { bgColor?: PlatformView['bgColor'] };

export const platformsQueryOptions = queryOptions({
  queryKey: orderKeys.platforms,
  queryFn: () => api.get<Platform[]>('/service/platforms'),
});
export const usePlatforms = () => useQuery(platformsQueryOptions);
