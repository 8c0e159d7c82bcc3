// Fulfilment throughput against the fake provider on loopback. Prints figures; asserts nothing.
//   node_modules/.bin/node bench/fulfilment-sync.mjs [--orders 10000] [--runs 10000]
// 1. status sync: 10,000 in-progress orders, polled in orders= batches of ≤ 100 (one server, in process)
// 2. dispatch: 10,000 due auto-order runs started and sent upstream by two server processes (JOBS on),
//    with the number of duplicates (runs started twice, orders placed upstream twice): must be 0.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { build } from '../scripts/lib/build.mjs';
import { FakeProvider, seedFakeProviderCatalogue } from '../test/support/fake-provider.ts';

const { values } = parseArgs({
  options: { orders: { type: 'string', default: '10000' }, runs: { type: 'string', default: '10000' } },
});
const ORDERS = Number(values.orders);
const RUNS = Number(values.runs);

build({ only: ['server'] });
const { startEmbeddedPostgres, freePort } = await import('../server/dist/database/embedded-postgres.js');
const { createServer } = await import('../server/dist/bootstrap.js');
const { OrderSync, SYNC_SPACING_MS } = await import('../server/dist/modules/fulfilment/index.js');
const { Clock } = await import('../server/dist/shared/index.js');
const { WalletFacade } = await import('../server/dist/modules/wallet/index.js');

// Under the repository (git-ignored): the embedded PostgreSQL must be able to reach its directory.
const root = join(process.cwd(), '.test-data', `bench-fulfilment-${process.pid}`);
mkdirSync(root, { recursive: true });
const db = await startEmbeddedPostgres(join(root, 'pg'), { durable: false });
const fake = await FakeProvider.start();
console.log(
  `load average (1/5/15 min) at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;
const rate = (n, ms) => `${Math.round((n * 1000) / ms).toLocaleString('en-US')}/s`;

async function database(name) {
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(db.url);
  url.pathname = `/${name}`;
  return url.toString();
}

const env = (url, dataDir, extra = {}) => ({
  NODE_ENV: 'production',
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  JOBS: 'false',
  DEMO_DATA: 'false',
  // The bench's fake provider listens on loopback.
  ALLOW_PRIVATE_PROVIDER_URLS: 'true',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  ADMIN_PASSWORD: 'bench-password',
  ...extra,
});

// ---- 1. status sync -------------------------------------------------------------------------------
{
  const url = await database('bench_sync');
  const server = await createServer({ env: env(url, join(root, 'sync')) });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { member, provider, service } = await seedFakeProviderCatalogue(client, fake, 'bench');
  // 10,000 orders already placed upstream: 70 % will report Completed, 10 % Partial, 10 % Canceled, 10 % still In progress.
  // (the provider's order id lives in fulfilment's dispatch record)
  const rows = await client.query(
    `with placed as (
       insert into service_order (member_id, service_id, link, amount, point, status, provider_id, provider_service_id, created_at, updated_at)
       select $1, $2, 'https://instagram.com/p/' || g, 1000, 7000, 'INPROGRESS', $3, '1', now(), now() from generate_series(1, $4) g returning id)
     insert into order_dispatch (order_id, provider_id, status, provider_order_id, created_at, updated_at) select id, $3, 'SENT', 'up-' || id, now(), now() from placed
     returning order_id as id, provider_order_id`,
    [member, service, provider, ORDERS],
  );
  rows.rows.forEach((row, i) => {
    const status = [
      'Completed',
      'Completed',
      'Completed',
      'Completed',
      'Completed',
      'Completed',
      'Completed',
      'Partial',
      'Cancelled',
      'In progress',
    ][i % 10];
    fake.orders.set(row.provider_order_id, {
      id: row.provider_order_id,
      service: '1',
      link: '',
      quantity: 1000,
      status,
      startCount: '1200',
      remains: status === 'Partial' ? '250' : status === 'Completed' ? '-3' : '400',
    });
  });
  const sync = server.app.get(OrderSync);
  const before = fake.calls('status').length;
  let started = performance.now();
  let polled = 0;
  for (;;) {
    const stats = await sync.runOnce();
    if (stats.polled === 0) break;
    polled += stats.polled;
  }
  const firstPass = performance.now() - started;
  const requests = fake.calls('status').slice(before);
  const largest = Math.max(...requests.map((r) => r.params.orders.split(',').length));
  const byStatus = (
    await client.query(`select status, count(*)::int as n from service_order group by status order by status`)
  ).rows;
  const refunds = (
    await client.query(
      `select count(*)::int as n, count(distinct reference_id)::int as orders from point_ledger_entry where kind = 'REFUND'`,
    )
  ).rows[0];

  // A second pass after the spacing: only the 10 % still in progress are asked again, and their answer is no news.
  server.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
  started = performance.now();
  const again = await sync.runOnce();
  const secondPass = performance.now() - started;
  const violations = await server.app.get(WalletFacade).invariantViolations();

  console.log('\nstatus sync of in-progress orders (one server, fake provider on loopback)');
  console.log(
    `  orders                ${polled.toLocaleString('en-US')} polled in ${secs(firstPass)} (${rate(polled, firstPass)})`,
  );
  console.log(`  status requests       ${requests.length} (largest batch ${largest} orders)`);
  console.log(`  statuses after        ${byStatus.map((r) => `${r.status} ${r.n}`).join(', ')}`);
  console.log(
    `  refunds               ${refunds.n} ledger entries for ${refunds.orders} orders (duplicates: ${refunds.n - refunds.orders})`,
  );
  console.log(`  second pass           ${again.polled} re-polled, ${again.moved} moved, in ${secs(secondPass)}`);
  console.log(`  ledger invariant      ${violations.length === 0 ? 'holds' : `${violations.length} violations`}`);
  await client.end();
  await server.close();
}

// ---- 2. auto-order runs dispatched by two server processes -----------------------------------------
{
  const url = await database('bench_dispatch');
  // Migrate once (and make the operator) before both processes start.
  const setup = await createServer({ env: env(url, join(root, 'dispatch-setup')) });
  await setup.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { member, service } = await seedFakeProviderCatalogue(client, fake, 'bench');
  // 10,000 auto-orders whose next run is due now: each run becomes a child order that must go upstream once.
  await client.query(
    `insert into auto_order (member_id, service_id, link, amount, runs, interval_minutes, completed, point, status, next_run_at, created_at, updated_at)
     select $1, $2, 'https://instagram.com/auto/' || g, 100, 2, 60, 0, 1400, 'ACTIVE', now() - interval '1 second', now(), now() from generate_series(1, $3) g`,
    [member, service, RUNS],
  );
  const addsBefore = fake.calls('add').length;
  const ports = [await freePort(), await freePort()];
  const started = performance.now();
  const children = ports.map((port, i) =>
    spawn(process.execPath, ['server/dist/main.js'], {
      env: {
        ...process.env,
        ...env(url, join(root, `dispatch-${i}`), { JOBS: 'true', PORT: String(port), HOST: '127.0.0.1' }),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  let sent = 0;
  let runs = 0;
  let allStarted = 0;
  const deadline = started + 10 * 60_000;
  while (performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    runs = (await client.query(`select count(*)::int as n from service_order where auto_order_id is not null`)).rows[0]
      .n;
    if (runs >= RUNS && !allStarted) allStarted = performance.now() - started;
    sent = (
      await client.query(
        `select count(*)::int as n from service_order o join order_dispatch d on d.order_id = o.id where o.auto_order_id is not null and d.provider_order_id is not null`,
      )
    ).rows[0].n;
    if (sent >= RUNS) break;
  }
  const elapsed = performance.now() - started;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((r) => (child.exitCode !== null ? r() : child.on('exit', r)))));
  const adds = fake.calls('add').length - addsBefore;
  const runTwice = (
    await client.query(
      `select count(*)::int as n from (select auto_order_id, run_number from service_order where auto_order_id is not null group by 1, 2 having count(*) > 1) d`,
    )
  ).rows[0].n;
  const placedTwice = fake.duplicateLinks().filter((link) => link.includes('/auto/')).length;

  console.log('\nauto-order runs dispatched upstream (two server processes, JOBS on, fake provider on loopback)');
  console.log(
    `  runs started          ${runs.toLocaleString('en-US')} of ${RUNS.toLocaleString('en-US')}${allStarted ? ` (all within ${secs(allStarted)})` : ''}`,
  );
  console.log(
    `  orders sent upstream  ${sent.toLocaleString('en-US')} in ${secs(elapsed)} from process start (${rate(sent, elapsed)}), ${adds} add requests`,
  );
  console.log(
    `  duplicates            ${runTwice + placedTwice} (runs started twice: ${runTwice}, orders placed upstream twice: ${placedTwice})`,
  );
  console.log(
    '  (ticks: auto-order runs at start and every 2 s, sender every 500 ms; the time includes process start-up)',
  );
  await client.end();
}

console.log(
  `\nload average (1/5/15 min) at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);
await fake.close();
await db.stop();
rmSync(root, { recursive: true, force: true });
