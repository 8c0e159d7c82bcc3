import { resourceKey } from '../../../lib/query-keys';

/** The sign-up screens' query keys (lib/query-keys.ts: the resource path first). */
export const authKeys = {
  registerWhere: resourceKey('/service/register-where'),
};
