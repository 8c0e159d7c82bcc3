// A web process's latency while a worker process dispatches. Prints figures; asserts nothing.
//   node_modules/.bin/node bench/roles.mjs     (BENCH_ORDERS=10000 BENCH_RATE=200 BENCH_SECONDS=10)
// The built server twice on one database (bench/lib/database.mjs): ROLE=web and ROLE=worker, each as npm start
// runs it (jobs on where the role runs them, logs at info; BENCH_SETTINGS=quiet: logs at warn), the provider a
// loopback fake on a thread of its own in this process (bench/lib/provider-thread.mjs). API v2 calls (add, and
// status of 100 orders, one key each of 50 members) at BENCH_RATE a second go to the web: first BENCH_SECONDS
// with the worker not started, then while the worker sends BENCH_ORDERS pending orders upstream (sustained: an order counts once the provider has it). Prints the
// web's p50/p99 in both phases, the dispatch's orders/s, the CPU ms per order of each process, and each
// process's peak RSS.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { build } from '../scripts/lib/build.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/lib/server-flags.mjs';
import { seedFakeProviderCatalogue } from '../test/support/fake-provider.ts';
import { startProviderThread } from './lib/provider-thread.mjs';
import { benchDatabase } from './lib/database.mjs';
import { benchSettings, cpuMs, freePort, peakRssLine, percentile } from './lib/process-figures.mjs';
import { v2Call } from './lib/v2-call.mjs';
import { seedV2Keys } from './lib/v2-keys.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MEMBERS = 50;

build({ only: ['server'] });
const { startEmbeddedPostgres } = await import('../server/dist/database/embedded-postgres.js');
const { createServer } = await import('../server/dist/bootstrap.js');

const settings = benchSettings();
const root = mkdtempSync(join(tmpdir(), 'smm-bench-roles-'));
const database = await benchDatabase(startEmbeddedPostgres, root, 'roles');
const fake = await startProviderThread();
const env = (role, port) => ({
  ...process.env,
  ...settings.env,
  ROLE: role,
  DATABASE_URL: database.url,
  DATA_DIR: join(root, role),
  PORT: String(port),
  HOST: '127.0.0.1',
  DEMO_DATA: 'false',
  ADMIN_PASSWORD: 'bench-password',
  ALLOW_PRIVATE_PROVIDER_URLS: 'true',
  // The bench's tools are few keys calling often: the per-key limit is not what is measured here.
  API_V2_RATE: '10000',
  API_V2_BURST: '100000',
});
console.log(
  `load average (1/5/15 min) at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (a shared machine); ${settings.label}; node flags ${SERVER_NODE_FLAGS.join(' ')}`,
);

// Migrate and seed in this process (jobs off), then the two roles as processes of their own.
{
  const setup = await createServer({ env: { ...env('all', 0), JOBS: 'false', LOG_LEVEL: 'warn' } });
  await setup.close();
}
const client = new pg.Client({ connectionString: database.url });
await client.connect();
const { member, provider, service } = await seedFakeProviderCatalogue(client, fake, 'bench');
const keys = (await seedV2Keys(client, { count: MEMBERS, name: 'tool', first: member })).map((k) => ({
  ...k,
  orders: [],
}));
const memberIds = keys.map((k) => k.member);
// The orders the worker will send: pending, paid, of the fake provider's service, spread over the members.
const seeded = await client.query(
  `insert into service_order (member_id, service_id, link, amount, point, status, provider_id, provider_service_id, created_at, updated_at)
   select ($1::int[])[1 + g % $5], $2, 'https://instagram.com/p/seed' || g, 100, 700, 'PENDING', $3, '1', now(), now() from generate_series(1, $4) g
   returning id, member_id`,
  [memberIds, service, provider, ORDERS, MEMBERS],
);
const lastSeeded = Math.max(...seeded.rows.map((r) => r.id));
const byMember = new Map(keys.map((k) => [k.member, k]));
for (const r of seeded.rows)
  if (byMember.get(r.member_id).orders.length < 100) byMember.get(r.member_id).orders.push(r.id);
await client.query('vacuum analyze');

const start = (role, port, extra = {}) =>
  spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/dist/main.js'], {
    env: { ...env(role, port), ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
async function ready(port) {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const v2 = (port, fields) => v2Call(agent, port, fields);

/** API v2 calls at RATE a second (add and status alternately, over the keys) until `until()` is true. */
async function load(port, until) {
  const times = [];
  let errors = 0;
  let n = 0;
  const started = performance.now();
  const inFlight = new Set();
  while (!(await until())) {
    const due = started + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const tool = keys[n % keys.length];
    const fields =
      n % 2
        ? { key: tool.key, action: 'status', orders: tool.orders.join(',') }
        : {
            key: tool.key,
            action: 'add',
            service: String(service),
            link: `https://instagram.com/p/l${n}`,
            quantity: '100',
          };
    n++;
    const call = v2(port, fields).then((r) => {
      if (r.status === 200) times.push(r.ms);
      else errors++;
      inFlight.delete(call);
    });
    inFlight.add(call);
  }
  await Promise.all(inFlight);
  times.sort((a, b) => a - b);
  return {
    calls: n,
    errors,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    seconds: (performance.now() - started) / 1000,
  };
}
const sentSeeded = async () =>
  (
    await client.query(
      `select count(*)::int as n from order_dispatch where provider_order_id is not null and order_id <= $1`,
      [lastSeeded],
    )
  ).rows[0].n;

const [webPort, workerPort] = [await freePort(), await freePort()];
const healthPort = await freePort();
const web = start('web', webPort);
await ready(webPort);
let worker;
try {
  const idleEnd = performance.now() + SECONDS * 1000;
  const idle = await load(webPort, () => performance.now() > idleEnd);
  const sentBefore = await sentSeeded();
  const cpu0 = { web: cpuMs(web.pid) };
  // A worker runs jobs whatever the settings (BENCH_SETTINGS=quiet: its logs at warn).
  worker = start('worker', workerPort, { HEALTH_PORT: String(healthPort), JOBS: 'true' });
  worker.on('exit', (code) => code && console.error(`worker exited with ${code}`));
  const dispatchStart = performance.now();
  let sent = 0;
  let last = 0;
  const busy = await load(webPort, async () => {
    if (performance.now() - last < 250) return false;
    last = performance.now();
    sent = await sentSeeded();
    return sent >= ORDERS || worker.exitCode !== null || performance.now() - dispatchStart > 600_000;
  });
  const dispatchS = (performance.now() - dispatchStart) / 1000;
  const workerCpu = cpuMs(worker.pid);
  const webCpu = cpuMs(web.pid) - cpu0.web;
  const fmt = (r) =>
    `${r.calls} calls in ${r.seconds.toFixed(1)} s (${(r.calls / r.seconds).toFixed(0)}/s), p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors`;
  console.log(`\nweb (ROLE=web), API v2 add + status at ${RATE}/s:`);
  console.log(`  worker not started:                 ${fmt(idle)}`);
  console.log(`  while the worker dispatches ${ORDERS}: ${fmt(busy)}`);
  console.log(
    `worker (ROLE=worker): ${sent - sentBefore} of ${ORDERS} orders with the provider ${dispatchS.toFixed(1)} s after its start (start included): ${((sent - sentBefore) / dispatchS).toFixed(0)} orders/s; ` +
      `provider add requests ${fake.adds()}, links placed twice ${await fake.duplicateLinks()}; ` +
      `CPU: worker ${(workerCpu / ORDERS).toFixed(2)} ms per dispatched order (start included), web ${(webCpu / busy.calls).toFixed(2)} ms per call`,
  );
  console.log(
    peakRssLine([
      { name: 'web', pid: web.pid },
      { name: 'worker', pid: worker.pid },
    ]),
  );
} finally {
  agent.destroy();
  for (const child of [worker, web].filter(Boolean)) {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.on('exit', r)));
  }
  await client.end();
  await fake.close();
  await database.stop();
  rmSync(root, { recursive: true, force: true });
}
