import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { OrderingFacade, OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { Order } from '../../../server/src/modules/ordering/entities.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { balance, createService, dispatchOf, em, fund, ledgerOf, placeOrder, tx } from './fixtures.js';
import { OrderDispatch } from '../../../server/src/modules/fulfilment/entities.js';

const { PENDING, PROCESSING, INPROGRESS, COMPLETED, PARTIAL, CANCELED } = OrderStatus;

describe('order state changes', () => {
  let t: TestApp;
  let admin: string;
  let service: Service;
  let member: TestMember;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.operatorToken()}`;
    service = await createService(t, { point: '0.7', min: 10, max: 100_000, providerId: 2, providerServiceId: '501' });
    member = await createMember(t);
    await fund(t, member.id, 1_000_000n);
  });
  afterAll(() => t.close());

  /** A fresh order of 1000 for 700 won, moved along the happy path to `status` by upstream reports. */
  async function orderIn(status: OrderStatus): Promise<number> {
    const res = await placeOrder(t, member, {
      serviceId: service.id,
      link: 'https://instagram.com/p/x',
      amount: 1000,
      runs: 0,
      interval: 0,
    }).expect(201);
    const id = res.body.orderId as number;
    if (
      status === CANCELED ||
      status === PARTIAL ||
      status === COMPLETED ||
      status === INPROGRESS ||
      status === PROCESSING
    ) {
      const through = status === CANCELED ? PENDING : status === PARTIAL || status === COMPLETED ? INPROGRESS : status;
      if (through !== PENDING) await upstream(id, { status: through });
      if (status === CANCELED) await upstream(id, { status: CANCELED });
      if (status === PARTIAL) await upstream(id, { status: PARTIAL, remains: 100 });
      if (status === COMPLETED) await upstream(id, { status: COMPLETED });
    }
    expect((await load(id)).status).toBe(status);
    return id;
  }
  const load = (id: number) => em(t).findOneOrFail(Order, id);
  const upstream = (id: number, report: Parameters<OrderingFacade['applyUpstream']>[2]) =>
    tx(t, (db) => t.app.get(OrderingFacade).applyUpstream(db, id, report));
  const refunds = async (id: number) =>
    (await ledgerOf(t, member.id)).filter((e) => e.kind === 'REFUND' && e.reference_id === String(id));
  const command = (id: number, verb: string, body: object = {}) =>
    t.http.post(`/api/admin/orders/${id}/${verb}`).set('Authorization', admin).send(body);
  const audits = async (id: number) =>
    (
      await t.http
        .get('/api/admin/audit-logs')
        .query({ filter: JSON.stringify({ resource: 'orders', resourceId: String(id) }) })
        .set('Authorization', admin)
        .expect(200)
    ).body as {
      action: string;
      before: { status: string };
      after: { status: string; startCount: number | null; remains: number | null };
    }[];

  describe('operator /status: exactly the moves of the transition table', () => {
    const LEGAL: [OrderStatus, OrderStatus][] = [
      [PENDING, PROCESSING],
      [PENDING, CANCELED],
      [PROCESSING, INPROGRESS],
      [PROCESSING, CANCELED],
      [INPROGRESS, COMPLETED],
      [INPROGRESS, PARTIAL],
      [INPROGRESS, CANCELED],
    ];
    const all = Object.values(OrderStatus);
    const cases = all.flatMap((from) =>
      all.map((to) => [from, to, LEGAL.some(([a, b]) => a === from && b === to)] as const),
    );

    it.each(cases)('%s → %s (legal: %s)', async (from, to, legal) => {
      const id = await orderIn(from);
      const before = await balance(t, member.id);
      const res = await command(id, 'status', { status: to, remains: 250 });
      if (!legal) {
        expect(res.status).toBe(409);
        expect((await load(id)).status).toBe(from);
        expect(await balance(t, member.id)).toBe(before);
        return;
      }
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({ id, status: to });
      const refund = to === CANCELED ? 700n : to === PARTIAL ? 175n : 0n; // floor(700 × 250 / 1000)
      expect(await balance(t, member.id)).toBe(before + refund);
      expect(res.body.ledgerEntry === null ? 0n : BigInt(res.body.ledgerEntry.amount)).toBe(refund);
      const [audit] = (await audits(id)).filter((a) => a.action === 'status');
      expect(audit).toMatchObject({ before: { status: from }, after: { status: to } });
    });

    it('needs remains for PARTIAL and refuses an unknown status', async () => {
      const id = await orderIn(INPROGRESS);
      expect((await command(id, 'status', { status: PARTIAL }).expect(400)).body.message).toMatch(/잔여 수량/);
      await command(id, 'status', { status: 'DONE' }).expect(400);
      expect((await load(id)).status).toBe(INPROGRESS);
    });
  });

  it('cancel refunds everything once and answers the ledger entry; a second cancel is a 409', async () => {
    const id = await orderIn(PROCESSING);
    const before = await balance(t, member.id);
    const res = await command(id, 'cancel').expect(200);
    expect(res.body.order).toMatchObject({ id, status: CANCELED, refunded: 700, remains: 1000 });
    expect(res.body.ledgerEntry).toMatchObject({
      kind: 'REFUND',
      amount: 700,
      referenceType: 'order',
      referenceId: String(id),
      memberId: member.id,
    });
    expect((await command(id, 'cancel').expect(409)).body.message).toBe('이미 취소된 주문입니다.');
    expect(await balance(t, member.id)).toBe(before + 700n);
    expect(await refunds(id)).toHaveLength(1);
    expect((await audits(id)).map((a) => a.action)).toEqual(['cancel']);
  });

  it('partial walks to PARTIAL and refunds floor(cost × remains / amount)', async () => {
    const id = await orderIn(PROCESSING);
    const before = await balance(t, member.id);
    const res = await command(id, 'partial', { remains: 333 }).expect(200);
    expect(res.body.order).toMatchObject({ status: PARTIAL, remains: 333, refunded: 233 }); // 700 × 333 / 1000 = 233.1
    expect(res.body.ledgerEntry).toMatchObject({ amount: 233 });
    expect(await balance(t, member.id)).toBe(before + 233n);
    expect((await command(id, 'partial', { remains: 10 }).expect(409)).body.message).toBe(
      '이미 부분완료된 주문입니다.',
    );
    await command(await orderIn(INPROGRESS), 'partial', { remains: 1001 }).expect(400);
    await command(id, 'partial', {}).expect(400);
  });

  it('partial refunding less than a won writes no ledger entry', async () => {
    const id = await orderIn(INPROGRESS);
    const res = await command(id, 'partial', { remains: 1 }).expect(200); // 0.7 → 0
    expect(res.body).toMatchObject({ order: { status: PARTIAL, refunded: 0 }, ledgerEntry: null });
  });

  it('start-count records the count, audited', async () => {
    const id = await orderIn(INPROGRESS);
    const res = await command(id, 'start-count', { startCount: 15234 }).expect(200);
    expect(res.body).toMatchObject({ order: { startCount: 15234, status: INPROGRESS }, ledgerEntry: null });
    await command(id, 'start-count', { startCount: 'many' }).expect(400);
    const [audit] = await audits(id);
    expect(audit).toMatchObject({ action: 'start-count', after: { startCount: 15234 } });
  });

  it('commands on a missing order are 404, on a bad id 400', async () => {
    await command(999_999, 'cancel').expect(404);
    await command(0, 'cancel').expect(400);
    await t.http.post('/api/admin/orders/abc/cancel').set('Authorization', admin).expect(400);
  });

  it('refunds exactly once under concurrent retries of cancel and partial', async () => {
    const id = await orderIn(INPROGRESS);
    const before = await balance(t, member.id);
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => command(id, 'cancel')),
      ...Array.from({ length: 6 }, () => command(id, 'partial', { remains: 500 })),
      ...Array.from({ length: 6 }, () => upstream(id, { status: CANCELED }).then(() => ({ status: 0 }))),
    ]);
    const commands = results.slice(0, 12);
    expect(commands.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(commands.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    const order = await load(id);
    expect([CANCELED, PARTIAL]).toContain(order.status);
    expect(order.refunded).toBe(order.status === CANCELED ? 700n : 350n);
    expect(await refunds(id)).toHaveLength(1);
    expect(await balance(t, member.id)).toBe(before + order.refunded);
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
  });

  describe('upstream reports (fulfilment)', () => {
    it('walk the table as far as the reported status and record counts', async () => {
      const id = await orderIn(PENDING);
      await tx(t, async (db) => {
        const order = await db.findOneOrFail(Order, id);
        db.persist(OrderDispatch.placed(id, order.providerId ?? 1, 'up-77', new Date()));
        await t.app.get(OrderingFacade).acceptUpstream(db, [id], new Date());
      });
      const result = await upstream(id, { status: COMPLETED, startCount: 120 });
      expect(result.changed).toBe(true);
      expect(await load(id)).toMatchObject({ status: COMPLETED, startCount: 120, remains: 0 });
      expect(await dispatchOf(t, id)).toMatchObject({ providerOrderId: 'up-77' });
    });

    it('refund PARTIAL once however often the report repeats', async () => {
      const id = await orderIn(PROCESSING);
      const before = await balance(t, member.id);
      const first = await upstream(id, { status: PARTIAL, remains: 400 });
      expect(first.changed).toBe(true);
      for (let i = 0; i < 3; i++) expect((await upstream(id, { status: PARTIAL, remains: 400 })).changed).toBe(false);
      await Promise.all(Array.from({ length: 5 }, () => upstream(id, { status: PARTIAL, remains: 400 })));
      expect(await balance(t, member.id)).toBe(before + 280n);
      expect(await refunds(id)).toHaveLength(1);
    });

    it('clamp remains to the order and record progress while running', async () => {
      const id = await orderIn(PROCESSING);
      expect((await upstream(id, { status: INPROGRESS, startCount: 9, remains: 600 })).changed).toBe(true);
      expect((await upstream(id, { status: INPROGRESS, remains: 300 })).changed).toBe(false);
      expect(await load(id)).toMatchObject({ status: INPROGRESS, startCount: 9, remains: 300 });
      await upstream(id, { status: PARTIAL, remains: 5000 });
      expect(await load(id)).toMatchObject({ status: PARTIAL, remains: 1000, refunded: 700n });
    });

    it('are no-ops on an ended order, on the current status and on an earlier one', async () => {
      const done = await orderIn(COMPLETED);
      const running = await orderIn(INPROGRESS);
      const before = await balance(t, member.id);
      for (const status of [CANCELED, PARTIAL, PENDING, COMPLETED])
        expect((await upstream(done, { status, remains: 10 })).changed).toBe(false);
      expect(await load(done)).toMatchObject({ status: COMPLETED, remains: 0 });
      expect((await upstream(running, { status: PROCESSING })).changed).toBe(false);
      expect((await upstream(running, { status: PENDING })).changed).toBe(false);
      expect((await load(running)).status).toBe(INPROGRESS);
      expect(await balance(t, member.id)).toBe(before);
    });

    it('cancel from any running state refunds the whole cost', async () => {
      for (const from of [PENDING, PROCESSING, INPROGRESS]) {
        const id = await orderIn(from);
        const before = await balance(t, member.id);
        expect((await upstream(id, { status: CANCELED })).changed).toBe(true);
        expect(await balance(t, member.id)).toBe(before + 700n);
      }
    });

    it('a send failure keeps the order PENDING for another try', async () => {
      const id = await orderIn(PENDING);
      const retryAt = new Date(Date.now() + 60_000);
      const now = new Date(retryAt.getTime() - 30_000);
      await tx(t, async (db) => {
        const record = OrderDispatch.claim(id, (await db.findOneOrFail(Order, id)).providerId ?? 1, '[확인 필요]', now);
        record.failed('connection refused', now);
        db.persist(record);
      });
      expect(await load(id)).toMatchObject({ status: PENDING });
      expect(await dispatchOf(t, id)).toMatchObject({
        attempts: 1,
        lastError: 'connection refused',
        nextAttemptAt: retryAt,
      });
    });
  });

  describe('member cancel (reseller APIs)', () => {
    it("cancels the member's own PENDING order with a full refund", async () => {
      const id = await orderIn(PENDING);
      const before = await balance(t, member.id);
      const order = await t.app.get(OrderingFacade).cancelOrder(member.id, id);
      expect(order).toMatchObject({ status: CANCELED, refunded: 700n });
      expect(await balance(t, member.id)).toBe(before + 700n);
    });

    it("refuses an order already sent upstream, and another member's order reads as missing", async () => {
      const sent = await orderIn(PROCESSING);
      await expect(t.app.get(OrderingFacade).cancelOrder(member.id, sent)).rejects.toMatchObject({ status: 409 });
      const other = await createMember(t);
      await expect(t.app.get(OrderingFacade).cancelOrder(other.id, await orderIn(PENDING))).rejects.toMatchObject({
        status: 404,
      });
      expect(await t.app.get(OrderingFacade).orderForMember(other.id, sent)).toBeNull();
      expect((await t.app.get(OrderingFacade).orderForMember(member.id, sent))?.id).toBe(sent);
      expect((await t.app.get(OrderingFacade).ordersForMember(other.id, [sent])).length).toBe(0);
    });
  });

  describe('operator lists', () => {
    it('filter by status, member, service, provider and date, sorted, with Content-Range', async () => {
      const other = await createMember(t);
      await fund(t, other.id, 10_000n);
      const mine = await placeOrder(t, other, {
        serviceId: service.id,
        link: 'https://instagram.com/p/list',
        amount: 10,
        runs: 0,
        interval: 0,
      }).expect(201);
      const list = (filter: object, extra: Record<string, string> = {}) =>
        t.http
          .get('/api/admin/orders')
          .query({ filter: JSON.stringify(filter), ...extra })
          .set('Authorization', admin)
          .expect(200);
      const byMember = await list({ memberId: other.id });
      expect(byMember.body.map((o: { id: number }) => o.id)).toEqual([mine.body.orderId]);
      expect(byMember.headers['content-range']).toBe('orders 0-0/1');
      expect((await list({ memberId: other.id, status: CANCELED })).body).toEqual([]);
      expect(
        (await list({ memberId: other.id, status: [PENDING, CANCELED], serviceId: service.id, providerId: 2 })).body,
      ).toHaveLength(1);
      expect((await list({ memberId: other.id, providerId: 3 })).body).toHaveLength(0);
      const future = new Date(Date.now() + 3_600_000).toISOString();
      expect((await list({ memberId: other.id, createdAt_gte: future })).body).toHaveLength(0);
      expect(
        (await list({ memberId: other.id, createdAt_lte: future, createdAt_gte: '2020-01-01' })).body,
      ).toHaveLength(1);
      const sorted = await list(
        { memberId: member.id },
        { sort: JSON.stringify(['id', 'ASC']), range: JSON.stringify([0, 2]) },
      );
      expect(sorted.body.map((o: { id: number }) => o.id)).toEqual(
        [...sorted.body.map((o: { id: number }) => o.id)].sort((a, b) => a - b),
      );
      expect(sorted.headers['content-range']).toMatch(/^orders 0-2\/\d+$/);
      await t.http
        .get('/api/admin/orders')
        .query({ filter: JSON.stringify({ createdAt_gte: 'yesterday' }) })
        .set('Authorization', admin)
        .expect(400);
      const one = await t.http.get(`/api/admin/orders/${mine.body.orderId}`).set('Authorization', admin).expect(200);
      expect(one.body).toMatchObject({
        id: mine.body.orderId,
        memberId: other.id,
        point: 7,
        providerId: 2,
        providerServiceId: '501',
      });
    });
  });

  it('refuses member tokens and anonymous calls on every operator ordering route', async () => {
    const routes: [string, string][] = [
      ['get', '/api/admin/orders'],
      ['get', '/api/admin/orders/1'],
      ['post', '/api/admin/orders/1/cancel'],
      ['post', '/api/admin/orders/1/partial'],
      ['post', '/api/admin/orders/1/start-count'],
      ['post', '/api/admin/orders/1/status'],
      ['get', '/api/admin/auto-orders'],
      ['get', '/api/admin/auto-orders/1'],
      ['post', '/api/admin/auto-orders/1/cancel'],
    ];
    for (const [method, url] of routes) {
      for (const token of [`Bearer ${member.token}`, null]) {
        const req = (t.http as unknown as Record<string, (u: string) => import('supertest').Test>)[method]!(url);
        await (token ? req.set('Authorization', token) : req)
          .send({ status: CANCELED, remains: 1, startCount: 1 })
          .expect(401);
      }
    }
  });
});
