// The backup module's table, registered for MikroORM by database/entities.ts.
import { BackupRun } from './domain/backup-run.entity.js';

export { BackupRun };
export const backupEntities = [BackupRun];
