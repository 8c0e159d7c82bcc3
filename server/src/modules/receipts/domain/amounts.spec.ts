import { splitVat } from './amounts.js';

describe('splitVat', () => {
  it('splits a charge with 부가세 on top back into its points and its tax', () => {
    expect(splitVat(11_000n)).toEqual({ supplyCost: 10_000n, tax: 1_000n });
    // 33,333 points + 3,333 (floored) 부가세.
    expect(splitVat(36_666n)).toEqual({ supplyCost: 33_333n, tax: 3_333n });
    expect(splitVat(0n)).toEqual({ supplyCost: 0n, tax: 0n });
  });

  it('keeps the sum and the sign of a 수정세금계산서', () => {
    for (const total of [1n, 7n, 99n, 5_500n, 123_457n]) {
      const { supplyCost, tax } = splitVat(-total);
      expect(supplyCost + tax).toBe(-total);
      expect(splitVat(total)).toEqual({ supplyCost: -supplyCost, tax: -tax });
    }
  });
});
