import { chargeBonusFor, chargeBonusLine, chargeBonusTierSchema, type ChargeBonusTier } from './charge-bonus.js';

const tier = (id: number, fields: Omit<ChargeBonusTier, 'id'>): ChargeBonusTier => ({ id, ...fields });
const TIERS = [
  tier(1, { minAmount: 10_000, kind: 'PERCENT', value: 3, method: null }),
  tier(2, { minAmount: 50_000, kind: 'PERCENT', value: 5, method: null }),
  tier(3, { minAmount: 50_000, kind: 'FIXED', value: 4_000, method: 'TOSS_CARD' }),
  tier(4, { minAmount: 30_000, kind: 'FIXED', value: 1_000, method: 'TOSS_VIRTUAL_ACCOUNT' }),
];

describe('charge bonus tiers', () => {
  it('picks the highest threshold met, the method’s own tier at a tie, and rounds a percent down', () => {
    const bonus = (point: number, method: Parameters<typeof chargeBonusFor>[2]) =>
      chargeBonusFor(TIERS, point, method)?.bonus ?? 0;
    expect(bonus(9_999, 'BANK_TRANSFER')).toBe(0);
    expect(bonus(10_000, 'BANK_TRANSFER')).toBe(300);
    expect(bonus(12_345, 'BANK_TRANSFER')).toBe(370);
    expect(bonus(50_000, 'BANK_TRANSFER')).toBe(2_500);
    expect(bonus(50_000, 'TOSS_CARD')).toBe(4_000);
    expect(bonus(40_000, 'TOSS_VIRTUAL_ACCOUNT')).toBe(1_000);
    expect(bonus(60_000, 'TOSS_VIRTUAL_ACCOUNT')).toBe(3_000);
    expect(bonus(50_000, null)).toBe(2_500);
    expect(chargeBonusFor(TIERS, 50_000, 'TOSS_CARD')?.tier.id).toBe(3);
  });

  it('words the storefront line as the issue does', () => {
    expect(chargeBonusLine(50_000, 2_500)).toBe('50,000원 충전 시 2,500P 보너스');
  });

  it('checks the value against the kind', () => {
    expect(chargeBonusTierSchema.safeParse({ minAmount: 1, kind: 'PERCENT', value: 101 }).success).toBe(false);
    expect(chargeBonusTierSchema.safeParse({ minAmount: 1, kind: 'FIXED', value: 101 }).data).toEqual({
      minAmount: 1,
      kind: 'FIXED',
      value: 101,
      method: null,
      enabled: true,
    });
  });
});
