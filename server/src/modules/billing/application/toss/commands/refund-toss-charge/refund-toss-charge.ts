import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../../../../audit/index.js';
import { InsufficientPointsError, LedgerKind, WalletFacade } from '../../../../../wallet/index.js';
import { DomainError } from '../../../../../../shared/index.js';
import { TOSS_MESSAGES, TOSS_PAID_WHILE_CLOSED } from '../../../../../../contracts/toss.js';
import { Charge } from '../../../../domain/charge.entity.js';
import { RefundBookkeeping, refundableCharge } from '../../../refund-bookkeeping.js';
import { snapshot } from '../../../settler.js';
import { TossClient, TossRefusal, TossUnreachable, type TossPayment } from '../../toss-client.js';

/**
 * The operator's refund of a Toss charge: takes `points` back from the member (only what they have not
 * spent) and cancels that part of the payment at Toss, in one transaction under the charge's lock: if
 * Toss refuses, the debit rolls back and Toss's reason is the answer. The referrer's reward share and the
 * top-up bonus go back too. A closed charge Toss took the money for anyway is returned whole.
 */
@Injectable()
export class RefundTossCharge {
  constructor(
    private readonly em: EntityManager,
    private readonly toss: TossClient,
    private readonly wallet: WalletFacade,
    private readonly bookkeeping: RefundBookkeeping,
    private readonly audit: AuditFacade,
  ) {}

  /**
   * The refund's refusals, checked before one is held for approval (and again under the lock when it runs);
   * answers the member it refunds (whose unapproved refunds of the day add up).
   */
  async assertRefundable(chargeId: number, points: bigint): Promise<{ memberId: number }> {
    const { charge } = await refundableCharge(this.em.fork(), chargeId, (c) => refundKind(c, points));
    return { memberId: charge.memberId };
  }

  async execute(chargeId: number, points: bigint, reason: string, operator: AuditActor): Promise<Charge> {
    return this.em.fork().transactional(async (tx) => {
      const { charge, verdict } = await refundableCharge(tx, chargeId, (c) => refundKind(c, points), true);
      const before = snapshot(charge);
      if (verdict === 'closed') await this.refundClosed(charge, reason);
      else await this.refundSettled(tx, charge, points, reason);
      this.audit.record(tx, operator, {
        action: 'refund',
        resource: 'charges',
        resourceId: charge.id,
        before,
        after: snapshot(charge),
      });
      return charge;
    });
  }

  /**
   * A closed charge (deleted member, expired) whose payment Toss took anyway: the whole payment goes back
   * through Toss; no points were credited, so no ledger entry moves.
   */
  private async refundClosed(charge: Charge, reason: string): Promise<void> {
    const payment = await this.cancelAtToss(charge.tossPaymentKey!, reason, undefined, `refund-closed-${charge.id}`);
    charge.tossStatus = payment.status;
    charge.refundedAmount = charge.depositAmount;
    charge.tossFailure = `${charge.tossFailure ?? ''} → 환불 완료 (${reason})`.slice(0, 500);
    charge.tossSettledCancels = (payment.cancels ?? []).map((c) => String(c.transactionKey).slice(0, 64));
  }

  private async refundSettled(tx: EntityManager, charge: Charge, points: bigint, reason: string): Promise<void> {
    const full = points === charge.point && charge.refundedPoint === 0n;
    const amount = charge.refundAmountFor(points);
    const refundRef = `${charge.id}:${charge.refundedPoint}`;
    try {
      await this.wallet.debit(tx, {
        memberId: charge.memberId,
        amount: points,
        kind: LedgerKind.CHARGE_REFUND,
        reference: { type: 'charge-refund', id: refundRef },
        memo: `충전 #${charge.id} 환불 (${reason})`.slice(0, 500),
      });
    } catch (error) {
      if (error instanceof InsufficientPointsError) throw new DomainError('TOSS_REFUND_TOO_LARGE');
      throw error;
    }
    // Booked before asking Toss: if Toss refuses, all of it rolls back with the debit.
    await this.bookkeeping.recordIn(tx, charge, points, amount, refundRef);
    const payment = await this.cancelAtToss(
      charge.tossPaymentKey!,
      reason,
      full ? undefined : Number(amount),
      `refund-${refundRef}-${points}`,
    );
    charge.tossStatus = payment.status;
    // This cancel is ours (Toss appends it last): a later webhook must not take it back again.
    const ours = payment.cancels?.at(-1)?.transactionKey;
    if (ours) charge.tossSettledCancels = [...(charge.tossSettledCancels ?? []), String(ours).slice(0, 64)];
  }

  /** Cancels (part of) a payment at Toss; Toss's refusal or silence becomes the operator's answer. */
  private async cancelAtToss(
    paymentKey: string,
    reason: string,
    amount: number | undefined,
    idempotencyKey: string,
  ): Promise<TossPayment> {
    try {
      return await this.toss.cancel(paymentKey, reason, amount, idempotencyKey);
    } catch (error) {
      if (error instanceof TossRefusal)
        throw new DomainError(
          error.status === 404 ? 'TOSS_REFUND_PAYMENT_UNKNOWN' : 'TOSS_REFUND_REFUSED',
          error.tossMessage || TOSS_MESSAGES.failed,
        );
      if (error instanceof TossUnreachable) throw new DomainError('TOSS_UNREACHABLE');
      throw error;
    }
  }
}

/**
 * Which refund `points` asks for, or why none: a closed charge whose payment Toss took anyway is returned
 * whole (no points were credited); a settled Toss charge gives back at most what the member has not spent.
 */
function refundKind(charge: Charge, points: bigint): 'closed' | 'settled' {
  if (charge.status === 'FAIL' && charge.tossPaymentKey && charge.tossFailure?.startsWith(TOSS_PAID_WHILE_CLOSED)) {
    if (charge.refundedAmount >= charge.depositAmount) throw new DomainError('TOSS_CLOSED');
    if (points !== charge.point) throw new DomainError('TOSS_CLOSED_REFUND_WHOLE');
    return 'closed';
  }
  if (charge.method !== 'TOSS' || !charge.tossPaymentKey || charge.status !== 'SUCCESS')
    throw new DomainError('TOSS_REFUND_NOT_TOSS');
  if (points <= 0n || points > charge.refundablePoint) throw new DomainError('TOSS_REFUND_TOO_LARGE');
  return 'settled';
}
