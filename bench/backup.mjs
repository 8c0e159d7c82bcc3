// Backup size and time (and restore time) of the embedded database: the demo database, then the same with
// 100,000 orders added. Uses the built server (npm run build) and the same tool as `npm run backup` /
// `npm run restore`. Prints figures; asserts nothing. Run: npm run build && node bench/backup.mjs
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../server/dist/database/embedded-postgres.js';

const ORDERS = 100_000;
const root = mkdtempSync(join(tmpdir(), 'smm-bench-backup-'));
const dataDir = join(root, 'data');
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOBS: 'false', DATABASE_URL: '' };

function tool(args, extraEnv = {}) {
  const started = performance.now();
  let out;
  try {
    out = execFileSync(process.execPath, ['server/dist/ops/backup/cli.js', ...args], {
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
      .toString()
      .trim();
  } catch (error) {
    out = `exit ${error.status}: ${error.stderr.toString().trim()}`;
  }
  return { out, ms: performance.now() - started };
}

// A first start of the server makes the demo database (migrations, demo data); while it runs, the tool refuses.
const port = await freePort();
const server = spawn(process.execPath, ['server/dist/main.js'], {
  env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: 'ignore',
});
for (;;) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
  } catch {
    /* not yet */
  }
  await new Promise((r) => setTimeout(r, 100));
}
console.log(`while the server runs: ${tool(['backup']).out}`);
await new Promise((resolve) => {
  server.on('exit', resolve);
  server.kill('SIGTERM');
});

function measure(label) {
  const backup = tool(['backup']);
  const file = readdirSync(join(dataDir, 'backups')).sort().at(-1);
  const path = join(dataDir, 'backups', file);
  const target = join(root, `restore-${label.replace(/\W+/g, '-')}`);
  const restore = tool(['restore', path], { DATA_DIR: target });
  console.log(
    `${label}: backup ${(statSync(path).size / 1024).toFixed(1)} KiB in ${Math.round(backup.ms)} ms (process included); restore into an empty DATA_DIR in ${Math.round(restore.ms)} ms`,
  );
  console.log(`  ${backup.out}\n  ${restore.out}`);
  rmSync(target, { recursive: true, force: true });
}
measure('demo database');

const db = await startEmbeddedPostgres(dataDir);
const client = new pg.Client({ connectionString: db.url });
await client.connect();
const { rows } = await client.query(
  'select (select id from member order by id limit 1) as member, (select id from service order by id limit 1) as service',
);
await client.query(
  `insert into service_order (member_id, service_id, link, amount, point, status, created_at, updated_at)
   select $1, $2, 'https://www.instagram.com/p/bench' || g || '/', 100 + g % 900, 7 * (100 + g % 900), (array['PENDING','PROCESSING','COMPLETED','CANCELED'])[1 + g % 4],
          now() - (g || ' seconds')::interval, now() from generate_series(1, $3) g`,
  [rows[0].member, rows[0].service, ORDERS],
);
const orders = (await client.query('select count(*)::int as n from service_order')).rows[0].n;
await client.end();
await db.stop();
measure(`${orders} orders`);
rmSync(root, { recursive: true, force: true });
