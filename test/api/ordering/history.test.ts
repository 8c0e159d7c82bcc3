import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { OrderingFacade, OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { AutoOrderRunsJob } from '../../../server/src/modules/ordering/jobs/auto-order-runs.job.js';
import { Clock } from '../../../server/src/shared/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { createService, fund, placeOrder, tx } from './fixtures.js';

const DAY = 86_400_000;

describe('order histories', () => {
  let t: TestApp;
  let admin: string;
  let service: Service;
  let clock: Clock;
  let alice: TestMember;
  let bob: TestMember;
  const ids: number[] = [];
  let autoId: number;

  const get = (m: TestMember, path: string, query: Record<string, string | number> = {}) =>
    t.http.get(path).query(query).set('Authorization', `Bearer ${m.token}`);
  const command = (id: number, verb: string, body: object = {}) =>
    t.http.post(`/api/admin/orders/${id}/${verb}`).set('Authorization', admin).send(body).expect(200);

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.operatorToken()}`;
    clock = t.app.get(Clock);
    service = await createService(t, { text: '🇰🇷 한국인 팔로워 (실계정)', point: '39', min: 10, max: 5000 });
    [alice, bob] = [await createMember(t), await createMember(t)];
    await fund(t, alice.id, 1_000_000n);
    await fund(t, bob.id, 1_000_000n);
    // Alice: an old order (4 months ago), then 13 recent ones a day apart, and one auto-order.
    clock.travel(-120 * DAY);
    ids.push(
      (await placeOrder(t, alice, { serviceId: service.id, link: 'https://instagram.com/old', amount: 10 }).expect(201))
        .body.orderId,
    );
    clock.travel(100 * DAY);
    for (let i = 1; i <= 13; i++) {
      clock.travel(DAY);
      ids.push(
        (
          await placeOrder(t, alice, {
            serviceId: service.id,
            link: `https://instagram.com/p/${i}`,
            amount: 10 + i,
          }).expect(201)
        ).body.orderId,
      );
    }
    clock.reset();
    autoId = (
      await placeOrder(t, alice, {
        serviceId: service.id,
        link: 'https://instagram.com/auto',
        amount: 20,
        runs: 3,
        interval: 60,
      }).expect(201)
    ).body.autoOrderId;
    await placeOrder(t, bob, {
      serviceId: service.id,
      link: 'https://instagram.com/bob',
      amount: 10,
      runs: 2,
      interval: 60,
    }).expect(201);
  });
  afterAll(async () => {
    clock.reset();
    await t.close();
  });

  it('shows a member their own orders of the last 3 months, newest first, with the spec columns', async () => {
    const res = await get(alice, '/api/service/order-history').expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(14); // 13 recent + the auto-order's first run; the 4-month-old one is gone
    expect(res.body.map((o: { id: number }) => o.id)).not.toContain(ids[0]);
    const times = res.body.map((o: { createdAt: string }) => Date.parse(o.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const [run, newest] = res.body;
    expect(run).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(String),
      serviceId: service.id,
      service: '🇰🇷 한국인 팔로워 (실계정)',
      link: 'https://instagram.com/auto',
      point: 780, // its share of 39 × 20 × 3 = 2340
      amount: 20,
      status: 'PENDING',
      startCount: null,
      remains: null,
      runs: 3,
      completed: 1,
      interval: 60,
      serviceType: 'Default',
      comments: null,
      refillable: false,
      refill: null,
      cancelRequested: false,
      cancelRefusal: null,
      cancelable: true,
      // contracts/order-actions: refillable/cancelable are its verdicts, with the reason when refused.
      actions: {
        cancel: { allowed: true, reason: null, code: null, how: 'refund' },
        refill: { allowed: false, reason: '리필을 제공하지 않는 상품입니다.', code: 'refillNotAvailable' },
        ask: { allowed: true, reason: null, code: null },
      },
    });
    expect(newest).toEqual({
      ...run,
      id: ids[13],
      link: 'https://instagram.com/p/13',
      point: 897,
      amount: 23,
      runs: 0,
      completed: 0,
      interval: 0,
      createdAt: expect.any(String),
    });
    const bobs = await get(bob, '/api/service/order-history').expect(200);
    expect(bobs.body.map((o: { link: string }) => o.link)).toEqual(['https://instagram.com/bob']);
  });

  it('filters by status and pages by 10 with X-Total-Count, still an array', async () => {
    await command(ids[5]!, 'cancel');
    await command(ids[6]!, 'status', { status: 'PROCESSING' });
    await command(ids[6]!, 'status', { status: 'INPROGRESS' });
    await command(ids[7]!, 'partial', { remains: 5 });

    const page1 = await get(alice, '/api/service/order-history', { page: 1 }).expect(200);
    expect(page1.body).toHaveLength(10);
    expect(page1.headers['x-total-count']).toBe('14');
    const page2 = await get(alice, '/api/service/order-history', { page: 2, status: '' }).expect(200);
    expect(page2.body).toHaveLength(4);
    expect([...page1.body, ...page2.body].map((o: { id: number }) => o.id)).toEqual(
      (await get(alice, '/api/service/order-history').expect(200)).body.map((o: { id: number }) => o.id),
    );
    expect((await get(alice, '/api/service/order-history', { page: 3 }).expect(200)).body).toEqual([]);

    const canceled = await get(alice, '/api/service/order-history', { status: 'CANCELED', page: 1 }).expect(200);
    expect(
      canceled.body.map((o: { id: number; status: string; remains: number }) => [o.id, o.status, o.remains]),
    ).toEqual([[ids[5], 'CANCELED', 15]]);
    expect(canceled.headers['x-total-count']).toBe('1');
    expect(
      (await get(alice, '/api/service/order-history', { status: 'in-progress' }).expect(200)).body.map(
        (o: { id: number }) => o.id,
      ),
    ).toEqual([ids[6]]);
    const partial = (await get(alice, '/api/service/order-history', { status: 'partial' }).expect(200)).body;
    expect(partial).toMatchObject([{ id: ids[7], status: OrderStatus.PARTIAL, remains: 5 }]);
    expect(
      (await get(alice, '/api/service/order-history', { status: 'PENDING', page: 1 }).expect(200)).headers[
        'x-total-count'
      ],
    ).toBe('11');
    expect((await get(alice, '/api/service/order-history', { status: 'all' }).expect(200)).body).toHaveLength(14);
    await get(alice, '/api/service/order-history', { status: 'SHIPPED' }).expect(400);
    await get(alice, '/api/service/order-history', { page: 0 }).expect(400);
    await get(alice, '/api/service/order-history', { page: 'two' }).expect(400);
  });

  it('shows auto-orders with the final point used, per-run amount, completed/runs and total quantity', async () => {
    clock.travel(61 * 60_000);
    await t.app.get(AutoOrderRunsJob).runOnce();
    const res = await get(alice, '/api/service/auto-order-history').expect(200);
    expect(res.body).toEqual([
      {
        id: autoId,
        createdAt: expect.any(String),
        link: 'https://instagram.com/auto',
        point: 2340,
        amount: 20,
        serviceId: service.id,
        service: '🇰🇷 한국인 팔로워 (실계정)',
        completed: 2,
        runs: 3,
        interval: 60,
        totalAmount: 60,
        status: 'ACTIVE',
      },
    ]);
    // a run ending PARTIAL and the auto-order canceled: the final point used drops by both refunds
    const [run] = (await get(alice, '/api/service/order-history').expect(200)).body as { id: number }[];
    await tx(t, (db) =>
      t.app.get(OrderingFacade).applyUpstream(db, run!.id, { status: OrderStatus.PARTIAL, remains: 10 }),
    ); // refunds 390
    await t.http.post(`/api/admin/auto-orders/${autoId}/cancel`).set('Authorization', admin).expect(200); // refunds 780
    const after = await get(alice, '/api/service/auto-order-history').expect(200);
    expect(after.body[0]).toMatchObject({ point: 2340 - 390 - 780, status: 'CANCLED', completed: 2 });
    expect(
      (await get(alice, '/api/service/auto-order-history', { status: 'canceled', page: 1 }).expect(200)).body.map(
        (a: { id: number }) => a.id,
      ),
    ).toEqual([autoId]);
    expect(
      (await get(alice, '/api/service/auto-order-history', { status: 'active', page: 1 }).expect(200)).body,
    ).toEqual([]);
    expect(
      (await get(bob, '/api/service/auto-order-history').expect(200)).body.map((a: { link: string }) => a.link),
    ).toEqual(['https://instagram.com/bob']);
  });

  it('counts PARTIAL auto-orders as completed in the filter', async () => {
    const other = await createService(t, { point: '1', min: 10, max: 100 });
    const { body } = await placeOrder(t, bob, {
      serviceId: other.id,
      link: 'https://instagram.com/p/partial',
      amount: 10,
      runs: 2,
      interval: 60,
    }).expect(201);
    await t.http
      .put(`/api/admin/services/${other.id}`)
      .set('Authorization', admin)
      .send({ visible: false })
      .expect(200);
    clock.travel(2 * 61 * 60_000);
    await t.app.get(AutoOrderRunsJob).runOnce();
    const completed = await get(bob, '/api/service/auto-order-history', { status: 'COMPLETED', page: 1 }).expect(200);
    expect(completed.body.map((a: { id: number; status: string }) => [a.id, a.status])).toContainEqual([
      body.autoOrderId,
      'PARTIAL',
    ]);
  });

  it('is for logged-in members only', async () => {
    await t.http.get('/api/service/order-history').expect(401);
    await t.http.get('/api/service/auto-order-history').set('Authorization', admin).expect(401);
  });
});
