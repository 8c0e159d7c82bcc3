import { PRICE_SCALE } from '../../../contracts/index.js';
import type { Service } from '../../catalog/index.js';
import { keepMarkupPrice } from '../domain/pricing.js';

/** KEEP_MARKUP's price at `rate`: the stored markup (price at a rate) scaled to it, rounded up; else the price as is. */
export function markupPrice(
  service: Pick<Service, 'point' | 'priceRule' | 'markupPoint' | 'markupRate'>,
  rate: string,
): string {
  if (service.priceRule !== 'KEEP_MARKUP' || service.markupPoint === null || service.markupRate === null)
    return service.point;
  if (!/[1-9]/.test(service.markupRate) || !/[1-9]/.test(rate)) return service.point;
  return keepMarkupPrice(service.markupPoint, service.markupRate, rate, PRICE_SCALE);
}

export const view = (s: Service) => ({
  point: s.point,
  providerRate: s.providerRate,
  min: s.min,
  max: s.max,
  visible: s.visible,
  priceRule: s.priceRule,
});
