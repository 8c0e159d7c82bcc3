import { Injectable } from '@nestjs/common';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { ChargeBonusFacade } from '../../charge-bonus/index.js';
import { PricingFacade } from '../../pricing/index.js';
import { ReceiptsFacade } from '../../receipts/index.js';
import { ReferralFacade } from '../../referral/index.js';
import { LedgerKind, WalletFacade } from '../../wallet/index.js';
import { NotFoundError } from '../../../shared/index.js';
import { Charge } from '../domain/charge.entity.js';

/**
 * The charge a refund names and `check`'s verdict on it (`check` throws the refusal): read before a refund is
 * held for approval, and again under the row lock in the refund's transaction, where the checks run again.
 */
export async function refundableCharge<T>(
  em: EntityManager,
  chargeId: number,
  check: (charge: Charge) => T,
  lock = false,
): Promise<{ charge: Charge; verdict: T }> {
  const charge = await em.findOne(Charge, chargeId, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!charge) throw new NotFoundError('TOSS_CHARGE_UNKNOWN');
  return { charge, verdict: check(charge) };
}

/** A refund that takes its points back even past the balance (the rest becomes the member's debt). */
export interface TakenBackRefund {
  points: bigint;
  amount: bigint;
  /** The CHARGE_REFUND ledger entry's reference. */
  reference: { type: string; id: string };
  memo: string;
  /** The reference the referrer's share and the top-up bonus are reclaimed under. */
  reclaimKey: string;
}

/**
 * What every refund of a charge books besides its own wallet movement, in the refund's transaction: the
 * charge's refunded figures, the referrer's share and the top-up bonus reclaimed, the level lowered (it
 * follows the money) and the charge's 현금영수증/세금계산서 told. Toss refunds, cancels made at Toss and
 * bank refunds alike.
 */
@Injectable()
export class RefundBookkeeping {
  constructor(
    private readonly wallet: WalletFacade,
    private readonly referral: ReferralFacade,
    private readonly bonuses: ChargeBonusFacade,
    private readonly pricing: PricingFacade,
    private readonly receipts: ReceiptsFacade,
  ) {}

  /** Takes `points` back (what the balance cannot cover becomes debt, which blocks ordering) and books the refund. */
  async takeBackIn(
    tx: EntityManager,
    charge: Charge,
    refund: TakenBackRefund,
  ): Promise<{ taken: bigint; unrecovered: bigint }> {
    let taken = 0n;
    let unrecovered = 0n;
    if (refund.points > 0n)
      ({ taken, unrecovered } = await this.wallet.takeBack(tx, {
        memberId: charge.memberId,
        amount: refund.points,
        kind: LedgerKind.CHARGE_REFUND,
        reference: refund.reference,
        memo: refund.memo,
      }));
    await this.recordIn(tx, charge, refund.points, refund.amount, refund.reclaimKey);
    return { taken, unrecovered };
  }

  /** Books a refund of `amount` won whose `points` already left the member's account. */
  async recordIn(tx: EntityManager, charge: Charge, points: bigint, amount: bigint, reclaimKey: string): Promise<void> {
    charge.recordRefund(points, amount);
    await this.referral.reclaimIn(tx, charge, charge.refundedPoint, reclaimKey);
    await this.bonuses.reclaimIn(tx, charge, charge.refundedPoint, reclaimKey);
    if (points > 0n) await this.pricing.chargeReversed(tx, charge.memberId, points);
    await this.receipts.chargeRefunded(tx, charge);
  }
}
