// The charge-bonus module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { ChargeBonus } from './domain/charge-bonus.entity.js';
import { ChargeBonusTier } from './domain/charge-bonus-tier.entity.js';

export { ChargeBonus, ChargeBonusTier };
export const chargeBonusEntities = [ChargeBonusTier, ChargeBonus];
