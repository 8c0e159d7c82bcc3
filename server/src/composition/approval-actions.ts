import type { ModuleRef } from '@nestjs/core';
import type { ApprovalActions } from '../modules/approvals/index.js';
import { BillingFacade } from '../modules/billing/index.js';
import { IdentityFacade } from '../modules/identity/index.js';

/**
 * The commands two-person approval runs, in the modules that own them. Looked up when first used: billing
 * imports approvals (to hold its refunds), so approvals cannot import billing back.
 */
export function approvalActions(moduleRef: ModuleRef): ApprovalActions {
  return {
    run(kind, payload, approver, approvalId) {
      switch (kind) {
        case 'points.adjust':
          return moduleRef
            .get(IdentityFacade, { strict: false })
            .adjustApproved(
              Number(payload.memberId),
              BigInt(payload.amount!),
              String(payload.reason),
              approver,
              approvalId,
            );
        case 'charge.refund':
          if (payload.method === 'BANK_TRANSFER')
            return moduleRef
              .get(BillingFacade, { strict: false })
              .bankRefundApproved(Number(payload.chargeId), BigInt(payload.amount!), String(payload.reason), approver);
          return moduleRef
            .get(BillingFacade, { strict: false })
            .refundApproved(Number(payload.chargeId), BigInt(payload.point!), String(payload.reason), approver);
      }
    },
  };
}
