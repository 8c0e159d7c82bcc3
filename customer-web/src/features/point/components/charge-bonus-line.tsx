import { chargeBonusFor, chargeBonusLine, type ChargeBonusMethod, type ChargeBonusTier } from '../../../lib/contracts';
import { useChargeBonuses } from '../api/charge-bonuses';

/** The next tier up from `point` for this method, with what it earns at its threshold; null when none is above. */
function nextTier(tiers: ChargeBonusTier[], point: number, method: ChargeBonusMethod | null) {
  const next = tiers.find((t) => t.minAmount > point && (t.method === null || t.method === method));
  return next ? chargeBonusFor(tiers, next.minAmount, method) : null;
}

/**
 * 충전 보너스 on the charge forms, before the member pays: the bonus this amount earns by this method
 * ("50,000원 충전 시 2,500P 보너스", computed as the server credits it), else the next tier's.
 */
export function ChargeBonusLine({ point, method }: { point: number; method: ChargeBonusMethod | null }) {
  const tiers = useChargeBonuses();
  const now = chargeBonusFor(tiers, point, method);
  if (now)
    return (
      <p className="charge-bonus" data-testid="charge-bonus" role="status">
        <strong>{chargeBonusLine(point, now.bonus)}</strong>
      </p>
    );
  const next = nextTier(tiers, point, method);
  if (!next) return null;
  return (
    <p className="charge-bonus muted" data-testid="charge-bonus" role="status">
      {chargeBonusLine(next.tier.minAmount, next.bonus)}
    </p>
  );
}
