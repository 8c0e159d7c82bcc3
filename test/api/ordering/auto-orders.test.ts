import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { AutoOrderStatus, OrderingFacade, OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { AutoOrderRunsJob } from '../../../server/src/modules/ordering/jobs/auto-order-runs.job.js';
import { AutoOrder, Order } from '../../../server/src/modules/ordering/entities.js';
import { LedgerKind, WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { balance, createService, em, fund, ledgerOf, placeOrder, tx } from './fixtures.js';

const MINUTE = 60_000;

describe('auto-orders', () => {
  let t: TestApp;
  let admin: string;
  let service: Service;
  let clock: Clock;
  let job: AutoOrderRunsJob;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.operatorToken()}`;
    service = await createService(t, { point: '3.3', min: 10, max: 10_000, providerId: 5, providerServiceId: 'likes' });
    clock = t.app.get(Clock);
    job = t.app.get(AutoOrderRunsJob);
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  const placeAuto = (m: TestMember, runs: number, interval = 60, amount = 100) =>
    placeOrder(t, m, { serviceId: service.id, link: 'https://instagram.com/p/auto', amount, runs, interval }).expect(
      201,
    );
  const runsOf = (autoOrderId: number) => em(t).find(Order, { autoOrderId }, { orderBy: { runNumber: 'ASC' } });
  const load = (id: number) => em(t).findOneOrFail(AutoOrder, id);
  /** Finishes whatever is due now (earlier tests' auto-orders too). */
  const drain = () => job.runOnce();

  it('pays all runs up front once and starts the first run at once', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const res = await placeAuto(m, 3);
    // ceil(3.3 × 100 × 3) = 990
    expect(res.body).toEqual({
      orderId: expect.any(Number),
      autoOrderId: expect.any(Number),
      amount: 100,
      link: 'https://instagram.com/p/auto',
      serviceId: service.id,
      point: 990,
    });
    expect(await balance(t, m.id)).toBe(9_010n);
    expect((await ledgerOf(t, m.id)).filter((e) => e.kind === 'ORDER')).toEqual([
      { kind: 'ORDER', amount: '-990', reference_type: 'auto-order', reference_id: String(res.body.autoOrderId) },
    ]);
    const auto = await load(res.body.autoOrderId);
    expect(auto).toMatchObject({
      status: AutoOrderStatus.ACTIVE,
      runs: 3,
      completed: 1,
      interval: 60,
      amount: 100,
      point: 990n,
    });
    expect(auto.nextRunAt!.getTime() - auto.createdAt.getTime()).toBe(60 * MINUTE);
    const [first] = await runsOf(auto.id);
    expect(first).toMatchObject({
      id: res.body.orderId,
      runNumber: 1,
      runs: 3,
      interval: 60,
      amount: 100,
      point: 330n,
      status: OrderStatus.PENDING,
      providerId: 5,
      providerServiceId: 'likes',
    });
  });

  it('starts each run when due, with no new debit, and completes after the last', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 1_000n);
    const { body } = await placeAuto(m, 3, 90);
    await drain();
    expect((await runsOf(body.autoOrderId)).length).toBe(1);

    clock.travel(89 * MINUTE);
    await drain();
    expect((await runsOf(body.autoOrderId)).length).toBe(1);

    clock.travel(MINUTE);
    await drain();
    expect((await runsOf(body.autoOrderId)).map((o) => o.runNumber)).toEqual([1, 2]);
    await drain();
    expect((await runsOf(body.autoOrderId)).length).toBe(2);

    clock.travel(90 * MINUTE);
    await drain();
    const runs = await runsOf(body.autoOrderId);
    expect(runs.map((o) => [o.runNumber, o.point])).toEqual([
      [1, 330n],
      [2, 330n],
      [3, 330n],
    ]);
    expect(await load(body.autoOrderId)).toMatchObject({
      status: AutoOrderStatus.COMPLETED,
      completed: 3,
      nextRunAt: null,
    });
    expect(await balance(t, m.id)).toBe(10n);
    expect((await ledgerOf(t, m.id)).length).toBe(2);
    clock.travel(90 * MINUTE);
    await drain();
    expect((await runsOf(body.autoOrderId)).length).toBe(3);
  });

  it('never starts a run twice with two runners at once', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 1_000_000n);
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) ids.push((await placeAuto(m, 4, 60, 10)).body.autoOrderId);
    for (let step = 0; step < 3; step++) {
      clock.travel(60 * MINUTE);
      const [a, b, c] = await Promise.all([job.runOnce(), job.runOnce(), t.app.get(AutoOrderRunsJob).runOnce()]);
      expect(a + b + c).toBe(40);
    }
    const runs = await em(t).find(Order, { autoOrderId: { $in: ids } });
    expect(runs).toHaveLength(160);
    for (const id of ids) {
      expect(
        runs
          .filter((r) => r.autoOrderId === id)
          .map((r) => r.runNumber)
          .sort(),
      ).toEqual([1, 2, 3, 4]);
      expect(await load(id)).toMatchObject({ status: AutoOrderStatus.COMPLETED, completed: 4 });
    }
    // each auto-order cost ceil(3.3 × 10 × 4) = 132; its runs' shares add up to it
    expect(runs.reduce((sum, r) => sum + r.point, 0n)).toBe(132n * 40n);
    expect(await balance(t, m.id)).toBe(1_000_000n - 132n * 40n);
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
  });

  it('stops PARTIAL with the remaining runs refunded when its service becomes unorderable', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const other = await createService(t, { point: '1', min: 10, max: 1000 });
    const a = (
      await placeOrder(t, m, {
        serviceId: other.id,
        link: 'https://instagram.com/p/four',
        amount: 100,
        runs: 4,
        interval: 60,
      }).expect(201)
    ).body;
    clock.travel(60 * MINUTE);
    await drain(); // run 2 of 4
    await t.http
      .put(`/api/admin/services/${other.id}`)
      .set('Authorization', admin)
      .send({ isReadOnly: true })
      .expect(200);
    clock.travel(60 * MINUTE);
    await drain();
    expect(await load(a.autoOrderId)).toMatchObject({
      status: AutoOrderStatus.PARTIAL,
      completed: 2,
      refunded: 200n,
      nextRunAt: null,
    });
    expect((await runsOf(a.autoOrderId)).length).toBe(2);
    expect(await balance(t, m.id)).toBe(10_000n - 400n + 200n);
    expect((await ledgerOf(t, m.id)).filter((e) => e.kind === 'REFUND')).toEqual([
      { kind: 'REFUND', amount: '200', reference_type: 'auto-order', reference_id: String(a.autoOrderId) },
    ]);

    await t.http
      .put(`/api/admin/services/${other.id}`)
      .set('Authorization', admin)
      .send({ isReadOnly: false, visible: false })
      .expect(200);
    const b = (await tx(t, async (db) => {
      const auto = AutoOrder.place({
        memberId: m.id,
        serviceId: other.id,
        link: 'l',
        amount: 10,
        runs: 2,
        interval: 60,
        point: 20n,
        now: clock.now(),
      });
      await db.persist(auto).flush();
      await t.app.get(WalletFacade).debit(db, {
        memberId: m.id,
        amount: 20n,
        kind: LedgerKind.ORDER,
        reference: { type: 'auto-order', id: auto.id },
      });
      return auto;
    })) as AutoOrder;
    await drain();
    expect(await load(b.id)).toMatchObject({ status: AutoOrderStatus.PARTIAL, completed: 0, refunded: 20n });
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
  });

  describe('operator cancel', () => {
    const cancel = (id: number) => t.http.post(`/api/admin/auto-orders/${id}/cancel`).set('Authorization', admin);

    it('refunds the runs not started (CANCLED), audited, once', async () => {
      const m = await createMember(t);
      await fund(t, m.id, 1_000n);
      const { body } = await placeAuto(m, 3); // 990 paid, run 1 (330) started
      const res = await cancel(body.autoOrderId).expect(200);
      expect(res.body.order).toMatchObject({
        id: body.autoOrderId,
        status: AutoOrderStatus.CANCLED,
        refunded: 660,
        completed: 1,
        nextRunAt: null,
      });
      expect(res.body.ledgerEntry).toMatchObject({
        kind: 'REFUND',
        amount: 660,
        referenceType: 'auto-order',
        referenceId: String(body.autoOrderId),
      });
      expect(await balance(t, m.id)).toBe(670n);
      expect((await cancel(body.autoOrderId).expect(409)).body.message).toBe('이미 취소된 자동주문입니다.');
      expect(await balance(t, m.id)).toBe(670n);
      clock.travel(120 * MINUTE);
      await drain();
      expect((await runsOf(body.autoOrderId)).length).toBe(1);
      const audit = await t.http
        .get('/api/admin/audit-logs')
        .query({ filter: JSON.stringify({ resource: 'auto-orders', resourceId: String(body.autoOrderId) }) })
        .set('Authorization', admin)
        .expect(200);
      expect(audit.body).toMatchObject([
        { action: 'cancel', before: { status: 'ACTIVE', refunded: 0 }, after: { status: 'CANCLED', refunded: 660 } },
      ]);
    });

    it('concurrent cancels and a runner: one refund, books balance', async () => {
      const m = await createMember(t);
      await fund(t, m.id, 10_000n);
      const { body } = await placeAuto(m, 5);
      clock.travel(60 * MINUTE);
      const results = await Promise.all([
        cancel(body.autoOrderId),
        cancel(body.autoOrderId),
        job.runOnce(),
        cancel(body.autoOrderId),
      ]);
      const answers = [results[0], results[1], results[3]] as { status: number }[];
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 409)).toHaveLength(2);
      const auto = await load(body.autoOrderId);
      expect(auto.status).toBe(AutoOrderStatus.CANCLED);
      expect((await runsOf(auto.id)).length).toBe(auto.completed);
      expect(auto.refunded).toBe(1650n - auto.costOfRuns(auto.completed));
      expect((await ledgerOf(t, m.id)).filter((e) => e.kind === 'REFUND')).toHaveLength(1);
      expect(await balance(t, m.id)).toBe(10_000n - 1650n + auto.refunded);
      expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
    });

    it('a completed auto-order cannot be canceled', async () => {
      const m = await createMember(t);
      await fund(t, m.id, 1_000n);
      const { body } = await placeAuto(m, 2);
      clock.travel(60 * MINUTE);
      await drain();
      expect((await load(body.autoOrderId)).status).toBe(AutoOrderStatus.COMPLETED);
      expect((await cancel(body.autoOrderId).expect(409)).body.message).toBe(
        '모든 회차가 시작된 자동주문은 취소할 수 없습니다.',
      );
      expect(await balance(t, m.id)).toBe(1_000n - 660n);
    });

    it('lists for operators with filters and Content-Range; 404 for a missing one', async () => {
      const m = await createMember(t);
      await fund(t, m.id, 1_000n);
      const { body } = await placeAuto(m, 2);
      const list = (filter: object) =>
        t.http
          .get('/api/admin/auto-orders')
          .query({ filter: JSON.stringify(filter) })
          .set('Authorization', admin)
          .expect(200);
      const mine = await list({ memberId: m.id, status: 'ACTIVE', serviceId: service.id, providerId: 5 });
      expect(mine.body.map((a: { id: number }) => a.id)).toEqual([body.autoOrderId]);
      expect(mine.headers['content-range']).toBe('auto-orders 0-0/1');
      expect((await list({ memberId: m.id, providerId: 6 })).body).toEqual([]);
      expect((await list({ memberId: m.id, createdAt_lte: '2020-01-01T00:00:00Z' })).body).toEqual([]);
      await t.http.get(`/api/admin/auto-orders/${body.autoOrderId}`).set('Authorization', admin).expect(200);
      await t.http.get('/api/admin/auto-orders/999999').set('Authorization', admin).expect(404);
      await t.http.post('/api/admin/auto-orders/999999/cancel').set('Authorization', admin).expect(404);
      expect((await t.app.get(OrderingFacade).autoOrderForMember(m.id, body.autoOrderId))?.id).toBe(body.autoOrderId);
    });
  });
});
