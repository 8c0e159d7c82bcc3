import { resourceKey } from '../../../lib/query-keys';

/** The guide's query keys (lib/query-keys.ts: the resource path first). */
export const guideKeys = {
  guide: resourceKey('/service/guide'),
};
