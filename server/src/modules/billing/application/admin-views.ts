import type { AdminChargeView } from '../../../contracts/index.js';
import type { Charge } from '../domain/charge.entity.js';

/** A charge as the console reads it (contracts/views.ts): never the depositor key or the Toss secret. */
export const adminChargeView = (c: Charge): AdminChargeView<Date, bigint> => ({
  id: c.id,
  memberId: c.memberId,
  depositorName: c.depositorName,
  point: c.point,
  depositAmount: c.depositAmount,
  feeType: c.feeType,
  feeValue: c.feeValue,
  status: c.status,
  createdAt: c.createdAt,
  expiresAt: c.expiresAt,
  responseAt: c.responseAt,
  resolvedBy: c.resolvedBy,
  depositId: c.depositId,
  method: c.method,
  tossMethod: c.tossMethod,
  tossPaymentKey: c.tossPaymentKey,
  tossStatus: c.tossStatus,
  virtualAccount: c.virtualAccount,
  refundedPoint: c.refundedPoint,
  refundedAmount: c.refundedAmount,
  nextCheckAt: c.nextCheckAt,
  tossFailure: c.tossFailure,
});
