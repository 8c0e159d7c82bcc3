export { AuditModule } from './audit.module.js';
export { AuditFacade, type AuditActor, type AuditEntry } from './application/audit.facade.js';
export type { AuditLog } from './domain/audit-log.entity.js';
