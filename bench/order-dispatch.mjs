// Order placement with dispatch to a provider in another process, sustained, beside the bare-SQL ceiling of the
// same machine in the same sitting. Prints figures; asserts nothing.
//   node_modules/.bin/node bench/order-dispatch.mjs     (BENCH_SECONDS=15 BENCH_CONCURRENCY=32)
// The built server in a process of its own, as `npm start` runs it (ROLE=all: jobs on, logs at info;
// BENCH_SETTINGS=quiet: logs at warn, jobs still on since dispatch is what is measured), on a database of
// bench/lib/database.mjs. The provider is a loopback fake on a thread of its own in this process
// (bench/lib/provider-thread.mjs: its answers do not wait behind the load generator), so every order crosses a
// process boundary twice. API v2 `add` calls from this process, BENCH_CONCURRENCY in flight over 50 keys, for
// BENCH_SECONDS. An order counts once the provider has it: the sustained rate is the provider's add requests
// during the window over its length; the rest that arrive after the window are timed as the drain.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { build } from '../scripts/lib/build.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/lib/server-flags.mjs';
import { seedFakeProviderCatalogue } from '../test/support/fake-provider.ts';
import { startProviderThread } from './lib/provider-thread.mjs';
import { pgbench, seedCeiling } from './lib/ceiling.mjs';
import { benchDatabase } from './lib/database.mjs';
import { benchSettings, cpuMs, freePort, peakRssLine, percentile } from './lib/process-figures.mjs';
import { v2Call } from './lib/v2-call.mjs';
import { seedV2Keys } from './lib/v2-keys.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const PGBENCH_CLIENTS = Number(process.env.BENCH_PGBENCH_CLIENTS ?? 16);
const MEMBERS = 50;

build({ only: ['server'] });
const { startEmbeddedPostgres } = await import('../server/dist/database/embedded-postgres.js');
const { createServer } = await import('../server/dist/bootstrap.js');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const settings = benchSettings();
const root = mkdtempSync(join(tmpdir(), 'smm-bench-dispatch-'));
for (const dir of ['db', 'ceiling']) mkdirSync(join(root, dir));
const database = await benchDatabase(startEmbeddedPostgres, join(root, 'db'), 'dispatch');
const scratch = await benchDatabase(startEmbeddedPostgres, join(root, 'ceiling'), 'ceiling');
const fake = await startProviderThread();
const env = (databaseUrl, port) => ({
  ...process.env,
  ...settings.env,
  // Dispatch is the measured work: jobs run whatever the log setting.
  JOBS: 'true',
  ROLE: 'all',
  DATABASE_URL: databaseUrl,
  DATA_DIR: join(root, `data-${port}`),
  PORT: String(port),
  HOST: '127.0.0.1',
  DEMO_DATA: 'false',
  ADMIN_PASSWORD: 'bench-password',
  ALLOW_PRIVATE_PROVIDER_URLS: 'true',
  // Few keys calling often: the per-key limit is not what is measured here.
  API_V2_RATE: '10000',
  API_V2_BURST: '100000',
});
console.log(
  `load average (1/5/15 min) at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (a shared machine); ${settings.label}; node flags ${SERVER_NODE_FLAGS.join(' ')}`,
);

// Both databases migrated by the server itself (jobs off), then seeded in plain SQL.
for (const url of [database.url, scratch.url]) {
  const setup = await createServer({ env: { ...env(url, 0), JOBS: 'false', LOG_LEVEL: 'warn' } });
  await setup.close();
}
const client = new pg.Client({ connectionString: database.url });
await client.connect();
const { member, service } = await seedFakeProviderCatalogue(client, fake, 'bench');
const keys = await seedV2Keys(client, { count: MEMBERS, name: 'tool', first: member });
const scratchClient = new pg.Client({ connectionString: scratch.url });
await scratchClient.connect();
const ceilingSeed = await seedCeiling(scratchClient, 100);
await scratchClient.end();

const port = await freePort();
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/dist/main.js'], {
  env: env(database.url, port),
  stdio: ['ignore', 'ignore', 'inherit'],
});
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
try {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }

  /** `add` calls, CONCURRENCY in flight, for `seconds`: their latencies and statuses. */
  let seq = 0;
  async function load(seconds) {
    const deadline = performance.now() + seconds * 1000;
    const times = [];
    let placed = 0;
    let refused = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, i) => {
        for (let n = 0; performance.now() < deadline; n++) {
          const tool = keys[(i + n * CONCURRENCY) % keys.length];
          const r = await v2Call(agent, port, {
            key: tool.key,
            action: 'add',
            service: String(service),
            link: `https://instagram.com/p/d${++seq}`,
            quantity: '100',
          });
          times.push(r.ms);
          if (r.status === 200 && r.body.includes('"order"')) placed++;
          else refused++;
        }
      }),
    );
    times.sort((a, b) => a - b);
    return { placed, refused, p50: percentile(times, 50), p99: percentile(times, 99) };
  }
  const adds = () => fake.adds();

  // Warm-up (JIT, pools, plans), then every order of it upstream before the window opens.
  const warm = await load(3);
  for (let waited = 0; adds() < warm.placed && waited < 60_000; waited += 100) await sleep(100);

  const addsBefore = adds();
  const cpuBefore = cpuMs(server.pid);
  const started = performance.now();
  const window = await load(SECONDS);
  const windowS = (performance.now() - started) / 1000;
  const withProvider = adds() - addsBefore;
  const cpu = cpuMs(server.pid) - cpuBefore;
  // The orders placed in the window that were not upstream yet when it closed.
  const drainStart = performance.now();
  for (let waited = 0; adds() - addsBefore < window.placed && waited < 120_000; waited += 50) await sleep(50);
  const drainS = (performance.now() - drainStart) / 1000;
  const upstream = adds() - addsBefore;

  const sql = pgbench(scratch.url, join(root, 'ceiling'), {
    seconds: SECONDS,
    clients: PGBENCH_CLIENTS,
    serviceId: ceilingSeed.serviceId,
    members: ceilingSeed.members,
  });
  const sustained = withProvider / windowS;
  console.log(
    `\nAPI v2 add with dispatch (server: a process of its own, ${database.label}; provider: a loopback fake on its own thread of the bench process)`,
  );
  console.log(
    `  placed ${window.placed} in ${windowS.toFixed(1)} s (${(window.placed / windowS).toFixed(0)}/s), p50 ${window.p50.toFixed(1)} ms, p99 ${window.p99.toFixed(1)} ms, refused ${window.refused}`,
  );
  console.log(
    `  with the provider within the window: ${withProvider} (sustained ${sustained.toFixed(0)} orders/s); the rest ${upstream - withProvider} arrived ${drainS.toFixed(1)} s after it closed; ${upstream} of ${window.placed} upstream, links placed twice ${await fake.duplicateLinks()}`,
  );
  console.log(
    `  server CPU ${(cpu / Math.max(1, withProvider)).toFixed(2)} ms per order with the provider (placing and dispatching)`,
  );
  console.log(
    `  ceiling: ${sql.command} on a scratch database: ${sql.rate.toFixed(0)} tps; sustained / ceiling = ${(sustained / sql.rate).toFixed(2)} (target ≥ 0.33)`,
  );
  console.log(`  ${peakRssLine([{ name: 'server', pid: server.pid }])}`);
} finally {
  agent.destroy();
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.on('exit', r)));
  await client.end();
  await fake.close();
  await database.stop();
  await scratch.stop();
  rmSync(root, { recursive: true, force: true });
}
