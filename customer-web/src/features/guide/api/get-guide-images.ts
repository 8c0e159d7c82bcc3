import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /service/guide-images (not in the spec's call list): {id, imageUrl, device}; the bundled images stand in without it. */
export interface GuideImage {
  id: number;
  imageUrl: string;
  device: 'DESKTOP' | 'MOBILE';
}

export const guideImagesQueryOptions = queryOptions({ queryKey: ['guide-images'], queryFn: () => api.get<GuideImage[]>('/service/guide-images') });
export const useGuideImages = () => useQuery(guideImagesQueryOptions);
