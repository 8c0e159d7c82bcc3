import { resourceKey } from '../../../lib/query-keys';

/** A history screen's chip (null for all) and 1-based page. */
export interface HistoryQuery {
  status: string | null;
  page: number;
}

/** The order screens' query keys (lib/query-keys.ts: the resource path first). */
export const orderKeys = {
  platforms: resourceKey('/service/platforms'),
  categories: resourceKey('/service/categorys'),
  services: resourceKey('/service/services'),
  memberPrices: resourceKey('/service/prices'),
  notices: resourceKey('/service/notices'),
  subscriptions: resourceKey('/service/subscriptions'),
  favorites: resourceKey('/service/favorites'),
  /** Every page of a history (to invalidate), or one page. */
  history: (name: 'order-history' | 'auto-order-history', query?: HistoryQuery) =>
    query ? resourceKey(`/service/${name}`, query) : resourceKey(`/service/${name}`),
};
