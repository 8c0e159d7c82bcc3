// Reseller webhooks at scale. Prints figures; asserts nothing.
//   node_modules/.bin/node bench/webhook-delivery.mjs [--orders 10000] [--outage-orders 1000] [--outage-seconds 120]
// 1. A status sync moves 10,000 orders of one reseller: the delivery job (as it runs with JOBS on: a claim
//    every second, claim after claim while full) sends 10,000 order.updated webhooks to a loopback receiver
//    on a thread of its own (bench/lib/webhook-receiver-worker.mjs) that verifies each with the
//    `standardwebhooks` package. Time from the sync's start to the last
//    delivery; lost (never received) and duplicates (the same webhook-id twice).
// 2. The receiver goes down; 1,000 orders move twice (In progress, then Completed) while it is down; it
//    comes back after --outage-seconds: everything delivered, and each order's updates in the order they happened.
import { mkdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { build } from '../scripts/lib/build.mjs';
import { FakeProvider, seedFakeProviderCatalogue } from '../test/support/fake-provider.ts';
import { Worker } from 'node:worker_threads';
import { benchSettings, peakRssLine } from './lib/process-figures.mjs';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '10000' },
    'outage-orders': { type: 'string', default: '1000' },
    'outage-seconds': { type: 'string', default: '120' },
  },
});
const ORDERS = Number(values.orders);
const OUTAGE_ORDERS = Number(values['outage-orders']);
const OUTAGE_MS = Number(values['outage-seconds']) * 1000;

build({ only: ['server'] });
const { startEmbeddedPostgres } = await import('../server/dist/database/embedded-postgres.js');
const { createServer } = await import('../server/dist/bootstrap.js');
const { OrderSync, SYNC_SPACING_MS } = await import('../server/dist/modules/fulfilment/index.js');
const { DeliverySender, DeliveryFacade } = await import('../server/dist/modules/delivery/index.js');
const { Clock } = await import('../server/dist/shared/index.js');

const root = join(process.cwd(), '.test-data', `bench-webhooks-${process.pid}`);
mkdirSync(root, { recursive: true });
const db = await startEmbeddedPostgres(join(root, 'pg'), { durable: false });
const fake = await FakeProvider.start();
const receiver = await receiverThread();
console.log(
  `load average (1/5/15 min) at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;
const rate = (n, ms) => `${Math.round((n * 1000) / ms).toLocaleString('en-US')}/s`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The receiver thread seen from here: what it received (webhook-id, verified body), and its commands. */
async function receiverThread() {
  const worker = new Worker(new URL('./lib/webhook-receiver-worker.mjs', import.meta.url));
  const waiting = new Map();
  const received = [];
  const url = await new Promise((resolve) => {
    worker.on('message', (m) => {
      if (m.url) resolve(m.url);
      if (m.received) for (const r of m.received) received.push({ ...r, headers: r.headers ?? { 'webhook-id': r.id } });
      if (m.done) waiting.get(m.done)?.();
    });
  });
  const command = (name, value) =>
    new Promise((resolve) => {
      waiting.set(name, resolve);
      worker.postMessage({ command: name, value });
    });
  return {
    url,
    received,
    get verified() {
      return received.filter((r) => r.verified);
    },
    set secret(value) {
      void command('secret', value);
    },
    down: () => command('down'),
    up: () => command('up'),
    close: async () => {
      await command('close');
      await worker.terminate();
    },
  };
}

const url = new URL(db.url);
url.pathname = '/bench_webhooks';
{
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  await admin.query(`create database "bench_webhooks"`);
  await admin.end();
}
const settings = benchSettings();
console.log(
  `logs at ${settings.env.LOG_LEVEL} (${settings.label}); the delivery job is driven by the bench as the schedule drives it with JOBS on`,
);
const server = await createServer({
  env: {
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    DATA_DIR: join(root, 'data'),
    // Logs as the settings say (default: info, as npm start); the bench drives the delivery job itself, as JOBS on does.
    LOG_LEVEL: settings.env.LOG_LEVEL,
    JOBS: 'false',
    DEMO_DATA: 'false',
    // The fake provider and the receiver listen on loopback.
    ALLOW_PRIVATE_PROVIDER_URLS: 'true',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    ADMIN_PASSWORD: 'bench-password',
  },
});
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const { member, provider, service } = await seedFakeProviderCatalogue(client, fake, 'bench');
const { secret } = await server.app.get(DeliveryFacade).setWebhook(
  member,
  receiver.url,
  async () => undefined,
  () => `whsec_${Buffer.from('bench-webhook-secret-0123456789ab').toString('base64')}`,
);
receiver.secret = secret;

// The delivery job as JOBS on runs it: a tick every second, one at a time, draining what is due.
const sender = server.app.get(DeliverySender);
let running = true;
const job = (async () => {
  while (running) {
    await sender.drain();
    await sleep(1000);
  }
})();

async function placeOrders(count, status) {
  const rows = await client.query(
    `with placed as (
       insert into service_order (member_id, service_id, link, amount, point, status, provider_id, provider_service_id, created_at, updated_at)
       select $1, $2, 'https://instagram.com/p/' || g, 1000, 7000, $5, $3, '1', now(), now() from generate_series(1, $4) g returning id)
     insert into order_dispatch (order_id, provider_id, status, provider_order_id, created_at, updated_at) select id, $3, 'SENT', 'up-' || id, now(), now() from placed
     returning order_id as id, provider_order_id`,
    [member, service, provider, count, status],
  );
  return rows.rows;
}
const report = (rows, status, remains) =>
  rows.forEach((row) =>
    fake.orders.set(row.provider_order_id, {
      id: row.provider_order_id,
      service: '1',
      link: '',
      quantity: 1000,
      status,
      startCount: '1200',
      remains,
    }),
  );
const sync = async () => {
  server.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
  for (;;) if ((await server.app.get(OrderSync).runOnce()).polled === 0) break;
};
const updates = () => receiver.verified.filter((r) => r.verified.type === 'order.updated');
/** Distinct messages received (by webhook-id): a retry after a 5 s timeout the receiver did answer comes twice. */
const distinct = () => new Set(updates().map((r) => r.headers['webhook-id'])).size;
async function until(count, limitMs) {
  const started = performance.now();
  while (distinct() < count && performance.now() - started < limitMs) await sleep(50);
}
const duplicates = (list) => list.length - new Set(list.map((r) => r.headers['webhook-id'])).size;

// ---- 1. 10,000 order updates from one status sync ------------------------------------------------
{
  const rows = await placeOrders(ORDERS, 'INPROGRESS');
  report(rows, 'Completed', '0');
  const started = performance.now();
  await sync();
  const synced = performance.now() - started;
  await until(ORDERS, 300_000);
  const done = performance.now() - started;
  const got = updates();
  const ids = new Set(rows.map((r) => r.id));
  const received = new Set(got.map((r) => r.verified.data.order).filter((id) => ids.has(id)));
  console.log(`\n1. status sync of ${ORDERS.toLocaleString('en-US')} orders → webhooks`);
  console.log(
    `   sync applied in ${secs(synced)}; last webhook received ${secs(done)} after the sync started (${rate(got.length, done)})`,
  );
  console.log(
    `   distinct messages ${distinct().toLocaleString('en-US')} for ${received.size.toLocaleString('en-US')} orders, lost ${ORDERS - received.size}, received twice (same webhook-id: sent again after a 5 s timeout) ${duplicates(got)}, signature failures ${receiver.received.length - receiver.verified.length}`,
  );
  const sample = got.find((r) => r.body) ?? got[0];
  console.log(
    `   a delivery as the receiver saw it:\n     ${Object.entries(sample.headers)
      .filter(([k]) => k.startsWith('webhook-') || k === 'content-type')
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n     ')}\n     ${sample.body}\n     verified by standardwebhooks: ${JSON.stringify(sample.verified)}`,
  );
}

// ---- 2. the receiver down, then up -----------------------------------------------------------------
{
  receiver.received.length = 0;
  const rows = await placeOrders(OUTAGE_ORDERS, 'PROCESSING');
  await receiver.down();
  const downAt = performance.now();
  report(rows, 'In progress', '600');
  await sync();
  report(rows, 'Completed', '0');
  await sync();
  const left = Math.max(0, OUTAGE_MS - (performance.now() - downAt));
  console.log(
    `\n2. receiver down for ${secs(OUTAGE_MS)} while ${OUTAGE_ORDERS.toLocaleString('en-US')} orders move twice`,
  );
  await sleep(left);
  await receiver.up();
  const upAt = performance.now();
  await until(OUTAGE_ORDERS * 2, 30 * 60_000);
  const done = performance.now() - upAt;
  // A claim records its batch once every message in it has answered: wait for the last before reading the table.
  while (running) {
    const { n } = (
      await client.query(
        `select count(*)::int as n from delivery where channel = 'WEBHOOK' and status in ('PENDING', 'SENDING')`,
      )
    ).rows[0];
    if (n === 0) break;
    await sleep(200);
  }
  const got = updates().filter((r) => rows.some((o) => o.id === r.verified.data.order));
  const byOrder = new Map();
  for (const r of got)
    byOrder.set(r.verified.data.order, [...(byOrder.get(r.verified.data.order) ?? []), r.verified.data.status]);
  // Each order's statuses as first received (a repeat of the same message is not a reordering).
  const firsts = new Map();
  for (const r of got) if (!firsts.has(r.headers['webhook-id'])) firsts.set(r.headers['webhook-id'], r);
  byOrder.clear();
  for (const r of firsts.values())
    byOrder.set(r.verified.data.order, [...(byOrder.get(r.verified.data.order) ?? []), r.verified.data.status]);
  const inOrder = rows.filter(
    (r) => JSON.stringify(byOrder.get(r.id)) === JSON.stringify(['In progress', 'Completed']),
  ).length;
  const attempts = (
    await client.query(
      `select max(attempts)::int as most, sum(attempts)::int as total, count(*) filter (where status <> 'SENT')::int as unsent from delivery where channel = 'WEBHOOK' and (payload->'data'->>'order')::int = any($1)`,
      [rows.map((r) => r.id)],
    )
  ).rows[0];
  console.log(
    `   all delivered ${secs(done)} after the receiver came back (retries at 5 s, 30 s, 2 min … after each failure)`,
  );
  console.log(
    `   distinct received ${distinct().toLocaleString('en-US')} of ${(OUTAGE_ORDERS * 2).toLocaleString('en-US')}, not sent ${attempts.unsent}, delivered twice ${duplicates(got)}, orders whose updates came in order ${inOrder} of ${OUTAGE_ORDERS}`,
  );
  console.log(
    `   attempts: ${attempts.total.toLocaleString('en-US')} in all, at most ${attempts.most} for one message`,
  );
}

running = false;
await job;
console.log(peakRssLine([{ name: 'server (this process, the receiver thread in it)', pid: process.pid }]));
await client.end();
await server.close();
await receiver.close().catch(() => undefined);
await fake.close();
await db.stop();
rmSync(root, { recursive: true, force: true });
