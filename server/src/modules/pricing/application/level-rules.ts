import { levelBelowCostMessage, priceLabel, type ServiceCost } from '../../../contracts/index.js';
import { DomainError } from '../../../shared/index.js';

/** "2.50" → "2.5", "5.00" → "5". */
export const trimPercent = (percent: string): string =>
  percent.includes('.') ? percent.replace(/\.?0+$/, '') : percent;

/** The refusal of a level discount that would sell `below.service` under its cost. */
export function levelBelowCost(percent: string, below: { service: ServiceCost; price: bigint }): DomainError {
  const { service, price } = below;
  return new DomainError(
    'PRICING_BELOW_COST',
    levelBelowCostMessage(
      percent,
      service.id,
      priceLabel(price, service.perPackage),
      priceLabel(service.cost, service.perPackage),
    ),
  );
}
