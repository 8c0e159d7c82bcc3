import { chargeInWon, effectiveCost, expectedCost } from './cost.js';

describe('order cost', () => {
  it('is the rate known at send, per 1000, in won through the currency rate', () => {
    expect(expectedCost('2.5', 1000, '1')).toBe('2.5');
    expect(expectedCost('0.35', 1234, '1350.5')).toBe('583.281');
    expect(expectedCost('1200', 1, '1', true)).toBe('1200');
    expect(chargeInWon('0.4319', '1350')).toBe('583.065');
  });

  it('follows partials and cancels unless the provider gave its charge', () => {
    const base = { expectedCost: '1000', chargeCost: null, amount: 1000, remains: null };
    expect(effectiveCost({ ...base, status: 'COMPLETED' })).toBe('1000');
    expect(effectiveCost({ ...base, status: 'CANCELED' })).toBe('0');
    expect(effectiveCost({ ...base, status: 'PARTIAL', remains: 333 })).toBe('667');
    expect(effectiveCost({ ...base, expectedCost: '1', status: 'PARTIAL', remains: 1, amount: 3 })).toBe('0.6667');
    expect(effectiveCost({ ...base, status: 'PARTIAL', remains: 333, chargeCost: '12.5' })).toBe('12.5');
    expect(effectiveCost({ ...base, expectedCost: null, status: 'COMPLETED' })).toBeNull();
  });
});
