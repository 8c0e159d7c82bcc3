// 대량 주문: 500 lines placed by one POST /api/service/orders/mass on the embedded PostgreSQL (durable),
// after a preview of the same text; prints the times (the budget: ≤ 2 s for the placement).
// Asserts nothing.
//
//   node bench/mass-order.mjs            (BENCH_LINES=500 BENCH_ROUNDS=3)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LINES = Number(process.env.BENCH_LINES ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function main() {
  const { build } = await import('../scripts/lib/build.mjs');
  build({ only: ['server'] });
  const { createServer } = await import('../server/dist/bootstrap.js');
  const { PasswordHasher } = await import('../server/dist/modules/identity/index.js');
  const { Member } = await import('../server/dist/modules/identity/entities.js');
  const { MikroORM } = await import('@mikro-orm/postgresql');

  const dataDir = mkdtempSync(join(tmpdir(), 'smm-bench-mass-'));
  const server = await createServer({
    env: {
      DATA_DIR: dataDir,
      JOBS: 'false',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-password',
      DATABASE_URL: '',
      TRUST_PROXY: 'loopback',
    },
  });
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = server.app.getHttpServer().address().port;
    const em = server.app.get(MikroORM).em.fork();
    const services = await em.execute(
      `with p as (insert into platform (id, text) values ('instagram', '인스타그램') returning id),
            c as (insert into category (platform_id, text) select id, '인스타그램 좋아요' from p returning id)
       insert into service (text, point, min, max, category_id)
       select '좋아요 ' || n, 0.5 + n, 10, 100000, c.id from c, generate_series(1, 5) n returning id`,
    );
    const member = new Member({
      loginId: 'benchmass',
      passwordHash: await server.app.get(PasswordHasher).hash('bench-password'),
      email: null,
      phone: null,
      registerWhere: null,
      now: new Date(),
    });
    await em.persist(member).flush();
    await em.execute(
      `with a as (insert into point_account (member_id, balance, version) values (?, 1000000000, 1) returning member_id, balance)
       insert into point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, created_at)
       select member_id, balance, balance, 'CHARGE', 'bench', member_id::text, now() from a`,
      [member.id],
    );
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'benchmass', password: 'bench-password' }),
    });
    const token = (await login.json()).accessToken;
    const post = async (text, { preview = false, key } = {}) => {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/service/orders/mass${preview ? '?preview' : ''}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: JSON.stringify({ orders: text }),
      });
      const body = await res.json();
      return { ms: performance.now() - started, status: res.status, body };
    };
    const text = (round) =>
      Array.from(
        { length: LINES },
        (_, i) => `${services[i % services.length].id} | https://instagram.com/p/r${round}l${i} | ${100 + i}`,
      ).join('\n');
    // Warm-up (compiled paths, caches): one small placement.
    await post(text(-1).split('\n').slice(0, 5).join('\n'));
    console.log(`\nPOST /api/service/orders/mass, ${LINES} lines, embedded PostgreSQL (durable)\n`);
    console.log(
      ['round', 'preview ms', 'place ms', 'replay ms', 'placed', 'orders'].map((c) => c.padStart(11)).join(''),
    );
    const placeTimes = [];
    for (let round = 0; round < ROUNDS; round++) {
      const preview = await post(text(round), { preview: true });
      const place = await post(text(round), { key: `bench-${round}` });
      const replay = await post(text(round), { key: `bench-${round}` });
      placeTimes.push(place.ms);
      const orders = place.body.lines?.filter((l) => l.orderId !== null).length ?? 0;
      console.log(
        [round + 1, preview.ms.toFixed(0), place.ms.toFixed(0), replay.ms.toFixed(0), String(place.body.placed), orders]
          .map((c) => String(c).padStart(11))
          .join(''),
      );
      if (place.status !== 200 || orders !== LINES)
        console.log('  unexpected answer:', place.status, place.body.message);
    }
    placeTimes.sort((a, b) => a - b);
    console.log(
      `\n${LINES} lines placed: median ${placeTimes[Math.floor(placeTimes.length / 2)].toFixed(0)} ms, best ${placeTimes[0].toFixed(0)} ms (budget 2000 ms)`,
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
