import { divideRounded, fromUnits, multiplyToUnits, toUnits } from '../../../shared/index.js';

/**
 * What an order costs upstream, in won (decimal text, 4 decimals): the provider's rate per 1000 in its
 * currency × quantity / 1000 × won per unit of that currency (a package's rate is per package).
 */
export function expectedCost(rate: string, quantity: number, currencyRate: string, perPackage = false): string {
  return fromUnits(
    multiplyToUnits(perPackage ? [rate, currencyRate] : [rate, String(quantity), currencyRate, '0.001']),
  );
}

/** The provider's own `charge` (its currency) in won. */
export const chargeInWon = (charge: string, currencyRate: string): string =>
  fromUnits(multiplyToUnits([charge, currencyRate]));

export interface CostInputs {
  expectedCost: string | null;
  chargeCost: string | null;
  status: string;
  amount: number;
  remains: number | null;
}

/**
 * The cost an order carries now: the provider's charge when it gave one; else the expected cost,
 * nothing for a canceled order and the delivered share for a partial one (rounded half up). Null: unknown
 * (never placed upstream, or placed before costs were recorded).
 */
export function effectiveCost({ expectedCost, chargeCost, status, amount, remains }: CostInputs): string | null {
  if (chargeCost !== null) return fromUnits(toUnits(chargeCost));
  if (status === 'CANCELED') return expectedCost === null ? null : '0';
  if (expectedCost === null) return null;
  if (status === 'PARTIAL' && remains !== null && amount > 0) {
    const delivered = BigInt(Math.max(0, amount - Math.min(remains, amount)));
    return fromUnits(divideRounded(toUnits(expectedCost) * delivered, BigInt(amount)));
  }
  return fromUnits(toUnits(expectedCost));
}
