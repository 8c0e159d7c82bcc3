import {
  firstBelowCost,
  memberUnitPrice,
  priceLabel,
  scaledUnitCost,
  withCostFloors,
  type ServiceCost,
} from './member-price.js';

// 39 won a unit against a cost of 25 (rate 25,000 per 1000).
const followers: ServiceCost = { id: 7, point: '39', cost: 25_000_000n, perPackage: false };

describe('a member price floored at cost', () => {
  it('costs a unit at rate / 1000 × the currency rate (a package at its rate), rounded up to the millionth', () => {
    expect(scaledUnitCost('25000', '1', false)).toBe(25_000_000n);
    expect(scaledUnitCost('0.45', '1350.5', false)).toBe(607_725n); // 0.607725 exactly
    expect(scaledUnitCost('0.001', '1.5', false)).toBe(2n); // 0.0000015 → 0.000002
    expect(scaledUnitCost('9', '1', true)).toBe(9_000_000n);
    expect(scaledUnitCost(null, '1', false)).toBeNull();
  });

  it('raises a custom rate or a level price below cost to the cost, and leaves the others alone', () => {
    const pricing = { discountPercent: '0', rates: { 7: '0.000001' } };
    expect(memberUnitPrice('39', 7, withCostFloors(pricing, [followers]))).toBe('25');
    const level = { discountPercent: '50', rates: {} };
    expect(memberUnitPrice('39', 7, withCostFloors(level, [followers]))).toBe('25');
    const fine = { discountPercent: '10', rates: {} };
    expect(withCostFloors(fine, [followers])).toBe(fine);
    expect(memberUnitPrice('39', 7, fine)).toBe('35.1');
  });

  it('leaves a list price already below cost as it is, and takes no discount below it', () => {
    const loss: ServiceCost = { id: 3, point: '1', cost: 1_500_000n, perPackage: false };
    const none = { discountPercent: '0', rates: {} };
    expect(withCostFloors(none, [loss])).toBe(none);
    const level = { discountPercent: '30', rates: { 3: '0.5' } };
    expect(memberUnitPrice('1', 3, withCostFloors(level, [loss]))).toBe('1');
  });

  it('never discounts a price to nothing', () => {
    expect(memberUnitPrice('0.000001', 1, { discountPercent: '99.99', rates: {} })).toBe('0.000001');
    expect(memberUnitPrice('1', 1, { discountPercent: '100', rates: {} })).toBe('0.000001');
  });

  it('names the first service a discount would take below cost, passing over list prices already below it', () => {
    const under: ServiceCost = { id: 3, point: '1', cost: 1_080_000n, perPackage: false };
    expect(firstBelowCost({ discountPercent: '40', rates: {} }, [under, followers])).toEqual({
      service: followers,
      price: 23_400_000n,
    });
    expect(firstBelowCost({ discountPercent: '40', rates: { 7: '30' } }, [under, followers])).toBeNull();
  });

  it('labels prices per 1000 (a package per package)', () => {
    expect(priceLabel(25_000_000n, false)).toBe('1,000개당 25,000원');
    expect(priceLabel(1n, false)).toBe('1,000개당 0.001원');
    expect(priceLabel(9_000_000n, true)).toBe('패키지당 9원');
  });
});
