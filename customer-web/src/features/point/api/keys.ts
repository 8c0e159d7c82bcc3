import { resourceKey } from '../../../lib/query-keys';

/** The point screens' query keys (lib/query-keys.ts: the resource path first). */
export const pointKeys = {
  history: resourceKey('/service/point-history'),
  tossEnabled: resourceKey('/service/point/toss/enabled'),
  receipts: resourceKey('/service/receipts'),
  chargeBonuses: resourceKey('/service/charge-bonuses'),
};
