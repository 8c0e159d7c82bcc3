import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startReplica, startTestApp, type TestApp } from '../../support/test-app.js';
import { createServer } from '../../../server/src/bootstrap.js';
import { ConfigError } from '../../../server/src/config/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { createMember } from '../../support/members.js';
import { createService, fund, placeOrder } from '../ordering/fixtures.js';
import { bearer, configureBilling, openCharge } from '../billing/billing-support.js';
import {
  BACKUP_APPLICATION_NAME,
  backupDatabase,
  BackupError,
  BackupJob,
  pruneBackups,
  restoreDatabase,
} from '../../../server/src/ops/backup/index.js';

/** Back up, wipe, restore, and find the same rows and clean books. */
describe('backup and restore', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'smm-backup-'));

  beforeAll(async () => {
    t = await startTestApp({ BANK_ALERT_KEY: 'bank-alert-secret-0123456789' });
    await configureBilling(t);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function counts(): Promise<Record<string, number>> {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const tables = (
        await client.query<{ n: string }>(`select tablename as n from pg_tables where schemaname = 'public' order by 1`)
      ).rows.map((r) => r.n);
      const out: Record<string, number> = {};
      for (const name of tables)
        out[name] = Number((await client.query(`select count(*) as c from "${name}"`)).rows[0].c);
      return out;
    } finally {
      await client.end();
    }
  }

  async function sql(text: string): Promise<void> {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  it('backs up members, charges, orders and the ledger; restores them into the wiped database with the same counts and a clean invariant', async () => {
    const admin = bearer(await t.operatorToken());
    const service = await createService(t, { point: '10' });
    for (let i = 0; i < 5; i++) {
      const m = await createMember(t);
      await fund(t, m.id, 50_000n);
      await openCharge(t, m, 10_000 + i, `백업${i}`);
      await placeOrder(t, m, {
        serviceId: service.id,
        link: `https://www.instagram.com/p/backup${i}/`,
        amount: 100,
      }).expect(201);
      await placeOrder(t, m, {
        serviceId: service.id,
        link: `https://www.instagram.com/p/backupauto${i}/`,
        amount: 100,
        runs: 2,
        interval: 60,
      }).expect(201);
    }
    const before = await counts();
    expect(before.member).toBeGreaterThanOrEqual(5);
    expect(before.charge).toBe(5);
    expect(before.service_order).toBeGreaterThanOrEqual(10);
    expect(before.point_ledger_entry).toBeGreaterThanOrEqual(15);
    const maxOrder = (
      await t.http.get('/api/admin/orders?_sort=id&_order=DESC&_start=0&_end=1').set('Authorization', admin).expect(200)
    ).body[0].id as number;

    const backup = await backupDatabase(t.databaseUrl, dir, { preferPgDump: false });
    expect(backup.file).toMatch(/smm-\d{8}-\d{6}\.dump\.gz$/);
    expect(backup.tables.service_order).toBe(before.service_order);

    // A restore over the live database is refused, and changes nothing.
    await expect(restoreDatabase(t.databaseUrl, backup.file)).rejects.toThrow(BackupError);
    await expect(restoreDatabase(t.databaseUrl, backup.file)).rejects.toThrow(/not empty/);
    expect(await counts()).toEqual(before);

    // Wipe: the schema is gone. The server's pool is kept, as it would reconnect after a restore.
    await sql('drop schema public cascade; create schema public');
    expect(Object.keys(await counts())).toEqual([]);

    const restored = await restoreDatabase(t.databaseUrl, backup.file);
    const after = await counts();
    console.log(
      `backup ${backup.bytes} bytes in ${Math.round(backup.ms)} ms; restore in ${Math.round(restored.ms)} ms\n` +
        Object.entries(after)
          .map(([k, v]) => `  ${k.padEnd(28)} before ${String(before[k]).padStart(5)}  after ${String(v).padStart(5)}`)
          .join('\n'),
    );
    expect(after).toEqual(before);

    const invariant = await t.http.get('/api/admin/wallet/invariant').set('Authorization', admin).expect(200);
    expect(invariant.body).toMatchObject({ ok: true });
    // Sequences follow the rows: the next order gets a new id.
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const next = (
      await placeOrder(t, m, {
        serviceId: service.id,
        link: 'https://www.instagram.com/p/afterrestore/',
        amount: 100,
      }).expect(201)
    ).body;
    expect(next.orderId).toBeGreaterThan(maxOrder);

    // --force drops the schema first and restores the backup's rows again.
    await restoreDatabase(t.databaseUrl, backup.file, { force: true });
    expect(await counts()).toEqual(before);
  });

  it('makes one daily backup across two replicas, and keeps BACKUP_KEEP files', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'smm-daily-'));
    const a = await startReplica(t, { BACKUP_DIR: shared, BACKUP_KEEP: '2' });
    const b = await startReplica(t, { BACKUP_DIR: shared, BACKUP_KEEP: '2' });
    try {
      const DAY = 24 * 60 * 60 * 1000;
      const made: (string | null)[] = [];
      for (let day = 0; day < 3; day++) {
        // Both replicas tick at once, twice, on each of three days.
        const round = await Promise.all([a, b, a, b].map((r) => r.app.get(BackupJob).runOnce()));
        made.push(...round);
        expect(round.filter(Boolean)).toHaveLength(1);
        for (const r of [a, b]) r.app.get(Clock).travel(DAY);
      }
      const runs = await new Promise<{ day: string; file: string; finished: boolean }[]>((ok, ko) => {
        const c = new pg.Client({ connectionString: t.databaseUrl });
        c.connect()
          .then(() => c.query('select day, file, finished_at is not null as finished from backup_run order by day'))
          .then((r) => c.end().then(() => ok(r.rows)))
          .catch(ko);
      });
      console.log(
        `daily backup claims:\n${runs.map((r) => `  ${r.day} ${r.file} finished=${r.finished}`).join('\n')}\nfiles kept: ${readdirSync(shared).sort().join(', ')}`,
      );
      expect(runs).toHaveLength(3);
      expect(runs.every((r) => r.finished)).toBe(true);
      expect(made.filter(Boolean)).toHaveLength(3);
      // BACKUP_KEEP=2: the oldest of the three is gone.
      expect(readdirSync(shared).sort()).toEqual(
        runs
          .slice(1)
          .map((r) => r.file.split('/').pop())
          .sort(),
      );
    } finally {
      await a.close();
      await b.close();
      rmSync(shared, { recursive: true, force: true });
    }
  });

  it('an unwritable backup folder stops a start with JOBS on with one clear line', async () => {
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, 'x');
    const start = createServer({
      env: {
        NODE_ENV: 'test',
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: join(dir, 'data'),
        JOBS: 'true',
        LOG_LEVEL: 'silent',
        BACKUP_DIR: join(file, 'backups'),
      },
    });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(
      /^the backup folder .*not-a-folder\/backups cannot be created or written \(ENOTDIR\): point BACKUP_DIR \(or DATA_DIR\) at a writable folder$/,
    );
  });

  it('keeps the newest BACKUP_KEEP files', () => {
    const keepDir = mkdtempSync(join(tmpdir(), 'smm-keep-'));
    for (const d of ['20261101', '20261102', '20261103', '20261104'])
      writeFileSync(join(keepDir, `smm-${d}-010000.dump.gz`), 'x');
    expect(pruneBackups(keepDir, 2)).toEqual(['smm-20261101-010000.dump.gz', 'smm-20261102-010000.dump.gz']);
    expect(readdirSync(keepDir).sort()).toEqual(['smm-20261103-010000.dump.gz', 'smm-20261104-010000.dump.gz']);
    rmSync(keepDir, { recursive: true, force: true });
  });

  it('a backup whose connection drops fails with an error, and the process goes on', async () => {
    const dropDir = mkdtempSync(join(tmpdir(), 'smm-backup-drop-'));
    // Hold a table the dump reads, so the backup waits on it until its connection is terminated.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table member in access exclusive mode');
      const backup = backupDatabase(t.databaseUrl, dropDir, { preferPgDump: false });
      // A backup that ends before it ever waits on the lock says why.
      let ended: unknown = null;
      backup.then(
        (result) => (ended = { resolved: result }),
        (error: unknown) => (ended = { rejected: String(error) }),
      );
      let terminated = 0;
      // Until the dump waits on the lock (bounded: on a busy machine it can take seconds to get there).
      for (const deadline = Date.now() + 60_000; Date.now() < deadline && terminated === 0 && !ended;) {
        await new Promise((r) => setTimeout(r, 25));
        // The holder is inside its transaction, where pg_stat_activity keeps the snapshot of its first read:
        // cleared each round, or a backup that connected after that first look is never seen waiting.
        await holder.query('select pg_stat_clear_snapshot()');
        const rows = await holder.query(
          `select pg_terminate_backend(pid) as done from pg_stat_activity
           where application_name = $1 and wait_event_type = 'Lock'`,
          [BACKUP_APPLICATION_NAME],
        );
        terminated = rows.rowCount ?? 0;
      }
      expect({ terminated, ended }).toEqual({ terminated: 1, ended: null });
      await expect(backup).rejects.toThrow(/terminating connection|Connection terminated/);
      // No partial file is left as if it were a backup.
      expect(readdirSync(dropDir)).toEqual([]);
    } finally {
      await holder.query('rollback');
      await holder.end();
      rmSync(dropDir, { recursive: true, force: true });
    }
  });
});
