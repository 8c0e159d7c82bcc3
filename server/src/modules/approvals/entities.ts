// The approvals module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { Approval } from './domain/approval.entity.js';
import { UnapprovedMove } from './domain/unapproved-move.entity.js';

export { Approval, UnapprovedMove };
export const approvalsEntities = [Approval, UnapprovedMove];
