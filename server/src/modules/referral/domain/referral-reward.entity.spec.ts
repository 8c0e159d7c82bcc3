import { ReferralReward } from './referral-reward.entity.js';

describe('ReferralReward', () => {
  it('floors the reward to whole won', () => {
    expect(ReferralReward.rewardFor(33_333n, 3)).toBe(999n);
    expect(ReferralReward.rewardFor(33n, 3)).toBe(0n);
    expect(ReferralReward.rewardFor(10_000n, 0)).toBe(0n);
  });

  it("takes back a refund's proportional share, never more than what is left", () => {
    const reward = Object.assign(new ReferralReward(), { amount: 1_000n });
    expect(reward.shareOf(5_000n, 20_000n)).toBe(250n);
    reward.reclaimed = 250n;
    reward.unrecovered = 500n;
    expect(reward.shareOf(20_000n, 20_000n)).toBe(250n);
    expect(reward.shareOf(15_000n, 20_000n)).toBe(250n);
  });
});
