import { resourceKey } from '../../../lib/query-keys';

/** The FAQ's query keys (lib/query-keys.ts: the resource path first). */
export const qnaKeys = {
  qnas: resourceKey('/service/qnas'),
};
