import { Injectable } from '@nestjs/common';
import { approvedCommandKey, type ApprovedCommand } from '../../../../contracts/approvals.js';
import { HandlesCommand } from '../../../../shared/index.js';
import { BillingFacade } from '../billing.facade.js';

/** Runs an approved charge refund as the approver's: a bank transfer's is recorded, a card's goes to Toss. */
@Injectable()
export class RefundWhenApproved {
  constructor(private readonly billing: BillingFacade) {}

  @HandlesCommand(approvedCommandKey('charge.refund'))
  run({ payload, approver }: ApprovedCommand): Promise<unknown> {
    const chargeId = Number(payload.chargeId);
    const reason = String(payload.reason);
    return payload.method === 'BANK_TRANSFER'
      ? this.billing.bankRefundApproved(chargeId, BigInt(payload.amount!), reason, approver)
      : this.billing.refundApproved(chargeId, BigInt(payload.point!), reason, approver);
  }
}
