import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PopupItem, StorefrontBootData } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';
import { popupKeys } from './keys';

/** The popups the server wrote into index.html (window.__STOREFRONT__), when it did. */
export function popupsInPage(): PopupItem[] | undefined {
  const data = (globalThis as { __STOREFRONT__?: Partial<StorefrontBootData> }).__STOREFRONT__;
  return Array.isArray(data?.popups) ? data.popups : undefined;
}

/**
 * GET /service/popup: the enabled popups as {id, enabled, imageUrl}. The page's own copy (at most half a
 * minute old) is used first, so the popup shows with the first render and its preloaded image.
 */
export const popupsQueryOptions = queryOptions({
  queryKey: popupKeys.popups,
  queryFn: () => api.get<PopupItem[]>('/service/popup'),
  initialData: popupsInPage,
  staleTime: 5 * 60 * 1000,
});

export const usePopups = () => useQuery(popupsQueryOptions);
