import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { LedgerKind, WalletFacade } from '../../wallet/index.js';
import { Clock, reclaimShare } from '../../../shared/index.js';
import {
  CHARGE_BONUS_METHOD_LABELS,
  chargeBonusFor,
  chargeBonusMethodOf,
  type ChargeBonusTier as PublicTier,
} from '../../../contracts/charge-bonus.js';
import { ChargeBonus } from '../domain/charge-bonus.entity.js';
import { ChargeBonusTier } from '../domain/charge-bonus-tier.entity.js';

/** A charge as the bonus sees it. */
export interface BonusedCharge {
  id: number;
  memberId: number;
  point: bigint;
  method: 'BANK_TRANSFER' | 'TOSS';
  tossMethod: string | null;
}

const publicView = (t: ChargeBonusTier): PublicTier => ({
  id: t.id,
  minAmount: t.minAmount,
  kind: t.kind,
  value: t.value,
  method: t.method,
});

/**
 * 충전 보너스: when a charge is accepted, the tier that applies then (contracts chargeBonusFor) credits its
 * bonus once (ledger CHARGE_BONUS, reference = the charge); a refund takes back its share exactly as a
 * referral reward's is taken back: cumulatively, never below zero, the spent part kept as unrecovered.
 */
@Injectable()
export class ChargeBonusFacade {
  constructor(
    private readonly em: EntityManager,
    private readonly wallet: WalletFacade,
    private readonly clock: Clock,
  ) {}

  /** The storefront's tiers: enabled ones, smallest threshold first. */
  async publicTiers(): Promise<PublicTier[]> {
    const tiers = await this.em
      .fork()
      .find(ChargeBonusTier, { enabled: true }, { orderBy: { minAmount: 'ASC', id: 'ASC' } });
    return tiers.map(publicView);
  }

  /** In the accepting transaction: credits the charge's bonus, at most once per charge. */
  async grantIn(tx: EntityManager, charge: BonusedCharge): Promise<void> {
    const tiers = await tx.find(ChargeBonusTier, { enabled: true });
    const method = chargeBonusMethodOf(charge.method, charge.tossMethod);
    const match = chargeBonusFor(tiers.map(publicView), Number(charge.point), method);
    if (!match) return;
    if (await tx.count(ChargeBonus, { chargeId: charge.id })) return;
    const amount = BigInt(match.bonus);
    const rule =
      match.tier.kind === 'PERCENT' ? `${match.tier.value}%` : `${match.tier.value.toLocaleString('ko-KR')}P`;
    const credit = await this.wallet.credit(tx, {
      memberId: charge.memberId,
      amount,
      kind: LedgerKind.CHARGE_BONUS,
      reference: { type: 'charge', id: charge.id },
      memo: `충전 보너스 ${rule} (충전 #${charge.id}${method ? `, ${CHARGE_BONUS_METHOD_LABELS[method]}` : ''})`,
    });
    if (!credit.applied) return;
    tx.persist(
      Object.assign(new ChargeBonus(), {
        chargeId: charge.id,
        memberId: charge.memberId,
        tierId: match.tier.id,
        point: charge.point,
        amount,
        createdAt: this.clock.now(),
      }),
    );
    await tx.flush();
  }

  /**
   * In the refunding transaction: takes back the bonus in proportion to everything refunded of the charge
   * so far (`refundedTotal`, this refund included), less what was settled before; once per refund
   * (`refundRef`), never below zero; what the member already spent is recorded as unrecovered.
   */
  async reclaimIn(tx: EntityManager, charge: BonusedCharge, refundedTotal: bigint, refundRef: string): Promise<void> {
    const bonus = await tx.findOne(ChargeBonus, { chargeId: charge.id });
    if (!bonus) return;
    await reclaimShare(bonus, refundedTotal, charge.point, (share) =>
      this.wallet.debitUpTo(tx, {
        memberId: bonus.memberId,
        amount: share,
        kind: LedgerKind.CHARGE_BONUS,
        reference: { type: 'charge-refund', id: refundRef },
        memo: `충전 보너스 회수 (충전 #${charge.id} 환불)`,
      }),
    );
    await tx.flush();
  }
}
