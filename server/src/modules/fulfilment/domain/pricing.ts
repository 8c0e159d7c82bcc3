/**
 * Exact decimal arithmetic for imported prices (no floating point in money paths): a decimal is
 * digits × 10^-scale held in a bigint.
 */
interface Decimal {
  digits: bigint;
  scale: number;
}

function decimal(text: string): Decimal {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const fraction = match[3] ?? '';
  const digits = BigInt(`${match[2]}${fraction}`);
  return { digits: match[1] ? -digits : digits, scale: fraction.length };
}

function format({ digits, scale }: Decimal): string {
  const negative = digits < 0n;
  const text = (negative ? -digits : digits).toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const multiply = (a: Decimal, b: Decimal): Decimal => ({ digits: a.digits * b.digits, scale: a.scale + b.scale });

/** Rounds up (away from zero for positives) to at most `scale` decimals: an imported price never sells below cost. */
function ceilTo(value: Decimal, scale: number): Decimal {
  if (value.scale <= scale) return value;
  const divisor = 10n ** BigInt(value.scale - scale);
  const quotient = value.digits / divisor;
  return { digits: value.digits % divisor > 0n ? quotient + 1n : quotient, scale };
}

export interface PriceInput {
  /** The provider's price per 1000, in its currency. */
  rate: string;
  /** Our margin in percent: "30" adds 30 %. */
  markupPercent: string;
  /** Won per unit of the provider's currency ("1" for a won-priced provider). */
  currencyRate: string;
}

/**
 * Our unit price in won: rate / 1000 × currencyRate × (1 + markup / 100), rounded up to `scale` decimals.
 * A package's rate is the price of the package itself (`perPackage`): no division by 1000.
 */
export function importedUnitPrice(
  { rate, markupPercent, currencyRate }: PriceInput,
  scale: number,
  perPackage = false,
): string {
  // (100 + markup) / 100 / 1000 = (100 + markup) × 10^-5 (10^-2 for a package)
  const markup = decimal(markupPercent);
  const factor: Decimal = {
    digits: markup.digits + 100n * 10n ** BigInt(markup.scale),
    scale: markup.scale + (perPackage ? 2 : 5),
  };
  return format(ceilTo(multiply(multiply(decimal(rate), decimal(currencyRate)), factor), scale));
}

/** a / b rounded up to `scale` decimals (a ≥ 0, b > 0). */
function divideCeil(a: Decimal, b: Decimal, scale: number): Decimal {
  // a.digits × 10^-a.scale / (b.digits × 10^-b.scale) = (a.digits × 10^(scale - a.scale + b.scale) / b.digits) × 10^-scale
  const shift = scale - a.scale + b.scale;
  const numerator = shift >= 0 ? a.digits * 10n ** BigInt(shift) : a.digits;
  const denominator = shift >= 0 ? b.digits : b.digits * 10n ** BigInt(-shift);
  const quotient = numerator / denominator;
  return { digits: numerator % denominator > 0n ? quotient + 1n : quotient, scale };
}

/** Same value (any number of trailing zeros). */
export function sameDecimal(a: string, b: string): boolean {
  return compareDecimals(a, b) === 0;
}

/** -1, 0 or 1 as a is below, equal to or above b (exact). */
export function compareDecimals(a: string, b: string): number {
  const x = decimal(a);
  const y = decimal(b);
  const scale = Math.max(x.scale, y.scale);
  const left = x.digits * 10n ** BigInt(scale - x.scale);
  const right = y.digits * 10n ** BigInt(scale - y.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Keep the markup percent: our price scales with the provider's rate (price × new / old), rounded up
 * to `scale` decimals so it never drops below the old margin.
 */
export function keepMarkupPrice(point: string, oldRate: string, newRate: string, scale: number): string {
  return format(divideCeil(multiply(decimal(point), decimal(newRate)), decimal(oldRate), scale));
}

/** What one unit (a package: one package) costs us in won: rate / 1000 × currencyRate, exact. */
export function unitCost(rate: string, currencyRate: string, perPackage = false): string {
  return format(multiply(multiply(decimal(rate), decimal(currencyRate)), { digits: 1n, scale: perPackage ? 0 : 3 }));
}

/** A decimal without trailing zeros ("2.500000" → "2.5"), for people to read. */
export const plainDecimal = (text: string): string => format(decimal(text));

/**
 * A provider's rate as we store it (numeric(20,6)): at most 14 whole digits, else null (skipped); more than 6
 * decimals are rounded up, so the stored rate (our cost) is never below the provider's and compares equal next time.
 */
export function storableRate(rate: string): string | null {
  const value = decimal(rate);
  if (value.digits < 0n) return null;
  const stored = ceilTo(value, 6);
  return stored.digits >= 10n ** BigInt(14 + stored.scale) ? null : format(stored);
}

/** Whether `newRate` is more than `limitPercent` % away from `oldRate` (> 0), or is 0: a move to hold for an operator. */
export function beyondLimit(oldRate: string, newRate: string, limitPercent: bigint): boolean {
  const before = decimal(oldRate);
  const after = decimal(newRate);
  if (after.digits === 0n) return true;
  const scale = Math.max(before.scale, after.scale);
  const a = before.digits * 10n ** BigInt(scale - before.scale);
  const b = after.digits * 10n ** BigInt(scale - after.scale);
  const move = b > a ? b - a : a - b;
  return move * 100n > limitPercent * a;
}
