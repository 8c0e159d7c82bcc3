// The referral module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { ReferralReward } from './domain/referral-reward.entity.js';

export { ReferralReward };
export const referralEntities = [ReferralReward];
