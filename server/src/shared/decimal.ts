/**
 * Exact decimal money arithmetic at a fixed scale (no floating point): a value is an integer count of
 * 10^-scale units in a bigint. Costs are kept to 4 decimals of a won.
 */
export const COST_SCALE = 4;

/** "12.5" → 125000n at scale 4; extra decimals are rounded half up. Throws on anything but a plain decimal. */
export function toUnits(text: string, scale = COST_SCALE): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const fraction = match[3] ?? '';
  const digits = BigInt(`${match[2]}${fraction}`);
  const value = rescale(digits, fraction.length, scale);
  return match[1] ? -value : value;
}

/** 125000n at scale 4 → "12.5" (trailing zeros dropped; "0" for zero). */
export function fromUnits(units: bigint, scale = COST_SCALE): string {
  const negative = units < 0n;
  const text = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A non-negative digit count at scale `from` moved to scale `to`, rounding half up. */
function rescale(digits: bigint, from: number, to: number): bigint {
  if (from <= to) return digits * 10n ** BigInt(to - from);
  return divideRounded(digits, 10n ** BigInt(from - to));
}

/** a / b rounded half away from zero (b > 0). */
export function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const abs = negative ? -a : a;
  const quotient = (abs * 2n + b) / (2n * b);
  return negative ? -quotient : quotient;
}

/** The product of decimal texts, rounded half up to `scale` decimals, as units of that scale. */
export function multiplyToUnits(factors: string[], scale = COST_SCALE): bigint {
  let digits = 1n;
  let from = 0;
  for (const factor of factors) {
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(factor.trim());
    if (!match) throw new Error(`not a decimal: ${factor}`);
    const fraction = match[3] ?? '';
    const value = BigInt(`${match[2]}${fraction}`);
    digits *= match[1] ? -value : value;
    from += fraction.length;
  }
  const negative = digits < 0n;
  const value = rescale(negative ? -digits : digits, from, scale);
  return negative ? -value : value;
}
