import { divideRounded, fromUnits, multiplyToUnits, toUnits } from './decimal.js';

describe('exact decimals at a fixed scale', () => {
  it('reads and writes decimal texts', () => {
    expect(toUnits('12.5')).toBe(125_000n);
    expect(toUnits('-0.00005')).toBe(-1n);
    expect(toUnits('0.00004')).toBe(0n);
    expect(fromUnits(125_000n)).toBe('12.5');
    expect(fromUnits(-1n)).toBe('-0.0001');
    expect(fromUnits(0n)).toBe('0');
    expect(() => toUnits('1e3')).toThrow('not a decimal');
  });

  it('multiplies exactly and rounds once, half up', () => {
    // 0.35 per 1000 × 1234 × 1350.5 won = 583.28095 won
    expect(fromUnits(multiplyToUnits(['0.35', '1234', '1350.5', '0.001']))).toBe('583.281');
    // 0.1 + 0.2 style traps do not exist here
    expect(fromUnits(toUnits('0.1') + toUnits('0.2'))).toBe('0.3');
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
  });
});
