import { startReplica, startTestApp, type TestApp } from '../../support/test-app.js';
import { bearer } from '../billing/billing-support.js';
import { OrderingFacade, OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { OrderStatusCache } from '../../../server/src/modules/ordering/application/order-status-cache.js';
import { tx } from '../ordering/fixtures.js';
import { createReseller, createService, renewKey, report, v2 } from './fixtures.js';

/** Asks until `done` holds (each replica keeps what it read about a key or a price for 2 s); the last answer. */
async function eventually<T>(ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  const until = Date.now() + 10_000;
  for (;;) {
    const answer = await ask();
    if (done(answer) || Date.now() > until) return answer;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Every reseller call needs the key's member and every order the member's price: a process keeps both
 * briefly (as it keeps services, settings and sessions) instead of asking PostgreSQL on every call. A change
 * made through a process shows there at once; through another replica, within the kept time.
 */
describe('API v2: what a process keeps of keys and prices', () => {
  let t: TestApp;
  let replica: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    replica = await startReplica(t);
    admin = bearer(await t.operatorToken());
  });
  afterAll(async () => {
    await replica.close();
    await t.close();
  });

  it('a key renewed through one replica is refused at once there, and soon on the other', async () => {
    const m = await createReseller(t, 10_000n);
    const balance = (app: TestApp, key: string) => v2(app, { key, action: 'balance' }).expect(200);
    // Both processes have read the key.
    expect((await balance(t, m.apiKey)).body).toEqual({ balance: '10000', currency: 'KRW' });
    expect((await balance(replica, m.apiKey)).body).toEqual({ balance: '10000', currency: 'KRW' });

    const renewed = await renewKey(t, m);
    expect((await balance(t, m.apiKey)).body).toEqual({ error: 'Invalid API key' });
    expect((await balance(t, renewed)).body).toEqual({ balance: '10000', currency: 'KRW' });
    const stale = await eventually(
      () => balance(replica, m.apiKey),
      (r) => r.body.error !== undefined,
    );
    expect(stale.body).toEqual({ error: 'Invalid API key' });
    expect((await balance(replica, renewed)).body).toEqual({ balance: '10000', currency: 'KRW' });
  });

  it('a suspension through one replica stops the key at once there, and soon on the other', async () => {
    const m = await createReseller(t, 1_000n);
    for (const app of [t, replica])
      await v2(app, { key: m.apiKey, action: 'balance' }).expect(200, { balance: '1000', currency: 'KRW' });
    await t.http.post(`/api/admin/members/${m.id}/suspend`).set('Authorization', admin).expect(200);
    await v2(t, { key: m.apiKey, action: 'balance' }).expect(200, { error: 'Invalid API key' });
    const stale = await eventually(
      () => v2(replica, { key: m.apiKey, action: 'balance' }),
      (r) => r.body.error !== undefined,
    );
    expect(stale.body).toEqual({ error: 'Invalid API key' });
  });

  it('a custom rate set through one replica prices orders at once there, and soon on the other', async () => {
    const service = await createService(t, { point: '2.5' });
    const m = await createReseller(t, 100_000n);
    const add = (app: TestApp) =>
      v2(app, { key: m.apiKey, action: 'add', service: service.id, link: 'https://instagram.com/p/k', quantity: 100 });
    const cost = async (app: TestApp) => {
      const before = BigInt((await v2(app, { key: m.apiKey, action: 'balance' }).expect(200)).body.balance);
      expect((await add(app).expect(200)).body).toEqual({ order: expect.any(Number) });
      return before - BigInt((await v2(app, { key: m.apiKey, action: 'balance' }).expect(200)).body.balance);
    };
    // The list price (2.5 × 100), read (and kept) by both processes.
    expect(await cost(t)).toBe(250n);
    expect(await cost(replica)).toBe(250n);

    await t.http
      .put(`/api/admin/members/${m.id}/rates`)
      .set('Authorization', admin)
      .send({ serviceId: service.id, point: '1.2' })
      .expect(200);
    expect(await cost(t)).toBe(120n);
    const rate = await eventually(
      async () =>
        (await v2(replica, { key: m.apiKey, action: 'services' }).expect(200)).body.find(
          (s: { service: number }) => s.service === service.id,
        )?.rate,
      (r) => r === '1200',
    );
    expect(rate).toBe('1200');
    expect(await cost(replica)).toBe(120n);
  });

  it('a status polled by the hundred is kept briefly: a change through a process shows there at once, on the other soon', async () => {
    const service = await createService(t, { point: '1' });
    const m = await createReseller(t, 100_000n);
    const other = await createReseller(t, 100_000n);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        (
          await v2(t, {
            key: m.apiKey,
            action: 'add',
            service: service.id,
            link: `https://instagram.com/p/s${i}`,
            quantity: 100,
          }).expect(200)
        ).body.order,
      );
    const [canceled, accepted, completed, untouched] = ids;
    const statuses = async (app: TestApp, key = m.apiKey) => {
      const body = (await v2(app, { key, action: 'status', orders: ids.join(',') }).expect(200)).body;
      return Object.fromEntries(ids.map((id) => [id, body[id].status ?? body[id].error]));
    };
    const pending = Object.fromEntries(ids.map((id) => [id, 'Pending']));
    // Both processes have read (and keep) all four.
    expect(await statuses(t)).toEqual(pending);
    expect(await statuses(replica)).toEqual(pending);
    // Kept or not, another member's ids read as unknown ones.
    expect(Object.values(await statuses(t, other.apiKey))).toEqual(ids.map(() => 'Incorrect order ID'));

    // The member's cancel (an entity write), a provider's acceptance (ordering's own statement) and a
    // provider's report, all through the first process.
    await v2(t, { key: m.apiKey, action: 'cancel', order: canceled }).expect(200, { cancel: 1 });
    await tx(t, (db) => t.app.get(OrderingFacade).acceptUpstream(db, [accepted, completed], new Date()));
    await report(t, completed, { status: OrderStatus.COMPLETED, startCount: 10 });
    const now = {
      [canceled]: 'Canceled',
      [accepted]: 'Processing',
      [completed]: 'Completed',
      [untouched]: 'Pending',
    };
    expect(await statuses(t)).toEqual(now);
    expect(
      await eventually(
        () => statuses(replica),
        (s) => s[completed] === 'Completed' && s[canceled] === 'Canceled',
      ),
    ).toEqual(now);
  });

  it('reads the polls of one turn together, each member only its own orders', async () => {
    const service = await createService(t);
    const [a, b] = [await createReseller(t, 100_000n), await createReseller(t, 100_000n)];
    const place = async (key: string, i: number) =>
      (
        await v2(t, {
          key,
          action: 'add',
          service: service.id,
          link: `https://instagram.com/p/turn${i}`,
          quantity: 100,
        }).expect(200)
      ).body.order as number;
    const mine = [await place(a.apiKey, 1), await place(a.apiKey, 2)];
    const theirs = [await place(b.apiKey, 3)];
    // A fresh replica keeps nothing yet: both polls, asked at once, read PostgreSQL in the same turn.
    const fresh = await startReplica(t);
    try {
      const cache = fresh.app.get(OrderStatusCache);
      const [forA, forB] = await Promise.all([
        cache.statusesOf(a.id, [...mine, ...theirs]),
        cache.statusesOf(b.id, [...theirs, ...mine]),
      ]);
      expect(forA.map((o) => o.id)).toEqual(mine);
      expect(forB.map((o) => o.id)).toEqual(theirs);
      expect(forA.every((o) => o.status === OrderStatus.PENDING && o.amount === 100)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
