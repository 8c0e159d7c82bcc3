// Backups of the whole database: the daily job (one replica a day) and the dump/restore the CLI
// (`npm run backup`, `npm run restore`, cli.ts) shares with it.
export { BackupModule } from './backup.module.js';
export { BackupJob, backupDir } from './jobs/backup.job.js';
export {
  BACKUP_APPLICATION_NAME,
  backupDatabase,
  BackupError,
  ensureBackupDir,
  pruneBackups,
  restoreDatabase,
  type BackupResult,
} from './application/backup.js';
export type { BackupRun } from './domain/backup-run.entity.js';
