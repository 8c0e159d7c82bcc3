// The approvals module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { Approval } from './domain/approval.entity.js';

export { Approval };
export const approvalsEntities = [Approval];
