import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { Clock } from '../../../server/src/shared/index.js';
import { OrderSender, OrderSync, ProviderScores } from '../../../server/src/modules/fulfilment/index.js';
import { addProvider, admin, createService, fund, placeOrders } from './helpers.js';

describe('provider scores', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let providerId: number;
  /** Real seconds the setup took: the test clock runs on while it is moved 21 s at a time. */
  let slack = 0;

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start();
    providerId = await addProvider(t, fake, { name: '점수 공급사' });
    const serviceId = (
      await createService(t, { providerId, providerServiceId: '1', point: '3', providerRate: '900', refill: true })
    ).id;
    const member = await createMember(t);
    const memberId = member.id;
    await fund(t, memberId, 10_000_000n);
    const clock = t.app.get(Clock);
    // 21 orders: the provider refuses the last one once (a failed send), takes the other 20.
    await placeOrders(t, memberId, serviceId, 21);
    const began = Date.now();
    let adds = 0;
    fake.on('add', () => (++adds === 21 ? { body: { error: 'Not enough funds on balance' } } : undefined));
    expect(await t.app.get(OrderSender).runOnce()).toEqual({ sent: 20, failed: 1, uncertain: 0 });
    fake.clearScripts();
    const upstream = [...fake.orders.values()];
    // Started 21 s after the send, ended 42 s after: 12 completed, 4 partial, 4 canceled.
    clock.travel(21_000);
    for (const o of upstream) fake.setOrder(o.id, { status: 'In progress', startCount: 10 });
    await t.app.get(OrderSync).runOnce();
    clock.travel(21_000);
    upstream.forEach((o, i) =>
      fake.setOrder(
        o.id,
        i < 12
          ? { status: 'Completed', remains: 0 }
          : i < 16
            ? { status: 'Partial', remains: 50 }
            : { status: 'Canceled' },
      ),
    );
    await t.app.get(OrderSync).runOnce();
    slack = Math.ceil((Date.now() - began) / 1000) + 1;
    // Refills of 4 ended orders (3 completed, 1 partial): the operator completes 2, rejects 1, one stays open.
    const ended = await t.app
      .get(MikroORM)
      .em.fork()
      .execute<{ id: number; status: string }[]>(
        `select id, status from service_order where member_id = ? and status in ('COMPLETED', 'PARTIAL') order by status, id`,
        [memberId],
      );
    const orderIds = [
      ...ended.filter((o) => o.status === 'COMPLETED').slice(0, 3),
      ended.find((o) => o.status === 'PARTIAL')!,
    ].map((o) => o.id);
    const refillIds: number[] = [];
    for (const orderId of orderIds)
      refillIds.push(
        (
          await t.http
            .post(`/api/service/order/${orderId}/refill`)
            .set('Authorization', `Bearer ${member.token}`)
            .expect(201)
        ).body.id,
      );
    const operator = await admin(t);
    await t.http.post(`/api/admin/refills/${refillIds[0]}/complete`).set('Authorization', operator).expect(200);
    await t.http.post(`/api/admin/refills/${refillIds[3]}/complete`).set('Authorization', operator).expect(200);
    await t.http
      .post(`/api/admin/refills/${refillIds[1]}/reject`)
      .set('Authorization', operator)
      .send({ reason: '리필 대상이 아닙니다.' })
      .expect(200);
  }, 120_000);
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  it('scores each provider and its services: shares of ended orders, median times, error rate, refill success', async () => {
    const res = await t.http
      .get('/api/admin/provider-scores?days=7')
      .set('Authorization', await admin(t))
      .expect(200);
    const expected = {
      providerId,
      providerName: '점수 공급사',
      days: 7,
      sent: 20,
      ended: 20,
      completedPercent: 60,
      partialPercent: 20,
      canceledPercent: 20,
      medianSecondsToStart: expect.any(Number),
      medianSecondsToComplete: expect.any(Number),
      // 1 of 21 orders failed a send.
      errorPercent: 4.8,
      // 4 refills asked: 2 completed, 1 rejected, 1 open → 2 of the 3 that ended.
      refillsRequested: 4,
      refillsCompleted: 2,
      refillSuccessPercent: 66.7,
    };
    expect(res.body).toEqual({
      days: 7,
      rows: [
        { id: `${providerId}:*`, providerServiceId: null, ...expected },
        // The refused order was never placed: its service is not known to have taken it.
        { id: `${providerId}:1`, providerServiceId: '1', ...expected, errorPercent: 0 },
      ],
    });
    // 21 s and 42 s of the test clock, plus the real time the setup took.
    for (const row of res.body.rows) {
      expect(row.medianSecondsToStart).toBeGreaterThanOrEqual(21);
      expect(row.medianSecondsToStart).toBeLessThanOrEqual(21 + slack);
      expect(row.medianSecondsToComplete).toBeGreaterThanOrEqual(42);
      expect(row.medianSecondsToComplete).toBeLessThanOrEqual(42 + slack);
    }
    const bad = await t.http
      .get('/api/admin/provider-scores?days=14')
      .set('Authorization', await admin(t))
      .expect(400);
    expect(bad.body.message).toBe('기간(days)은 7 또는 30이어야 합니다.');
  });

  it('alerts once a day when a provider completes less than the threshold (default 80 %)', async () => {
    expect(await t.app.get(ProviderScores).alertLowCompletion()).toEqual([providerId]);
    await t.app.get(ProviderScores).alertLowCompletion();
    const alerts = await t.app
      .get(MikroORM)
      .em.fork()
      .execute<{ text: string }[]>(`select text from operator_alert where kind = 'PROVIDER_COMPLETION'`);
    expect(alerts).toEqual([
      { text: `공급사 점수 공급사(#${providerId}) 최근 7일 완료율 60%: 기준 80% 미만입니다 (종료 20건).` },
    ]);
    await t.http
      .put('/api/admin/settings/ALERT_PROVIDER_COMPLETION_MIN')
      .set('Authorization', await admin(t))
      .send({ value: '50' })
      .expect(200);
    expect(await t.app.get(ProviderScores).alertLowCompletion()).toEqual([]);
  });
});
