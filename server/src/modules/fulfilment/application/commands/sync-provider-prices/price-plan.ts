import { PRICE_RULE_LABELS, type PriceChangeKind, type PriceChangeStatus } from '../../../../../contracts/index.js';
import type { PriceSyncChanges, Service } from '../../../../catalog/index.js';
import type { PriceChange } from '../../../domain/price-change.entity.js';
import { beyondLimit, compareDecimals, plainDecimal as n, sameDecimal, unitCost } from '../../../domain/pricing.js';
import type { Provider } from '../../../domain/provider.entity.js';
import type { UpstreamService } from '../../../domain/upstream-protocol.js';
import { markupPrice } from '../../service-prices.js';

export type Change = { kind: PriceChangeKind; note: string; status?: PriceChangeStatus } & Partial<
  Pick<PriceChange, 'rule' | 'oldRate' | 'newRate' | 'oldPoint' | 'newPoint'>
>;

/** The most a unit price of ours may be (numeric(16,6)). */
const MAX_POINT = '9999999999.999999';

/**
 * What the provider's entry means for one service of ours: the changes to write and what to record; null when
 * the price it would make is beyond what we store (skipped).
 */
export function planServicePrice(
  service: Service,
  listed: UpstreamService | undefined,
  provider: Provider,
  hideBelowCost: boolean,
  limit: bigint,
): { changes: PriceSyncChanges; found: Change[] } | null {
  const changes: PriceSyncChanges = {};
  const found: Change[] = [];
  if (!listed) {
    if (service.visible) {
      changes.visible = false;
      found.push({ kind: 'GONE', note: '공급사 서비스 목록에 없어 숨겼습니다.', oldRate: service.providerRate });
    }
    return { changes, found };
  }
  const perPackage = service.type === 'Package';
  let point = service.point;
  let rate = service.providerRate ?? listed.rate;
  // The markup KEEP_MARKUP keeps: taken the first time the sync sees the service with a rate, if nobody set one.
  if (service.markupRate === null && service.providerRate !== null && /[1-9]/.test(service.providerRate)) {
    changes.markupPoint = service.point;
    changes.markupRate = service.providerRate;
  }
  if (!sameDecimal(service.providerCurrencyRate, provider.currencyRate))
    changes.providerCurrencyRate = provider.currencyRate;
  const oldRate = service.providerRate;
  if (oldRate === null || !sameDecimal(oldRate, listed.rate)) {
    const newPoint =
      service.priceRule === 'KEEP_MARKUP' ? markupPrice({ ...service, ...changes }, listed.rate) : service.point;
    if (compareDecimals(newPoint, MAX_POINT) > 0) return null;
    const label = `공급사 단가 ${oldRate === null ? '없음' : n(oldRate)} → ${n(listed.rate)} (${PRICE_RULE_LABELS[service.priceRule]})`;
    // A rate of nothing, or one far from the last, is more likely the provider's glitch than a price: held.
    if (oldRate !== null && /[1-9]/.test(oldRate) && beyondLimit(oldRate, listed.rate, limit)) {
      found.push({
        kind: 'RATE',
        status: 'HELD',
        rule: service.priceRule,
        oldRate,
        newRate: listed.rate,
        oldPoint: service.point,
        newPoint,
        note: /[1-9]/.test(listed.rate)
          ? `${label}: 변동이 한도(±${limit}%)를 넘어 보류했습니다. 판매가 ${n(service.point)} 유지 (반영하면 ${n(newPoint)})`
          : `${label}: 단가 0은 반영하지 않고 보류했습니다. 판매가 ${n(service.point)} 유지`,
      });
    } else {
      rate = listed.rate;
      point = newPoint;
      changes.providerRate = listed.rate;
      if (!sameDecimal(point, service.point)) changes.point = point;
      if (oldRate !== null)
        found.push({
          kind: 'RATE',
          rule: service.priceRule,
          oldRate,
          newRate: listed.rate,
          oldPoint: service.point,
          newPoint: point,
          note: `${label}: 판매가 ${n(service.point)} → ${n(point)}`,
        });
    }
  }
  if (!perPackage && (listed.min !== service.min || listed.max !== service.max) && listed.min <= listed.max) {
    changes.min = listed.min;
    changes.max = listed.max;
    found.push({
      kind: 'LIMITS',
      note: `최소·최대 수량 ${service.min}~${service.max} → ${listed.min}~${listed.max}`,
    });
  }
  const cost = unitCost(rate, provider.currencyRate, perPackage);
  if (compareDecimals(point, cost) < 0) {
    const hide = hideBelowCost && service.visible;
    if (hide) changes.visible = false;
    found.push({
      kind: 'BELOW_COST',
      rule: service.priceRule,
      newRate: rate,
      newPoint: point,
      note: `판매가 ${n(point)}원이 원가 ${n(cost)}원보다 낮습니다${hide ? ' (숨김)' : ''}.`,
    });
  }
  return { changes, found };
}
