// 평균 완료 시간 on the services list: the one grouped statement over every service with 300,000 orders (two
// thirds completed, of all sizes) added to the demo database, and GET /api/service/services with the figure kept
// (the hot path) against its first call. Uses the built server (npm run build). Prints figures; asserts nothing.
// Run: npm run build && node bench/average-time.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../server/dist/database/embedded-postgres.js';
import { AVERAGE_TIMES_SQL } from '../server/dist/modules/ordering/application/average-times.js';

const ORDERS = 300_000;
const root = mkdtempSync(join(tmpdir(), 'smm-bench-average-time-'));
const dataDir = join(root, 'data');
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOBS: 'false', DATABASE_URL: '' };

async function startServer() {
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
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.on('exit', resolve);
        server.kill('SIGTERM');
      }),
  };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

// The first start makes the demo database (migrations, demo data).
await (await startServer()).stop();

const db = await startEmbeddedPostgres(dataDir);
const client = new pg.Client({ connectionString: db.url });
await client.connect();
const member = (await client.query('select id from member order by id limit 1')).rows[0].id;
const services = (await client.query('select count(*)::int as n from service where visible')).rows[0].n;
// Orders spread over every service; sizes 10..5000, so some are of typical size and some not; each took 5..500 min.
await client.query(
  `insert into service_order (member_id, service_id, link, amount, point, status, created_at, updated_at, completed_at)
   select $1, s.ids[1 + g % array_length(s.ids, 1)], 'https://www.instagram.com/p/b' || g, 10 + (g * 7919) % 4991, 1000,
          (array['COMPLETED','COMPLETED','CANCELED'])[1 + g % 3],
          now() - (g || ' seconds')::interval, now(),
          case when g % 3 < 2 then now() - (g || ' seconds')::interval + ((5 + g % 496) || ' minutes')::interval end
   from generate_series(1, $2) g, (select array_agg(id) as ids from service) s`,
  [member, ORDERS],
);
await client.query('analyze service_order');
let n = 0;
const sql = AVERAGE_TIMES_SQL.replace(/\?/g, () => `$${++n}`);
const params = [1000, 10, 3];
const runs = [];
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  await client.query(sql, params);
  runs.push(performance.now() - started);
}
const answered = (await client.query(sql, params)).rowCount;
const plan = (await client.query(`explain (analyze, buffers) ${sql}`, params)).rows.map((r) => r['QUERY PLAN']);
runs.sort((a, b) => a - b);
console.log(
  `${ORDERS} orders, ${services} visible services: the grouped statement answered ${answered} services in ` +
    `median ${quantile(runs, 0.5).toFixed(1)} ms (min ${runs[0].toFixed(1)}, max ${runs.at(-1).toFixed(1)}) over 10 runs`,
);
console.log(
  `  plan: ${plan
    .filter((l) => /Index|Execution|Planning/.test(l))
    .map((l) => l.trim())
    .join('\n        ')}`,
);
await client.end();
await db.stop();

const server = await startServer();
const first = performance.now();
const body = await (await fetch(`${server.url}/api/service/services`)).json();
const firstMs = performance.now() - first;
const timings = [];
for (let i = 0; i < 300; i++) {
  const started = performance.now();
  await (await fetch(`${server.url}/api/service/services`)).arrayBuffer();
  timings.push(performance.now() - started);
}
timings.sort((a, b) => a - b);
console.log(
  `GET /api/service/services (${body.length} services, ${body.filter((s) => s.averageTime !== null).length} with averageTime): ` +
    `first call ${firstMs.toFixed(1)} ms (reads the figures); then 300 calls with them kept: ` +
    `p50 ${quantile(timings, 0.5).toFixed(1)} ms, p95 ${quantile(timings, 0.95).toFixed(1)} ms`,
);
await server.stop();
rmSync(root, { recursive: true, force: true });
