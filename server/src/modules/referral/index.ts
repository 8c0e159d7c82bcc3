export { ReferralModule } from './referral.module.js';
export { ReferralFacade, type RewardedCharge } from './application/referral.facade.js';
export type { ReferralReward } from './domain/referral-reward.entity.js';
