// The audit module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { AuditLog } from './domain/audit-log.entity.js';

export { AuditLog };
export const auditEntities = [AuditLog];
