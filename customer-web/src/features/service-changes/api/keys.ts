import { resourceKey } from '../../../lib/query-keys';

/** The change log's query keys (lib/query-keys.ts: the resource path first, then the page). */
export const serviceChangeKeys = {
  page: (page: number) => resourceKey('/service/service-changes', page),
};
