import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { DomainError } from '../../../shared/index.js';
import type { BankRefundResult } from '../../../contracts/charge.js';
import { Charge } from '../domain/charge.entity.js';
import { RefundBookkeeping, refundableCharge } from './refund-bookkeeping.js';
import { snapshot } from './settler.js';

/**
 * The operator's refund of an accepted bank-transfer charge. The won go back by a bank transfer made
 * outside the product; this records it, in one transaction under the charge's row lock (so parallel
 * refunds never exceed what was paid): the points it paid for taken back (what the balance cannot cover
 * becomes the member's debt), the referrer's share and the top-up bonus's reclaimed, the level lowered, the documents told.
 */
@Injectable()
export class BankRefunds {
  constructor(
    private readonly em: EntityManager,
    private readonly bookkeeping: RefundBookkeeping,
    private readonly audit: AuditFacade,
  ) {}

  /** Whether the charge is paid by bank transfer (false when unknown: the refund's own refusal answers). */
  async isBankTransfer(chargeId: number): Promise<boolean> {
    const charge = await this.em.fork().findOne(Charge, chargeId);
    return charge?.method === 'BANK_TRANSFER';
  }

  /** The refusals, checked before one is held for approval (and again under the lock when it runs). */
  async assertRefundable(chargeId: number, amount: bigint): Promise<{ memberId: number }> {
    const { charge } = await refundableCharge(this.em.fork(), chargeId, (c) => refusal(c, amount));
    return { memberId: charge.memberId };
  }

  async refund(chargeId: number, amount: bigint, reason: string, operator: AuditActor): Promise<BankRefundResult> {
    return this.em.fork().transactional(async (tx) => {
      const { charge } = await refundableCharge(tx, chargeId, (c) => refusal(c, amount), true);
      const before = snapshot(charge);
      const points = charge.pointsRefundedBy(amount);
      // What was refunded before this one: unique per refund of the charge, and the same on a retry.
      const reference = `${charge.id}:${charge.refundedAmount}`;
      const { taken, unrecovered } = await this.bookkeeping.takeBackIn(tx, charge, {
        points,
        amount,
        reference: { type: 'bank-refund', id: reference },
        memo: `충전 #${charge.id} 계좌 환불 ${amount.toLocaleString('ko-KR')}원 (${reason})`.slice(0, 500),
        reclaimKey: `bank:${reference}`,
      });
      this.audit.record(tx, operator, {
        action: 'refund',
        resource: 'charges',
        resourceId: charge.id,
        before,
        after: { ...snapshot(charge), refund: { amount, points, taken, unrecovered, reason } },
      });
      return {
        chargeId: charge.id,
        amount: Number(amount),
        point: Number(points),
        taken: Number(taken),
        unrecovered: Number(unrecovered),
        reference,
        refundedAmount: Number(charge.refundedAmount),
        refundedPoint: Number(charge.refundedPoint),
        status: charge.status,
      };
    });
  }
}

function refusal(charge: Charge, amount: bigint): void {
  if (charge.method !== 'BANK_TRANSFER') throw new DomainError('BANK_REFUND_NOT_BANK_TRANSFER');
  if (charge.status !== 'SUCCESS') throw new DomainError('BANK_REFUND_NOT_ACCEPTED');
  if (amount <= 0n) throw new DomainError('BANK_REFUND_AMOUNT_REQUIRED');
  if (amount > charge.depositAmount - charge.refundedAmount) throw new DomainError('BANK_REFUND_AMOUNT_TOO_LARGE');
}
