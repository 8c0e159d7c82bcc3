import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { REFILL_MESSAGES, refillTooSoon } from '../../../server/src/contracts/index.js';
import {
  OrderingFacade,
  OrderStatus,
  RefillStatus,
  REFILL_TRANSITIONS,
} from '../../../server/src/modules/ordering/index.js';
import { Order, Refill } from '../../../server/src/modules/ordering/entities.js';
import { OrderSender, OrderSync, RefillSync, SYNC_SPACING_MS } from '../../../server/src/modules/fulfilment/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { addProvider, admin } from '../fulfilment/helpers.js';
import { createReseller, report, v2 } from '../reseller/fixtures.js';
import { balance, createService, em, fund, ledgerOf, placeOrder, providerOrderIdOf } from './fixtures.js';

/** Refills: asked by members (storefront, API v2), forwarded to the provider and followed, or handled by an operator. No money moves. */
describe('refills', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let upstream: Service;
  let manual: Service;
  let noRefill: Service;

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start();
    const providerId = await addProvider(t, fake);
    upstream = await createService(t, {
      refill: true,
      refillDays: 30,
      providerId,
      providerServiceId: '1',
      min: 10,
      max: 10_000,
    });
    manual = await createService(t, { refill: true, refillDays: 7 });
    noRefill = await createService(t, {});
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  let seq = 0;
  const clock = () => t.app.get(Clock);
  const op = async () => admin(t);
  const finished = async (
    memberId: number,
    serviceId: number,
    status: typeof OrderStatus.COMPLETED | typeof OrderStatus.PARTIAL = OrderStatus.COMPLETED,
  ) => {
    const id = (
      await t.app.get(OrderingFacade).placeOrder(memberId, {
        serviceId,
        link: `https://instagram.com/p/r${++seq}`,
        amount: 100,
        runs: 0,
        interval: 0,
      })
    ).placed.orderId;
    await report(t, id, status === OrderStatus.PARTIAL ? { status, remains: 10 } : { status });
    return id;
  };

  it('the refill state machine: exactly these moves, from every state to every state', () => {
    const all = Object.values(RefillStatus);
    const allowed = new Set([
      'PENDING>PROCESSING',
      'PENDING>COMPLETED',
      'PENDING>REJECTED',
      'PROCESSING>COMPLETED',
      'PROCESSING>REJECTED',
    ]);
    for (const from of all)
      for (const to of all) expect(REFILL_TRANSITIONS.allows(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  it('round trip with the provider: storefront request → forwarded as `refill` → followed with `refill_status` → completed; no money moves', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const placed = (
      await placeOrder(t, m, { serviceId: upstream.id, link: 'https://instagram.com/refill-me', amount: 100 }).expect(
        201,
      )
    ).body.orderId as number;
    await t.app.get(OrderSender).runOnce();
    const providerOrderId = (await providerOrderIdOf(t, placed))!;
    fake.setOrder(providerOrderId, { status: 'Completed', remains: 0 });
    clock().travel(SYNC_SPACING_MS + 1000);
    await t.app.get(OrderSync).runOnce();
    expect((await em(t).findOneOrFail(Order, placed)).status).toBe(OrderStatus.COMPLETED);
    const ledgerBefore = await ledgerOf(t, m.id);
    const balanceBefore = await balance(t, m.id);

    const asked = await t.http
      .post(`/api/service/order/${placed}/refill`)
      .set('Authorization', `Bearer ${m.token}`)
      .expect(201);
    expect(asked.body).toMatchObject({ orderId: placed, status: 'PENDING' });
    // One open refill per order.
    expect(
      (await t.http.post(`/api/service/order/${placed}/refill`).set('Authorization', `Bearer ${m.token}`).expect(409))
        .body.message,
    ).toBe(REFILL_MESSAGES.open);

    expect(await t.app.get(RefillSync).runOnce()).toMatchObject({ forwarded: 1 });
    const forwarded = fake.calls('refill').at(-1)!;
    expect(forwarded.params).toEqual({ action: 'refill', order: providerOrderId });
    const refill = await em(t).findOneOrFail(Refill, asked.body.id);
    expect(refill).toMatchObject({ status: RefillStatus.PROCESSING, providerRefillId: expect.any(String) });

    // Still going upstream: nothing changes; then Completed.
    clock().travel(SYNC_SPACING_MS + 1000);
    await t.app.get(RefillSync).runOnce();
    expect(fake.calls('refill_status').at(-1)!.params).toEqual({
      action: 'refill_status',
      refills: refill.providerRefillId,
    });
    expect((await em(t).findOneOrFail(Refill, refill.id)).status).toBe(RefillStatus.PROCESSING);
    fake.refills.get(refill.providerRefillId!)!.status = 'Completed';
    clock().travel(SYNC_SPACING_MS + 1000);
    expect(await t.app.get(RefillSync).runOnce()).toMatchObject({ completed: 1 });
    expect((await em(t).findOneOrFail(Refill, refill.id)).status).toBe(RefillStatus.COMPLETED);
    // A repeat of the same answer changes nothing.
    clock().travel(SYNC_SPACING_MS + 1000);
    expect(await t.app.get(RefillSync).runOnce()).toEqual({ forwarded: 0, completed: 0, rejected: 0 });

    // Within 24 hours of the last request: refused; after, a new one is taken.
    expect(
      (await t.http.post(`/api/service/order/${placed}/refill`).set('Authorization', `Bearer ${m.token}`).expect(429))
        .body.message,
    ).toBe(REFILL_MESSAGES.tooSoon);
    expect(await ledgerOf(t, m.id)).toEqual(ledgerBefore);
    expect(await balance(t, m.id)).toBe(balanceBefore);
    const check = await t.http
      .get('/api/admin/wallet/invariant')
      .set('Authorization', await op())
      .expect(200);
    expect(check.body).toEqual({ ok: true, violations: [] });
  });

  it('a provider that refuses the refill: the member sees its reason', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const placed = (
      await placeOrder(t, m, {
        serviceId: upstream.id,
        link: 'https://instagram.com/refill-refused',
        amount: 100,
      }).expect(201)
    ).body.orderId as number;
    await t.app.get(OrderSender).runOnce();
    await report(t, placed, { status: OrderStatus.PARTIAL, remains: 40 });
    const asked = await t.http
      .post(`/api/service/order/${placed}/refill`)
      .set('Authorization', `Bearer ${m.token}`)
      .expect(201);
    fake.once('refill', { body: { error: 'Refill is disabled for this service' } });
    expect(await t.app.get(RefillSync).runOnce()).toMatchObject({ rejected: 1 });
    expect(await em(t).findOneOrFail(Refill, asked.body.id)).toMatchObject({
      status: RefillStatus.REJECTED,
      reason: 'Refill is disabled for this service',
    });
  });

  it('API v2: refill (order | orders) and refill_status (refill | refills), as panels answer', async () => {
    const r = await createReseller(t, 100_000n);
    const a = await finished(r.id, manual.id);
    const b = await finished(r.id, manual.id, OrderStatus.PARTIAL);
    const pending = (
      await v2(t, {
        key: r.apiKey,
        action: 'add',
        service: manual.id,
        link: 'https://instagram.com/x',
        quantity: 100,
      }).expect(200)
    ).body.order;
    const one = (await v2(t, { key: r.apiKey, action: 'refill', order: a }).expect(200)).body;
    expect(one).toEqual({ refill: expect.stringMatching(/^\d+$/) });
    const many = (await v2(t, { key: r.apiKey, action: 'refill', orders: `${b},${pending},${a},abc` }).expect(200))
      .body;
    expect(many).toEqual([
      { order: b, refill: expect.stringMatching(/^\d+$/) },
      { order: pending, refill: { error: REFILL_MESSAGES.notFinished } },
      { order: a, refill: { error: REFILL_MESSAGES.open } },
      { order: 'abc', refill: { error: 'Incorrect order ID' } },
    ]);
    expect((await v2(t, { key: r.apiKey, action: 'refill_status', refill: one.refill }).expect(200)).body).toEqual({
      status: 'Pending',
    });
    // No provider: an operator finishes it from the console.
    await t.http
      .post(`/api/admin/refills/${one.refill}/complete`)
      .set('Authorization', await op())
      .expect(200);
    await t.http
      .post(`/api/admin/refills/${many[0].refill}/reject`)
      .set('Authorization', await op())
      .send({ reason: '이탈이 없어 리필 대상이 아닙니다.' })
      .expect(200);
    expect(
      (
        await v2(t, {
          key: r.apiKey,
          action: 'refill_status',
          refills: `${one.refill},${many[0].refill},99999999`,
        }).expect(200)
      ).body,
    ).toEqual([
      { refill: Number(one.refill), status: 'Completed' },
      { refill: Number(many[0].refill), status: 'Rejected' },
      { refill: 99999999, status: { error: 'Incorrect refill ID' } },
    ]);
    // Another member's refill is as unknown as a missing one.
    const other = await createReseller(t, 0n);
    expect((await v2(t, { key: other.apiKey, action: 'refill_status', refill: one.refill }).expect(200)).body).toEqual({
      error: 'Incorrect refill ID',
    });
  });

  it('refuses what may not be refilled, with the shared Korean messages, creating nothing', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 100_000n);
    const ask = (id: number) =>
      t.http.post(`/api/service/order/${id}/refill`).set('Authorization', `Bearer ${m.token}`);
    const count = () => em(t).count(Refill, { memberId: m.id });
    expect((await ask(await finished(m.id, noRefill.id)).expect(400)).body.message).toBe(REFILL_MESSAGES.notAvailable);
    const open = (
      await placeOrder(t, m, { serviceId: manual.id, link: 'https://instagram.com/open', amount: 100 }).expect(201)
    ).body.orderId;
    expect((await ask(open).expect(400)).body.message).toBe(REFILL_MESSAGES.notFinished);
    const old = await finished(m.id, manual.id);
    clock().travel(8 * 24 * 60 * 60 * 1000);
    expect((await ask(old).expect(400)).body.message).toBe(REFILL_MESSAGES.expired);
    const other = await createMember(t);
    await t.http.post(`/api/service/order/${old}/refill`).set('Authorization', `Bearer ${other.token}`).expect(404);
    expect(await count()).toBe(0);
  });

  it('console: the refills list with filters; commands only on open refills, with a reason to reject', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const order = await finished(m.id, manual.id);
    const refill = (
      await t.http.post(`/api/service/order/${order}/refill`).set('Authorization', `Bearer ${m.token}`).expect(201)
    ).body;
    const list = await t.http
      .get('/api/admin/refills')
      .query({ filter: JSON.stringify({ open: true, memberId: m.id }) })
      .set('Authorization', await op())
      .expect(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: refill.id, orderId: order, status: 'PENDING', providerId: null }),
    ]);
    expect(list.headers['content-range']).toBe('refills 0-0/1');
    expect(
      (
        await t.http
          .post(`/api/admin/refills/${refill.id}/reject`)
          .set('Authorization', await op())
          .send({ reason: ' ' })
          .expect(400)
      ).body.message,
    ).toBe(REFILL_MESSAGES.rejectReason);
    await t.http
      .post(`/api/admin/refills/${refill.id}/complete`)
      .set('Authorization', await op())
      .expect(200);
    expect(
      (
        await t.http
          .post(`/api/admin/refills/${refill.id}/reject`)
          .set('Authorization', await op())
          .send({ reason: '늦음' })
          .expect(409)
      ).body.message,
    ).toBe(REFILL_MESSAGES.notOpen);
    await t.http.get('/api/admin/refills').set('Authorization', `Bearer ${m.token}`).expect(401);
  });

  it('the cooldown between two requests of one order is the operator setting REFILL_COOLDOWN_HOURS (24 when unset)', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const order = await finished(m.id, manual.id);
    const ask = () => t.http.post(`/api/service/order/${order}/refill`).set('Authorization', `Bearer ${m.token}`);
    const closeLast = async (id: number) =>
      t.http
        .post(`/api/admin/refills/${id}/complete`)
        .set('Authorization', await op())
        .expect(200);
    await closeLast((await ask().expect(201)).body.id);
    // Unset: 24 hours, as before.
    clock().travel(3 * 60 * 60 * 1000);
    expect((await ask().expect(429)).body.message).toBe(refillTooSoon(24));
    expect(refillTooSoon(24)).toBe(REFILL_MESSAGES.tooSoon);
    try {
      await t.http
        .put('/api/admin/settings/REFILL_COOLDOWN_HOURS')
        .set('Authorization', await op())
        .send({ value: '2' })
        .expect(200);
      await closeLast((await ask().expect(201)).body.id);
      clock().travel(60 * 60 * 1000);
      expect((await ask().expect(429)).body.message).toBe(refillTooSoon(2));
      clock().travel(60 * 60 * 1000 + 1000);
      await closeLast((await ask().expect(201)).body.id);
    } finally {
      await t.http
        .put('/api/admin/settings/REFILL_COOLDOWN_HOURS')
        .set('Authorization', await op())
        .send({ value: '' })
        .expect(200);
    }
  });
});
