export { ChargeBonusModule } from './charge-bonus.module.js';
export { ChargeBonusFacade, type BonusedCharge } from './application/charge-bonus.facade.js';
export type { ChargeBonus } from './domain/charge-bonus.entity.js';
export type { ChargeBonusTier } from './domain/charge-bonus-tier.entity.js';
