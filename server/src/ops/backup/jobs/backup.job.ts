import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { AppConfig } from '../../../config/index.js';
import { Clock, JobEngine, Lease, takeDue, type Take } from '../../../shared/index.js';
import { backupDatabase, pruneBackups } from '../application/backup.js';

/** A claim older than this with no finished backup is taken to have died with its replica. */
const BACKUP_LEASE = Lease.minutes(30);

/** The day's unfinished backup whose claim went stale, taken over by this replica. */
const staleClaim = (day: string, replica: string): Take => ({
  table: 'backup_run',
  key: 'day',
  due: 'day = ? and finished_at is null',
  params: [day],
  lease: { column: 'claimed_at', lease: BACKUP_LEASE, holds: 'since' },
  set: 'replica = ?, error = null',
  setParams: [replica],
});

export function backupDir(config: AppConfig): string {
  return resolve(config.env.BACKUP_DIR ?? join(config.dataDir, 'backups'));
}

/**
 * One backup a day across all replicas: the replica whose insert of the day's backup_run row succeeds
 * makes it (a claim left unfinished for 30 minutes may be taken over), then keeps BACKUP_KEEP files.
 * Ticks 5 s after start and every 10 minutes when JOBS is on; tests call runOnce().
 */
@Injectable()
export class BackupJob {
  private readonly logger = new Logger('Backup');

  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly jobs: JobEngine,
  ) {
    // A day with no backup yet gets it soon after start, not up to 10 minutes later.
    jobs.define('daily-backup', () => this.runOnce(), { atStart: true });
  }

  @Interval('daily-backup', 10 * 60_000)
  tick(): Promise<void> {
    return this.jobs.tick('daily-backup');
  }

  /** Makes today's backup if no replica has; answers the file written, or null. */
  async runOnce(): Promise<string | null> {
    const now = this.clock.now();
    const day = now.toISOString().slice(0, 10);
    const replica = `${hostname()}:${process.pid}`;
    const em = this.em.fork();
    // The day's row is the claim: the replica that inserts it makes the backup, or takes over a stale one.
    const inserted = await em.execute<{ day: string }[]>(
      `insert into backup_run (day, claimed_at, replica) values (?, ?, ?) on conflict (day) do nothing returning day`,
      [day, now, replica],
    );
    const claimed = inserted.length > 0 ? inserted : await takeDue(em, staleClaim(day, replica), now);
    if (claimed.length === 0) return null;
    const dir = backupDir(this.config);
    try {
      const result = await backupDatabase(this.config.databaseUrl, dir, { now: this.clock.now() });
      const removed = pruneBackups(dir, this.config.env.BACKUP_KEEP);
      await em.execute('update backup_run set file = ?, bytes = ?, finished_at = now() where day = ?', [
        result.file,
        result.bytes,
        day,
      ]);
      this.logger.log(
        `daily backup ${result.file} (${Math.round(result.bytes / 1024)} KiB, ${Math.round(result.ms)} ms)${removed.length ? `; removed ${removed.length} older` : ''}`,
      );
      return result.file;
    } catch (error) {
      await em.execute('update backup_run set error = ? where day = ?', [(error as Error).message.slice(0, 2000), day]);
      this.logger.error(`daily backup failed: ${(error as Error).message}`);
      return null;
    }
  }
}
