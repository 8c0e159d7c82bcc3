import { ReferralReward } from './referral-reward.entity.js';

describe('ReferralReward', () => {
  it('floors the reward to whole won', () => {
    expect(ReferralReward.rewardFor(33_333n, 3)).toBe(999n);
    expect(ReferralReward.rewardFor(33n, 3)).toBe(0n);
    expect(ReferralReward.rewardFor(10_000n, 0)).toBe(0n);
  });

  it('takes back in proportion to the cumulative refund, less what was taken before', () => {
    const reward = Object.assign(new ReferralReward(), { amount: 1_000n });
    expect(reward.shareOf(5_000n, 20_000n)).toBe(250n);
    reward.reclaimed = 250n;
    reward.unrecovered = 500n;
    // 15,000 of 20,000 refunded: 750 of the reward, all taken (or found spent) already.
    expect(reward.shareOf(15_000n, 20_000n)).toBe(0n);
    expect(reward.shareOf(20_000n, 20_000n)).toBe(250n);
  });

  it('many small refunds add up to the whole reward (33, 33, 33, 9,901 of 10,000 → 0, 1, 1, 298)', () => {
    const reward = Object.assign(new ReferralReward(), { amount: 300n });
    const taken: bigint[] = [];
    let total = 0n;
    for (const refund of [33n, 33n, 33n, 9_901n]) {
      total += refund;
      const share = reward.shareOf(total, 10_000n);
      reward.reclaimed += share;
      taken.push(share);
    }
    expect(taken).toEqual([0n, 1n, 1n, 298n]);
    expect(reward.reclaimed).toBe(300n);
  });
});
