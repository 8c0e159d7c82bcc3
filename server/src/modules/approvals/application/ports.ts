import type { ApprovalKind } from '../../../contracts/approvals.js';
import type { OperatorRole } from '../../../contracts/operators.js';

export interface ApprovingOperator {
  id: number;
  loginId: string;
  role: OperatorRole;
}

/**
 * Runs an approved command in the module that owns it (identity's point adjustment, billing's Toss refund),
 * bound at the composition root so approvals imports neither. `approvalId` makes the run idempotent
 * where the command allows it (the adjustment's ledger reference).
 */
export abstract class ApprovalActions {
  abstract run(
    kind: ApprovalKind,
    payload: Record<string, string | number>,
    approver: ApprovingOperator,
    approvalId: number,
  ): Promise<unknown>;
}
