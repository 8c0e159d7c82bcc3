// Throughput and latency of POST /api/service/order as the issue measures it, beside the bare-SQL ceiling
// of the same machine in the same sitting. Prints figures; asserts nothing.
//
// - The server runs in this process (the built dist, embedded durable PostgreSQL, or another one:
//   bench/lib/database.mjs's BENCH_POSTGRES_BIN or DATABASE_URL); the load runs in a
//   process of its own (`node bench/order-throughput.mjs --load`), so the load generator's CPU is not the
//   server's: BENCH_CONCURRENCY requests in flight (default 32) over BENCH_MEMBERS members (100) for
//   BENCH_SECONDS (15). CPU ms per order is this process's CPU (all its threads) over the orders placed.
// - The ceiling: `pgbench -M prepared -c 16 -j 2` (BENCH_PGBENCH_CLIENTS) running the same three statements
//   (conditional UPDATE, order INSERT, ledger INSERT in one transaction) against a scratch durable
//   PostgreSQL (another cluster of the same server, migrated like the server's), for BENCH_SECONDS.
// - BENCH_PROFILE=1: a CPU profile of the server process during the load (what `--cpu-prof` writes), saved
//   under the data folder's parent and summarised as its top frames by self time.
// - BENCH_HOT=1 also runs the same load on one member (every order on one balance row).
//
//   node bench/order-throughput.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgbench } from './lib/ceiling.mjs';
import { topFrames } from './lib/cpu-profile.mjs';
import { benchDatabase } from './lib/database.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const PGBENCH_CLIENTS = Number(process.env.BENCH_PGBENCH_CLIENTS ?? 16);
const DIST = process.env.SERVER_DIST ?? 'server/dist';

function percentile(sorted, p) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs the load in a process of its own for `seconds`; also this (the server's) process's CPU per order. */
function load(port, tokens, serviceId, concurrency, seconds = SECONDS) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [new URL(import.meta.url).pathname, '--load'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    let before;
    let started;
    child.stdout.once('data', () => {
      // The load process says "go" when its sockets are open: the server's CPU is counted from then.
      before = process.cpuUsage();
      started = performance.now();
    });
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load process exited with ${code}`));
      const cpu = process.cpuUsage(before);
      const wall = (performance.now() - started) / 1000;
      const { latencies, statuses, elapsed } = JSON.parse(out.slice(out.indexOf('\n') + 1));
      latencies.sort((a, b) => a - b);
      const ok = statuses[201] ?? 0;
      const busy = (cpu.user + cpu.system) / 1000;
      resolve({
        rate: ok / elapsed,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        statuses,
        cpuPerOrder: busy / Math.max(1, ok),
        cpuShare: busy / 1000 / wall,
      });
    });
    child.stdin.end(JSON.stringify({ port, tokens, serviceId, concurrency, seconds }));
  });
}

/** A service at 0.5 won per unit (an order of 10 costs 5 won), and `count` members with plenty of points. */
async function seed(em, Member, hash, count) {
  const [{ id: serviceId }] = await em.execute(
    `with p as (insert into platform (id, text) values ('instagram', '인스타그램') returning id),
          c as (insert into category (platform_id, text) select id, '인스타그램 좋아요' from p returning id)
     insert into service (text, point, min, max, category_id) select '🌍 외국인 좋아요', 0.5, 10, 100000, id from c returning id`,
  );
  const members = [];
  for (let i = 0; i < count; i++) {
    const member = new Member({
      loginId: `bench${i}`,
      passwordHash: hash,
      email: null,
      phone: null,
      registerWhere: null,
      now: new Date(),
    });
    em.persist(member);
    members.push(member);
  }
  await em.flush();
  const ids = members.map((m) => m.id);
  await em.execute(
    `with a as (insert into point_account (member_id, balance, version) select unnest(?::int[]), 1000000000, 1 returning member_id, balance)
     insert into point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, created_at)
     select member_id, balance, balance, 'CHARGE', 'bench', member_id::text, now() from a`,
    [`{${ids.join(',')}}`],
  );
  return { serviceId, members, range: { min: Math.min(...ids), max: Math.max(...ids) } };
}

// ---- run ------------------------------------------------------------------------------------------------
async function main() {
  if (!process.env.SERVER_DIST) {
    const { build } = await import('../scripts/lib/build.mjs');
    build({ only: ['server'] });
  }
  const { createServer } = await import(`../${DIST}/bootstrap.js`);
  const { PasswordHasher } = await import(`../${DIST}/modules/identity/index.js`);
  const { Member } = await import(`../${DIST}/modules/identity/entities.js`);
  const { startEmbeddedPostgres } = await import(`../${DIST}/database/embedded-postgres.js`);
  const { MikroORM } = await import('@mikro-orm/postgresql');

  const dataDir = mkdtempSync(join(tmpdir(), 'smm-bench-'));
  const scratchDir = mkdtempSync(join(tmpdir(), 'smm-bench-ceiling-'));
  const databaseDir = mkdtempSync(join(tmpdir(), 'smm-bench-db-'));
  const env = {
    DATA_DIR: dataDir,
    JOBS: 'false',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-password',
    // Each member logs in from an address of its own (X-Forwarded-For, trusted from loopback): the per-IP login limit.
    TRUST_PROXY: 'loopback',
  };
  // The server's database and the ceiling's scratch one (bench/lib/database.mjs: embedded, BENCH_POSTGRES_BIN
  // or DATABASE_URL), durable alike; the scratch one migrated by a server started on it once.
  const database = await benchDatabase(startEmbeddedPostgres, databaseDir, 'orders');
  env.DATABASE_URL = database.url;
  const scratch = await benchDatabase(startEmbeddedPostgres, scratchDir, 'ceiling');
  let ceilingSeed;
  {
    const migrator = await createServer({ env: { ...env, DATA_DIR: scratchDir, DATABASE_URL: scratch.url } });
    const em = migrator.app.get(MikroORM).em.fork();
    ceilingSeed = await seed(em, Member, 'x', MEMBERS);
    await migrator.close();
  }
  const server = await createServer({ env });
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = server.app.getHttpServer().address().port;
    const em = server.app.get(MikroORM).em.fork();
    const hash = await server.app.get(PasswordHasher).hash('bench-password');
    const { serviceId, members } = await seed(em, Member, hash, MEMBERS);
    // Tokens from the real login, each member from an address of its own (the per-IP login limit).
    const tokens = [];
    for (let i = 0; i < members.length; i += 10) {
      const batch = members.slice(i, i + 10).map(async (m, j) => {
        const n = i + j + 1;
        const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.${(n >> 8) & 255}.${n & 255}` },
          body: JSON.stringify({ id: m.loginId, password: 'bench-password' }),
        });
        if (!res.ok) throw new Error(`login ${m.loginId}: ${res.status} ${await res.text()}`);
        return (await res.json()).accessToken;
      });
      tokens.push(...(await Promise.all(batch)));
    }

    // warm-up (JIT, pool, plans)
    await load(port, tokens, serviceId, 8, 3);

    console.log(
      `\nPOST /api/service/order (${DIST}), ${database.label}; load: a process of its own, ${CONCURRENCY} in flight over ${MEMBERS} members for ${SECONDS} s\n`,
    );
    const row = (cells) => console.log(cells.map((c, i) => String(c).padStart(i === 0 ? 14 : 11)).join(''));
    row(['scenario', 'orders/s', 'p50 ms', 'p99 ms', 'cpu ms/ord', 'server cpu', 'SQL tps', 'ratio', 'non-201']);
    for (const hot of process.env.BENCH_HOT ? [false, true] : [false]) {
      const session = process.env.BENCH_PROFILE && !hot ? new Session() : null;
      if (session) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      const api = await load(port, hot ? [tokens[0]] : tokens, serviceId, CONCURRENCY);
      let profile = null;
      if (session) {
        ({ profile } = await session.post('Profiler.stop'));
        session.disconnect();
      }
      const sql = pgbench(scratch.url, scratchDir, {
        seconds: SECONDS,
        clients: PGBENCH_CLIENTS,
        hot,
        serviceId: ceilingSeed.serviceId,
        members: ceilingSeed.range,
      });
      const errors =
        Object.entries(api.statuses)
          .filter(([s]) => s !== '201')
          .map(([s, n]) => `${s}×${n}`)
          .join(' ') || '-';
      row([
        hot ? 'hot member' : 'many members',
        api.rate.toFixed(0),
        api.p50.toFixed(1),
        api.p99.toFixed(1),
        api.cpuPerOrder.toFixed(2),
        `${(100 * api.cpuShare).toFixed(0)}%`,
        sql.rate.toFixed(0),
        (api.rate / sql.rate).toFixed(2),
        errors,
      ]);
      if (!hot) console.log(`  ceiling: ${sql.command} on a scratch database, ${scratch.label} (target ratio ≥ 0.2)`);
      if (profile) {
        const file = join(tmpdir(), `order-throughput-${Date.now()}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        console.log(`  CPU profile of the server during the load: ${file}; top frames by self time:`);
        for (const line of topFrames(profile)) console.log(`    ${line}`);
      }
    }
    const { WalletFacade } = await import(`../${DIST}/modules/wallet/index.js`);
    const violations = await server.app.get(WalletFacade).invariantViolations();
    console.log(
      `ledger invariant (balance = sum of entries) after the run: ${violations.length === 0 ? 'holds' : `${violations.length} violations`}`,
    );
  } finally {
    await server.close();
    await database.stop();
    await scratch.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratchDir, { recursive: true, force: true });
    rmSync(databaseDir, { recursive: true, force: true });
  }
}

// ---- load generator (a process of its own: its CPU is not the server's) ------------------------------
async function generateLoad() {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const { port, tokens, serviceId, concurrency, seconds } = JSON.parse(input);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  const statuses = {};
  let seq = 0;
  const once = (token) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({
        serviceId,
        link: `https://instagram.com/p/bench${++seq}`,
        amount: 10,
        runs: 0,
        interval: 0,
      });
      const req = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/service/order',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  process.stdout.write('go\n');
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async (i) => {
    for (let n = 0; performance.now() < deadline; n++) {
      const sent = performance.now();
      const status = await once(tokens[(i + n * concurrency) % tokens.length]);
      latencies.push(performance.now() - sent);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => client(i)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  process.stdout.write(JSON.stringify({ latencies, statuses, elapsed }) + '\n');
}

if (process.argv.includes('--load')) await generateLoad();
else await main();
