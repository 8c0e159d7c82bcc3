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
