// The reseller API v2 as resellers' tools load it: N API keys (one member each), every tool adding one
// order and polling `status` of its last 100 orders twice a second (4 calls/s per key), against the built
// server in a process of its own on the embedded database (or another: bench/lib/database.mjs). Prints
// figures; asserts nothing.
//
//   node bench/v2-tools.mjs                 (BENCH_KEYS=100,300,500 BENCH_SECONDS=10 BENCH_WARMUP=5)
//   SERVER_DIST=server/dist-before node bench/v2-tools.mjs   (a saved build, for before/after in one sitting)
//   BENCH_REPLICAS=1                        (skip the two-replica overshoot check)
//   BENCH_SETTINGS=quiet                    (JOBS=false LOG_LEVEL=warn; default: as npm start, jobs on, info)
//   BENCH_NODE_FLAGS=none                   (Node's heap defaults instead of server/node-flags.json)
//   BENCH_SERVERS=2                         (the tools spread over two server processes, as a load balancer
//                                            would spread them; default 1)
//
// Per key count: calls/s answered, p50/p99 of `add` and `status`, 429s, and tools that fell behind (a tick
// that started more than one period late, i.e. the tool could not keep its twice-a-second schedule).
// A point measures tools that are running: its N tools first run BENCH_WARMUP seconds, unmeasured but
// reported on a line of its own ("arrival": N tools starting within one period, as after a restart, with
// their first key, price, allowance and status reads); the point follows at once, its ticks on schedule.
// Then the per-key limit across replicas: one key sending back to back to two server processes sharing the
// database for 6 s; answers 200 beside what API_V2_RATE/API_V2_BURST allow (the overshoot).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { topFrames } from './lib/cpu-profile.mjs';
import { benchDatabase } from './lib/database.mjs';
import { benchSettings, peakRssLine } from './lib/process-figures.mjs';
import { v2Call } from './lib/v2-call.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/lib/server-flags.mjs';

const KEYS = (process.env.BENCH_KEYS ?? '100,300,500').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const REPLICAS = Number(process.env.BENCH_REPLICAS ?? 2);
const SERVERS = Math.max(1, Number(process.env.BENCH_SERVERS ?? 1));
const DIST = resolve(process.env.SERVER_DIST ?? 'server/dist');
// The server's node flags as npm start gives them; BENCH_NODE_FLAGS=none: Node's defaults (for before/after).
const NODE_FLAGS = process.env.BENCH_NODE_FLAGS === 'none' ? [] : SERVER_NODE_FLAGS;
const PERIOD_MS = 500;
const RATE = 20;
const BURST = 200;

if (!process.env.SERVER_DIST) {
  const { build } = await import('../scripts/lib/build.mjs');
  build({ only: ['server'] });
}

const freePort = () =>
  new Promise((done) => {
    const s = netServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

function percentile(sorted, p) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const maxKeys = Math.max(...KEYS);
const profileDir = mkdtempSync(join(tmpdir(), 'smm-bench-v2-profile-'));
const dataDir = mkdtempSync(join(tmpdir(), 'smm-bench-v2-tools-'));
const settings = benchSettings();
const baseEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  ...settings.env,
  DEMO_DATA: 'false',
  ADMIN_PASSWORD: 'bench-password',
  API_V2_RATE: String(RATE),
  API_V2_BURST: String(BURST),
};

// The database (bench/lib/database.mjs: embedded, BENCH_POSTGRES_BIN or DATABASE_URL), shared by the
// replicas through DATABASE_URL.
const { startEmbeddedPostgres } = await import(`${DIST}/database/embedded-postgres.js`);
const database = await benchDatabase(startEmbeddedPostgres, dataDir, 'v2_tools');
baseEnv.DATABASE_URL = database.url;

// ---- seed: a service, members with points, an API key each and 100 orders each (in-process, then closed) ----
const keys = [];
let serviceId;
{
  const { createServer } = await import(`${DIST}/bootstrap.js`);
  const server = await createServer({ env: { ...baseEnv, JOBS: 'false', LOG_LEVEL: 'warn' } });
  try {
    const { MikroORM } = await import('@mikro-orm/postgresql');
    const em = server.app.get(MikroORM).em.fork();
    [{ id: serviceId }] = await em.execute(
      `with p as (insert into platform (id, text) values ('instagram', '인스타그램') returning id),
            c as (insert into category (platform_id, text) select id, '인스타그램 좋아요' from p returning id)
       insert into service (text, point, min, max, category_id) select '🌍 외국인 좋아요', 0.5, 10, 100000, id from c returning id`,
    );
    const { PasswordHasher } = await import(`${DIST}/modules/identity/index.js`);
    const { Member } = await import(`${DIST}/modules/identity/entities.js`);
    const hash = await server.app.get(PasswordHasher).hash('bench-password');
    const members = [];
    for (let i = 0; i < maxKeys; i++) {
      const member = new Member({
        loginId: `tool${i}`,
        passwordHash: hash,
        email: null,
        phone: null,
        registerWhere: null,
        now: new Date(),
      });
      const key = randomBytes(20).toString('hex');
      // Only the hash is looked up; the sealed copy (shown again to the member) is not needed here.
      member.setApiKey(createHash('sha256').update(key).digest('hex'), 'bench');
      em.persist(member);
      members.push(member);
      keys.push({ key, orders: [] });
    }
    await em.flush();
    const ids = members.map((m) => m.id);
    await em.execute(
      `with a as (insert into point_account (member_id, balance, version) select unnest(?::int[]), 1000000000, 1 returning member_id, balance)
       insert into point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, created_at)
       select member_id, balance, balance, 'CHARGE', 'bench', member_id::text, now() from a`,
      [`{${ids.join(',')}}`],
    );
    // 100 earlier orders per tool, so every status call asks for 100 ids from the start.
    const rows = await em.execute(
      `insert into service_order (member_id, service_id, link, amount, point, created_at, updated_at)
       select m, ?, 'https://instagram.com/p/seed', 10, 5, now(), now() from unnest(?::int[]) m, generate_series(1, 100)
       returning id, member_id`,
      [serviceId, `{${ids.join(',')}}`],
    );
    const index = new Map(ids.map((id, i) => [id, i]));
    for (const r of rows) keys[index.get(r.member_id)].orders.push(r.id);
    // The seed's own debt is paid before measuring: statistics for the planner, and a checkpoint so the
    // seed's dirty pages are not flushed (and full-page images not written) in the middle of a point.
    await em.execute('vacuum analyze');
    await em.execute('checkpoint');
  } finally {
    await server.close();
  }
}

// ---- the server(s): processes of their own ---------------------------------------------------------------
async function startReplica(env) {
  const port = await freePort();
  // BENCH_PROFILE=1: the first replica writes a CPU profile (--cpu-prof) when it stops.
  const profile =
    process.env.BENCH_PROFILE && replicas.length === 0 ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...NODE_FLAGS, ...profile, `${DIST}/main.js`], {
    env: { ...baseEnv, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, child };
}

/** CPU milliseconds a process has used (user + system), from /proc: the server's cost, whatever the load of the machine. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The PostgreSQL processes (the postmaster running on `dataDir` and its backends): their CPU is the database's. */
function postgresPids() {
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const stat = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    } catch {
      return null;
    }
  };
  // A server at DATABASE_URL is not this machine's to measure: its CPU shows as 0.
  if (!database.dataDir) return [];
  const master = pids.find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(database.dataDir) && stat(pid)?.[0] !== 'Z';
    } catch {
      return false;
    }
  });
  return master ? [master, ...pids.filter((pid) => stat(pid)?.[1] === master)] : [];
}

/** CPU milliseconds used by all processes of the machine (busy time from /proc/stat). */
function machineBusyMs() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + ticks[4];
  return ((ticks.slice(0, 8).reduce((a, b) => a + b, 0) - idle) * 1000) / 100;
}

/** The CPU of the database's processes; backends that ended between two reads are not counted (the pool keeps them). */
const postgresCpuMs = () => postgresPids().reduce((sum, pid) => sum + (existsSync(`/proc/${pid}`) ? cpuMs(pid) : 0), 0);

const agent = new http.Agent({ keepAlive: true, maxSockets: 2048 });
const v2 = (port, fields) => v2Call(agent, port, fields);

/** N tools for `seconds`: every PERIOD_MS an `add`, then `status` of the last 100 orders (tool i calls ports[i % ports.length]). */
async function tools(ports, n, seconds = SECONDS) {
  const add = [];
  const status = [];
  let limited = 0;
  let errors = 0;
  let behind = 0;
  let calls = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    keys.slice(0, n).map(async (tool, i) => {
      const port = ports[i % ports.length];
      let late = false;
      // Tools start spread over one period, as they would; a tick missed by more than a period is skipped.
      for (let tick = started + (i * PERIOD_MS) / n; tick < deadline; tick += PERIOD_MS) {
        const wait = tick - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        else if (-wait > PERIOD_MS) {
          late = true;
          continue;
        }
        const a = await v2(port, {
          key: tool.key,
          action: 'add',
          service: String(serviceId),
          link: `https://instagram.com/p/t${i}x${tick | 0}`,
          quantity: '10',
        });
        calls++;
        if (a.status === 429) limited++;
        else if (a.status !== 200 || !a.body.includes('"order"')) errors++;
        else {
          add.push(a.ms);
          tool.orders.push(JSON.parse(a.body).order);
          if (tool.orders.length > 100) tool.orders.shift();
        }
        const s = await v2(port, { key: tool.key, action: 'status', orders: tool.orders.join(',') });
        calls++;
        if (s.status === 429) limited++;
        else if (s.status !== 200 || s.body.startsWith('{"error"')) errors++;
        else status.push(s.ms);
      }
      if (late) behind++;
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  add.sort((x, y) => x - y);
  status.sort((x, y) => x - y);
  return { calls: calls / elapsed, add, status, limited, errors, behind, elapsed };
}

const row = (cells) => console.log(cells.map((c, i) => String(c).padStart(i === 0 ? 6 : 10)).join(''));
const replicas = [];
try {
  for (let i = 0; i < SERVERS; i++) replicas.push(await startReplica({}));
  const servers = replicas.slice(0, SERVERS);
  const ports = servers.map((r) => r.port);
  const serversCpuMs = () => servers.reduce((sum, r) => sum + cpuMs(r.child.pid), 0);
  console.log(
    `\nAPI v2 under tools (${DIST.replace(resolve('.') + '/', '')}, ${SERVERS} server process${SERVERS > 1 ? 'es' : ''}, ${database.label}): ${settings.label}, node flags: ${NODE_FLAGS.join(' ') || "Node's defaults"}; ${SECONDS} s per point, each key: add + status of its last 100, twice a second; API_V2_RATE=${RATE} API_V2_BURST=${BURST}\n`,
  );
  // warm-up (JIT, pool, plans)
  await tools(ports, Math.min(50 * SERVERS, maxKeys), WARMUP);
  const { default: pg } = await import('pg');
  const stats = new pg.Client({ connectionString: database.url });
  await stats.connect();
  const transactions = async () =>
    Number(
      (
        await stats.query(
          'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
        )
      ).rows[0].n,
    );
  // cpu ms/call: the servers', PostgreSQL's and this load generator's CPU per answered call; busy: the
  // machine's CPU in use (200% is both cores); xact/call: database transactions per call (pg_stat_database).
  console.log(`${' '.repeat(106)}cpu ms/call`);
  row([
    'keys',
    'target/s',
    'calls/s',
    'add p50',
    'add p99',
    'st p50',
    'st p99',
    '429s',
    'errors',
    'behind',
    'server',
    'database',
    'bench',
    'busy',
    'xact/call',
  ]);
  const arrivals = [];
  for (const n of KEYS) {
    const arrival = await tools(ports, n, WARMUP);
    arrivals.push(
      `${n} tools arriving within ${PERIOD_MS} ms (the ${WARMUP} s before the point): add p50 ${percentile(arrival.add, 50).toFixed(1)} p99 ${percentile(arrival.add, 99).toFixed(1)} ms, status p50 ${percentile(arrival.status, 50).toFixed(1)} p99 ${percentile(arrival.status, 99).toFixed(1)} ms, ${arrival.behind} behind, ${arrival.errors} errors`,
    );
    await stats.query('select pg_stat_clear_snapshot()');
    const before = {
      server: serversCpuMs(),
      db: postgresCpuMs(),
      bench: process.cpuUsage(),
      busy: machineBusyMs(),
      xacts: await transactions(),
    };
    const r = await tools(ports, n);
    await stats.query('select pg_stat_clear_snapshot()');
    // pg_stat_database is updated by backends at most every second: wait for the last of it.
    await new Promise((done) => setTimeout(done, 1100));
    const answered = Math.max(1, r.calls * r.elapsed);
    const benchCpu = process.cpuUsage(before.bench);
    row([
      n,
      (n * 4).toFixed(0),
      r.calls.toFixed(0),
      percentile(r.add, 50).toFixed(1),
      percentile(r.add, 99).toFixed(1),
      percentile(r.status, 50).toFixed(1),
      percentile(r.status, 99).toFixed(1),
      r.limited,
      r.errors,
      `${r.behind}/${n}`,
      ((serversCpuMs() - before.server) / answered).toFixed(2),
      ((postgresCpuMs() - before.db) / answered).toFixed(2),
      ((benchCpu.user + benchCpu.system) / 1000 / answered).toFixed(2),
      `${((100 * (machineBusyMs() - before.busy)) / (r.elapsed * 1000 + 1100)).toFixed(0)}%`,
      // Less this client's own three (the two snapshot clears and the first count).
      (((await transactions()) - before.xacts - 3) / answered).toFixed(2),
    ]);
  }
  await stats.end();
  console.log(`\narrival (unmeasured warm-up of each point's tools):\n${arrivals.map((a) => `  ${a}`).join('\n')}`);

  if (REPLICAS > 1) {
    // The per-key limit across replicas: one key, back to back (8 in flight per replica), both replicas.
    while (replicas.length < REPLICAS) replicas.push(await startReplica({}));
    const key = keys[maxKeys - 1].key;
    await new Promise((r) => setTimeout(r, (BURST / RATE) * 1000 + 500)); // the bucket refills
    const seconds = 6;
    const until = performance.now() + seconds * 1000;
    const ok = replicas.map(() => 0);
    let limited = 0;
    await Promise.all(
      replicas.flatMap((replica, r) =>
        Array.from({ length: 8 }, async () => {
          while (performance.now() < until) {
            const s = await v2(replica.port, { key, action: 'balance' });
            if (s.status === 200) ok[r]++;
            else if (s.status === 429) limited++;
          }
        }),
      ),
    );
    const allowed = BURST + RATE * seconds;
    const total = ok.reduce((a, b) => a + b, 0);
    console.log(
      `\nper-key limit across ${replicas.length} replicas: one key back to back for ${seconds} s: ${total} × 200 (${ok.join(' + ')}), ${limited} × 429; the limit allows ${allowed} (burst ${BURST} + ${RATE}/s × ${seconds} s): overshoot ${total - allowed}; bound ${replicas.length} replicas × ${Math.max(1, Math.min(BURST, Math.floor(RATE / 2)))} reserved requests held ≤ 2 s`,
    );
  }
} finally {
  agent.destroy();
  console.log(`\n${peakRssLine(replicas.map((r, i) => ({ name: `server ${i + 1}`, pid: r.child.pid })))}`);
  for (const { child } of replicas.reverse()) {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.on('exit', r)));
  }
  await database.stop();
  for (const file of readdirSync(profileDir)) {
    console.log(`\nCPU profile of the server (whole run): ${join(profileDir, file)}; top frames by self time:`);
    for (const line of topFrames(JSON.parse(readFileSync(join(profileDir, file), 'utf8')))) console.log(`  ${line}`);
  }
  rmSync(dataDir, { recursive: true, force: true });
}
