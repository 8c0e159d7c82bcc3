import { resourceKey } from '../../../lib/query-keys';

/** The popup layer's query keys (lib/query-keys.ts: the resource path first). */
export const popupKeys = {
  popups: resourceKey('/service/popup'),
};
