/**
 * A VAT-included amount split into 공급가액 and 세액 (10 %): the tax is the total's 1/11 rounded to the won,
 * so a charge of 10,000 points + 1,000 부가세 splits back into exactly 10,000 and 1,000.
 */
export function splitVat(total: bigint): { supplyCost: bigint; tax: bigint } {
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const tax = (abs * 2n + 11n) / 22n;
  const supplyCost = abs - tax;
  return negative ? { supplyCost: -supplyCost, tax: -tax } : { supplyCost, tax };
}
