import {
  beyondLimit,
  compareDecimals,
  importedUnitPrice,
  keepMarkupPrice,
  sameDecimal,
  storableRate,
  unitCost,
} from './pricing.js';

describe('imported unit price', () => {
  it('is rate / 1000 × (1 + markup) in exact decimals', () => {
    expect(importedUnitPrice({ rate: '9000', markupPercent: '0', currencyRate: '1' }, 4)).toBe('9');
    expect(importedUnitPrice({ rate: '9000', markupPercent: '50', currencyRate: '1' }, 4)).toBe('13.5');
    expect(importedUnitPrice({ rate: '0.9', markupPercent: '30', currencyRate: '1' }, 6)).toBe('0.00117');
    // 0.1 + 0.2 style traps: 1.1 × 3 = 3.3 exactly
    expect(importedUnitPrice({ rate: '1100', markupPercent: '200', currencyRate: '1' }, 4)).toBe('3.3');
    expect(importedUnitPrice({ rate: '0.9', markupPercent: '12.5', currencyRate: '1400' }, 4)).toBe('1.4175');
  });

  it('rounds up to the stored scale so a price never falls below cost', () => {
    expect(importedUnitPrice({ rate: '1', markupPercent: '0', currencyRate: '1' }, 2)).toBe('0.01');
    expect(importedUnitPrice({ rate: '1234', markupPercent: '33.333', currencyRate: '1' }, 4)).toBe('1.6454');
    expect(importedUnitPrice({ rate: '0', markupPercent: '50', currencyRate: '1' }, 4)).toBe('0');
  });
});

describe('price sync arithmetic', () => {
  it('keeps the markup exactly, rounding up', () => {
    // 2.5 won at a rate of 900: the rate goes up 20 % to 1080 → 3 won.
    expect(keepMarkupPrice('2.5', '900', '1080', 6)).toBe('3');
    expect(keepMarkupPrice('1', '3', '1', 6)).toBe('0.333334');
    expect(unitCost('900', '1')).toBe('0.9');
    expect(unitCost('0.35', '1350.5')).toBe('0.472675');
    expect(unitCost('1200', '1', true)).toBe('1200');
    expect(compareDecimals('2.50', '2.5')).toBe(0);
    expect(compareDecimals('0.9', '1')).toBe(-1);
    expect(sameDecimal('1080.000000', '1080')).toBe(true);
  });
});

describe('what the price sync takes and holds', () => {
  it('stores a rate of at most 14 whole digits, more than 6 decimals rounded up', () => {
    expect(storableRate('900')).toBe('900');
    expect(storableRate('99999999999999.999999')).toBe('99999999999999.999999');
    expect(storableRate('12345678901234567')).toBeNull();
    expect(storableRate('99999999999999.9999991')).toBeNull();
    expect(storableRate('0.1234561')).toBe('0.123457');
  });

  it('holds a move past the limit either way, and any move to 0', () => {
    expect(beyondLimit('1000', '1500', 50n)).toBe(false);
    expect(beyondLimit('1000', '1500.000001', 50n)).toBe(true);
    expect(beyondLimit('1000', '500', 50n)).toBe(false);
    expect(beyondLimit('1000', '499.99', 50n)).toBe(true);
    expect(beyondLimit('1000', '0.001', 50n)).toBe(true);
    expect(beyondLimit('1000', '0', 500n)).toBe(true);
    expect(beyondLimit('0.45', '0.45', 0n)).toBe(false);
  });
});
