import { proportionalTakeBack, reclaimShare } from './proportional-share.js';

describe('proportional take-back', () => {
  it('adds up to the grant exactly over partial refunds, where rounding each part alone would not', async () => {
    const grant = { amount: 2_500n, reclaimed: 0n, unrecovered: 0n };
    const taken: bigint[] = [];
    let refunded = 0n;
    for (const part of [10_001n, 20_003n, 19_996n]) {
      refunded += part;
      await reclaimShare(grant, refunded, 50_000n, async (share) => {
        taken.push(share);
        return share;
      });
    }
    expect(taken).toEqual([500n, 1_000n, 1_000n]);
    expect(grant).toEqual({ amount: 2_500n, reclaimed: 2_500n, unrecovered: 0n });
  });

  it('records what could not be taken as unrecovered, and never asks for it again', async () => {
    const grant = { amount: 300n, reclaimed: 0n, unrecovered: 0n };
    await reclaimShare(grant, 5_000n, 10_000n, async () => 100n);
    expect(grant).toEqual({ amount: 300n, reclaimed: 100n, unrecovered: 50n });
    expect(proportionalTakeBack(300n, 150n, 5_000n, 10_000n)).toBe(0n);
    await reclaimShare(grant, 10_000n, 10_000n, async (share) => share);
    expect(grant).toEqual({ amount: 300n, reclaimed: 250n, unrecovered: 50n });
  });
});
