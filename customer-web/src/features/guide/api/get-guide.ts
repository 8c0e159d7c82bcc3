import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuideImages } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { guideKeys } from './keys';

/** GET /service/guide: {desktopImageUrl, mobileImageUrl}, each null while the operator has set none. */
export const guideQueryOptions = queryOptions({
  queryKey: guideKeys.guide,
  queryFn: () => api.get<GuideImages>('/service/guide'),
});
export const useGuide = () => useQuery(guideQueryOptions);
