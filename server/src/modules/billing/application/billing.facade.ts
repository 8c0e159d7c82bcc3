import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Clock } from '../../../shared/index.js';
import { Charge } from '../domain/charge.entity.js';
import { Deposit } from '../domain/deposit.entity.js';
import { RefundTossCharge } from './toss/commands/refund-toss-charge/refund-toss-charge.js';
import { BankRefunds } from './bank-refunds.js';

/** What other contexts read from billing. */
@Injectable()
export class BillingFacade {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly tossRefund: RefundTossCharge,
    private readonly bankRefunds: BankRefunds,
  ) {}

  /** Approvals: runs an approved Toss refund as the approver's. */
  async refundApproved(chargeId: number, points: bigint, reason: string, approver: { id: number; loginId: string }) {
    const charge = await this.tossRefund.execute(chargeId, points, reason, approver);
    return { chargeId: charge.id, refundedPoint: charge.refundedPoint, status: charge.status };
  }

  /** Approvals: records an approved bank-transfer refund as the approver's. */
  bankRefundApproved(chargeId: number, amount: bigint, reason: string, approver: { id: number; loginId: string }) {
    return this.bankRefunds.refund(chargeId, amount, reason, approver);
  }

  /**
   * A deleted member's waiting charges close (FAIL, by `member-deleted`) in the caller's transaction, so
   * neither an operator's accept nor a matched deposit can credit them afterwards. Returns their ids.
   */
  async closeMemberCharges(tx: EntityManager, memberId: number): Promise<number[]> {
    const charges = await tx.find(
      Charge,
      { memberId, status: 'PENDING' },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'ASC' } },
    );
    const now = this.clock.now();
    for (const charge of charges) charge.closeForDeletedMember(now);
    await tx.flush();
    return charges.map((c) => c.id);
  }

  /** Read-only, for the operator dashboard: open charges still waiting for their deposit, and deposits waiting for an operator. */
  async attention(): Promise<{ pendingCharges: number; unmatchedDeposits: number }> {
    const em = this.em.fork();
    const [pendingCharges, unmatchedDeposits] = await Promise.all([
      em.count(Charge, { status: 'PENDING', method: 'BANK_TRANSFER', expiresAt: { $gt: this.clock.now() } }),
      em.count(Deposit, { status: 'UNMATCHED' }),
    ]);
    return { pendingCharges, unmatchedDeposits };
  }
}
