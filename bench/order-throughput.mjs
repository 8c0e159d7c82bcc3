// Throughput and latency of POST /api/service/order on the embedded PostgreSQL, spread across many
// members and on one hot member, beside the same database's ceiling for the bare SQL of one order
// (conditional UPDATE + order INSERT + ledger INSERT in one transaction), measured in the same run with
// pgbench (or a node `pg` loop when pgbench is missing). Prints figures; asserts nothing.
//
//   node bench/order-throughput.mjs            (BENCH_SECONDS=5 BENCH_CONCURRENCY=1,8,32,64 BENCH_MEMBERS=200)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,8,32,64').split(',').map(Number);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);

function percentile(sorted, p) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs the load for SECONDS; also the CPU time the server's thread spent per request. */
function load(port, tokens, serviceId, concurrency) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { port, tokens, serviceId, concurrency, seconds: SECONDS },
    });
    const before = process.threadCpuUsage();
    worker.once('message', ({ latencies, statuses, elapsed }) => {
      const cpu = process.threadCpuUsage(before);
      const busy = (cpu.user + cpu.system) / 1000;
      latencies.sort((a, b) => a - b);
      const ok = statuses[201] ?? 0;
      resolve({
        rate: ok / elapsed,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        statuses,
        cpuPerOrder: busy / Math.max(1, latencies.length),
      });
    });
    worker.once('error', reject);
  });
}

// ---- the ceiling: the bare SQL of one order -----------------------------------------------------------
const ORDER_SQL = (memberExpr) => `
BEGIN;
UPDATE point_account SET balance = balance - 5, version = version + 1, updated_at = now() WHERE member_id = ${memberExpr} AND balance >= 5;
INSERT INTO service_order (member_id, service_id, link, amount, point, created_at, updated_at) VALUES (${memberExpr}, :service, 'https://instagram.com/p/sql', 10, 5, now(), now()) RETURNING id AS order_id \\gset
INSERT INTO point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, created_at) VALUES (${memberExpr}, -5, 0, 'ORDER', 'order', :order_id, now());
END;
`;

function hasPgbench() {
  return spawnSync('pgbench', ['--version']).status === 0;
}

function pgbench(url, scriptDir, { hot, concurrency, serviceId, members }) {
  const file = join(scriptDir, hot ? 'hot.sql' : 'many.sql');
  writeFileSync(
    file,
    (hot ? '' : `\\set mid random(${members.min}, ${members.max})\n`) + ORDER_SQL(hot ? String(members.min) : ':mid'),
  );
  const out = execFileSync(
    'pgbench',
    [
      '-n',
      '-c',
      String(concurrency),
      '-j',
      String(Math.min(concurrency, 2)),
      '-T',
      String(SECONDS),
      '-D',
      `service=${serviceId}`,
      '-f',
      file,
      url,
    ],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  return { rate: tps, latency };
}

/** The same three statements from a node `pg` pool, when pgbench is not installed. */
async function pgLoop(url, { hot, concurrency, serviceId, members }) {
  const pool = new pg.Pool({ connectionString: url, max: concurrency });
  let done = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < deadline) {
          const mid = hot ? members.min : members.min + Math.floor(Math.random() * (members.max - members.min + 1));
          await client.query('BEGIN');
          await client.query(
            'UPDATE point_account SET balance = balance - 5, version = version + 1, updated_at = now() WHERE member_id = $1 AND balance >= 5',
            [mid],
          );
          const { rows } = await client.query(
            "INSERT INTO service_order (member_id, service_id, link, amount, point, created_at, updated_at) VALUES ($1, $2, 'https://instagram.com/p/sql', 10, 5, now(), now()) RETURNING id",
            [mid, serviceId],
          );
          await client.query(
            "INSERT INTO point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, created_at) VALUES ($1, -5, 0, 'ORDER', 'order', $2, now())",
            [mid, rows[0].id],
          );
          await client.query('COMMIT');
          done++;
        }
      } finally {
        client.release();
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  return { rate: done / elapsed, latency: (concurrency * elapsed * 1000) / Math.max(done, 1) };
}

// ---- run ------------------------------------------------------------------------------------------------
async function main() {
  const { build } = await import('../scripts/lib/build.mjs');
  build({ only: ['server'] });
  const { createServer } = await import('../server/dist/bootstrap.js');
  const { PasswordHasher } = await import('../server/dist/modules/identity/index.js');
  const { Member } = await import('../server/dist/modules/identity/entities.js');
  const { MikroORM } = await import('@mikro-orm/postgresql');

  const dataDir = mkdtempSync(join(tmpdir(), 'smm-bench-'));
  const server = await createServer({
    env: {
      DATA_DIR: dataDir,
      JOBS: 'false',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-password',
      DATABASE_URL: '',
      // Each member logs in from an address of its own (X-Forwarded-For, trusted from loopback): the per-IP login limit.
      TRUST_PROXY: 'loopback',
    },
  });
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = server.app.getHttpServer().address().port;
    const url = server.config.databaseUrl;
    const em = server.app.get(MikroORM).em.fork();

    // A service at 0.5 won per unit (an order of 10 costs 5 won), and members with plenty of points.
    const [{ id: serviceId }] = await em.execute(
      `with p as (insert into platform (id, text) values ('instagram', '인스타그램') returning id),
            c as (insert into category (platform_id, text) select id, '인스타그램 좋아요' from p returning id)
       insert into service (text, point, min, max, category_id) select '🌍 외국인 좋아요', 0.5, 10, 100000, id from c returning id`,
    );
    const hash = await server.app.get(PasswordHasher).hash('bench-password');
    const members = [];
    for (let i = 0; i < MEMBERS; i++) {
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
    const range = { min: Math.min(...ids), max: Math.max(...ids) };

    // warm-up (JIT, pool, plans)
    await load(port, tokens, serviceId, 8);

    const ceiling = hasPgbench()
      ? { name: 'pgbench', run: (o) => pgbench(url, dataDir, o) }
      : { name: 'node pg loop', run: (o) => pgLoop(url, o) };
    console.log(
      `\nPOST /api/service/order on the embedded PostgreSQL (durable), ${SECONDS} s per point, ${MEMBERS} members; ceiling: ${ceiling.name}\n`,
    );
    const row = (cells) => console.log(cells.map((c, i) => String(c).padStart(i === 0 ? 12 : 11)).join(''));
    row([
      'scenario',
      'clients',
      'orders/s',
      'p50 ms',
      'p99 ms',
      'cpu ms/req',
      'SQL tps',
      'SQL lat ms',
      'ratio',
      'non-201',
    ]);
    const best = {};
    for (const hot of [false, true]) {
      const scenario = hot ? 'hot member' : 'many members';
      for (const concurrency of CONCURRENCY) {
        const api = await load(port, hot ? [tokens[0]] : tokens, serviceId, concurrency);
        const sql = await ceiling.run({ hot, concurrency, serviceId, members: range });
        const errors =
          Object.entries(api.statuses)
            .filter(([s]) => s !== '201')
            .map(([s, n]) => `${s}×${n}`)
            .join(' ') || '-';
        row([
          scenario,
          concurrency,
          api.rate.toFixed(0),
          api.p50.toFixed(1),
          api.p99.toFixed(1),
          api.cpuPerOrder.toFixed(2),
          sql.rate.toFixed(0),
          sql.latency.toFixed(2),
          (api.rate / sql.rate).toFixed(2),
          errors,
        ]);
        best[scenario] = {
          api: Math.max(best[scenario]?.api ?? 0, api.rate),
          sql: Math.max(best[scenario]?.sql ?? 0, sql.rate),
        };
      }
    }
    console.log('');
    for (const [scenario, { api, sql }] of Object.entries(best)) {
      console.log(
        `${scenario}: best ${api.toFixed(0)} orders/s vs SQL ceiling ${sql.toFixed(0)} tps → ratio ${(api / sql).toFixed(2)} (target across members ≥ 0.33)`,
      );
    }
    const { WalletFacade } = await import('../server/dist/modules/wallet/index.js');
    const violations = await server.app.get(WalletFacade).invariantViolations();
    console.log(
      `ledger invariant (balance = sum of entries) after the run: ${violations.length === 0 ? 'holds' : `${violations.length} violations`}`,
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- load generator (worker thread: keeps the client off the server's event loop) -------------------
async function generateLoad() {
  const { port, tokens, serviceId, concurrency, seconds } = workerData;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  const statuses = {};
  let seq = 0;
  const deadline = performance.now() + seconds * 1000;
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
  const client = async (i) => {
    for (let n = 0; performance.now() < deadline; n++) {
      const started = performance.now();
      const status = await once(tokens[(i + n * concurrency) % tokens.length]);
      latencies.push(performance.now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, i) => client(i)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  parentPort.postMessage({ latencies, statuses, elapsed });
}

if (isMainThread) await main();
else await generateLoad();
