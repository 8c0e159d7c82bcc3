export { PricingModule } from './pricing.module.js';
export { PricingFacade, type MemberRateRow } from './application/pricing.facade.js';
export type { MemberLevel } from './domain/member-level.entity.js';
export type { MemberRate } from './domain/member-rate.entity.js';
export type { MemberStanding } from './domain/member-standing.entity.js';
