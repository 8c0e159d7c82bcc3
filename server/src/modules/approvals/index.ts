export { ApprovalsModule } from './approvals.module.js';
export { ApprovalsFacade, approvalView, type Decided, type HeldCommand } from './application/approvals.facade.js';
export type { ApprovingOperator } from './application/ports.js';
export type { Approval } from './domain/approval.entity.js';
export type { UnapprovedMove } from './domain/unapproved-move.entity.js';
