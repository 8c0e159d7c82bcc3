export { ApprovalsModule } from './approvals.module.js';
export { ApprovalsFacade, approvalView, type HeldCommand } from './application/approvals.facade.js';
export { ApprovalActions, type ApprovingOperator } from './application/ports.js';
export type { Approval } from './domain/approval.entity.js';
