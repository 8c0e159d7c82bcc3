import {
  CHARGE_BONUS_METHODS,
  chargeBonusTierSchema,
  chargeBonusTierUpdateSchema,
  type ChargeBonusTierInput,
} from '../../../contracts/charge-bonus.js';
import { filterOneOf, flagOf, numberedIds, type AdminResource } from '../../../shared/index.js';
import { ChargeBonusTier } from '../domain/charge-bonus-tier.entity.js';

/** /api/admin/charge-bonuses: the operator's tiers (ra-data-simple-rest), each write audited. */
export const CHARGE_BONUS_TIERS: AdminResource<ChargeBonusTier, ChargeBonusTierInput, ChargeBonusTierInput> = {
  name: 'charge-bonuses',
  entity: ChargeBonusTier,
  ids: numberedIds(),
  create: chargeBonusTierSchema,
  // A tier's value is checked against its kind, so a PUT is checked on the whole record.
  update: { check: 'record', schema: chargeBonusTierUpdateSchema },
  build: (input, { insert, now }) => insert({ ...input, createdAt: now }),
  apply: (row, { minAmount, kind, value, method, enabled }) =>
    Object.assign(row, { minAmount, kind, value, method, enabled }),
  sortable: ['minAmount', 'id', 'createdAt', 'value'],
  filters: {
    enabled: flagOf('enabled'),
    method: (v) => ({ method: filterOneOf(CHARGE_BONUS_METHODS, v) }),
  },
  refusals: { duplicate: 'CHARGE_BONUS_DUPLICATE' },
};
