import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { MAINTENANCE_MESSAGES, ORDER_MESSAGES } from '../../../server/src/contracts/index.js';
import { OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { AutoOrder, IdempotencyKey, Order } from '../../../server/src/modules/ordering/entities.js';
import { SettingsService } from '../../../server/src/modules/settings/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { balance, createService, dispatchOf, em, fund, ledgerOf, placeOrder } from './fixtures.js';

describe('placing orders', () => {
  let t: TestApp;
  let service: Service;

  beforeAll(async () => {
    t = await startTestApp();
    service = await createService(t, { point: '2.5', min: 10, max: 1000 });
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    serviceId: service.id,
    link: 'https://instagram.com/p/abc',
    amount: 100,
    runs: 0,
    interval: 0,
    ...over,
  });

  /** The member's orders, auto-orders and ledger rows: what a refused order must leave untouched. */
  const footprint = async (m: TestMember) => ({
    orders: await em(t).count(Order, { memberId: m.id }),
    autoOrders: await em(t).count(AutoOrder, { memberId: m.id }),
    ledger: (await ledgerOf(t, m.id)).length,
    balance: await balance(t, m.id),
  });

  it('places an order, debits the exact cost in the same transaction and answers the success card', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 1_000n);
    const res = await placeOrder(t, m, body({ amount: 101, link: '  https://instagram.com/p/abc  ' })).expect(201);
    expect(res.body).toEqual({
      orderId: expect.any(Number),
      amount: 101,
      link: 'https://instagram.com/p/abc',
      serviceId: service.id,
      point: 253,
      autoOrderId: null,
    });
    expect(await balance(t, m.id)).toBe(747n); // ceil(2.5 × 101) = 253
    const order = await em(t).findOneOrFail(Order, res.body.orderId);
    expect(order).toMatchObject({
      memberId: m.id,
      status: OrderStatus.PENDING,
      point: 253n,
      amount: 101,
      runs: 0,
      interval: 0,
      autoOrderId: null,
      providerId: null,
    });
    expect(await ledgerOf(t, m.id)).toEqual([
      expect.objectContaining({ kind: 'CHARGE' }),
      { kind: 'ORDER', amount: '-253', reference_type: 'order', reference_id: String(order.id) },
    ]);
  });

  it('rounds a sub-won price up once for the whole order', async () => {
    const cheap = await createService(t, { point: '0.35', min: 1, max: 1000 });
    const m = await createMember(t);
    await fund(t, m.id, 100n);
    const res = await placeOrder(t, m, body({ serviceId: cheap.id, amount: 3 })).expect(201);
    expect(res.body.point).toBe(2); // 1.05 → 2
    await placeOrder(t, m, body({ serviceId: cheap.id, amount: 20 })).expect(201); // exactly 7
    expect(await balance(t, m.id)).toBe(91n);
  });

  it('snapshots the provider of the service and makes the order due for sending', async () => {
    const upstream = await createService(t, { providerId: 4, providerServiceId: 'svc-88' });
    const m = await createMember(t);
    await fund(t, m.id, 1_000n);
    const res = await placeOrder(t, m, body({ serviceId: upstream.id })).expect(201);
    const order = await em(t).findOneOrFail(Order, res.body.orderId);
    expect(order).toMatchObject({ providerId: 4, providerServiceId: 'svc-88', status: OrderStatus.PENDING });
    // Due at once: fulfilment has no dispatch record of it yet (its first claim makes one).
    expect(await dispatchOf(t, order.id)).toBeNull();
  });

  describe('refuses with the spec message and changes nothing', () => {
    let m: TestMember;
    beforeAll(async () => {
      m = await createMember(t);
      await fund(t, m.id, 250n);
    });

    it.each([
      ['no service', { serviceId: undefined }, ORDER_MESSAGES.serviceRequired],
      ['service 0', { serviceId: 0 }, ORDER_MESSAGES.serviceRequired],
      ['unknown service', { serviceId: 987_654 }, ORDER_MESSAGES.serviceRequired],
      ['no link', { link: undefined }, ORDER_MESSAGES.linkRequired],
      ['blank link', { link: '   ' }, ORDER_MESSAGES.linkRequired],
      ['link too long', { link: `https://x.com/${'a'.repeat(1000)}` }, ORDER_MESSAGES.linkTooLong],
      [
        'control character in the link',
        { link: 'https://instagram.com/p/a\u0000' },
        '입력값에 쓸 수 없는 문자(제어 문자)가 있습니다.',
      ],
      ['no amount', { amount: undefined }, ORDER_MESSAGES.amountRequired],
      ['fractional amount', { amount: 10.5 }, ORDER_MESSAGES.amountRequired],
      ['amount below min', { amount: 9 }, ORDER_MESSAGES.amountBelowMin],
      ['negative amount', { amount: -100 }, ORDER_MESSAGES.amountBelowMin],
      ['amount above max', { amount: 1001 }, ORDER_MESSAGES.amountAboveMax],
      ['runs 1', { runs: 1, interval: 60 }, ORDER_MESSAGES.runsInvalid],
      ['runs 0 with an interval', { runs: 0, interval: 60 }, ORDER_MESSAGES.runsInvalid],
      ['fractional runs', { runs: 2.5, interval: 60 }, ORDER_MESSAGES.runsInvalid],
      ['runs above 1000', { runs: 1001, interval: 60 }, ORDER_MESSAGES.runsInvalid],
      ['interval 59', { runs: 2, interval: 59 }, ORDER_MESSAGES.intervalInvalid],
      ['no interval', { runs: 2, interval: 0 }, ORDER_MESSAGES.intervalInvalid],
      ['fractional interval', { runs: 2, interval: 60.5 }, ORDER_MESSAGES.intervalInvalid],
      ['cost above the balance', { amount: 101 }, ORDER_MESSAGES.insufficientPoints],
      ['auto cost above the balance', { amount: 50, runs: 3, interval: 60 }, ORDER_MESSAGES.insufficientPoints],
    ])('%s', async (_name, over, message) => {
      const before = await footprint(m);
      const res = await placeOrder(t, m, body(over)).expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: expect.any(String), message });
      expect(await footprint(m)).toEqual(before);
    });

    it('a hidden service', async () => {
      const hidden = await createService(t, { visible: false });
      expect((await placeOrder(t, m, body({ serviceId: hidden.id })).expect(400)).body.message).toBe(
        ORDER_MESSAGES.serviceRequired,
      );
    });

    it('a read-only service', async () => {
      const readOnly = await createService(t, { isReadOnly: true });
      expect((await placeOrder(t, m, body({ serviceId: readOnly.id })).expect(400)).body.message).toBe(
        ORDER_MESSAGES.unavailable,
      );
    });

    it('an auto-order on a service that does not allow it', async () => {
      const single = await createService(t, { enableAuto: false });
      expect(
        (await placeOrder(t, m, body({ serviceId: single.id, amount: 10, runs: 2, interval: 60 })).expect(400)).body
          .message,
      ).toBe(ORDER_MESSAGES.autoNotAllowed);
    });

    it('every service while the service check is on', async () => {
      await t.app.get(SettingsService).set('ENABLE_SERVICE_CHECK', true);
      try {
        const before = await footprint(m);
        expect((await placeOrder(t, m, body()).expect(400)).body).toMatchObject({
          code: 'SERVICE_CHECK',
          message: MAINTENANCE_MESSAGES.default,
        });
        expect(await footprint(m)).toEqual(before);
      } finally {
        await t.app.get(SettingsService).set('ENABLE_SERVICE_CHECK', false);
      }
    });

    it('anyone not logged in', async () => {
      await t.http.post('/api/service/order').send(body()).expect(401);
    });

    it('but takes an order costing exactly the balance', async () => {
      await placeOrder(t, m, body({ amount: 100 })).expect(201);
      expect(await balance(t, m.id)).toBe(0n);
    });
  });

  it('prices and refuses by the service as an operator just edited it (the kept copy is dropped)', async () => {
    const edited = await createService(t, { point: '2', min: 10, max: 1000 });
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const admin = `Bearer ${await t.operatorToken()}`;
    expect((await placeOrder(t, m, body({ serviceId: edited.id, amount: 10 })).expect(201)).body.point).toBe(20);
    await t.http.put(`/api/admin/services/${edited.id}`).set('Authorization', admin).send({ point: '3' }).expect(200);
    expect((await placeOrder(t, m, body({ serviceId: edited.id, amount: 10 })).expect(201)).body.point).toBe(30);
    await t.http
      .put(`/api/admin/services/${edited.id}`)
      .set('Authorization', admin)
      .send({ visible: false })
      .expect(200);
    expect((await placeOrder(t, m, body({ serviceId: edited.id, amount: 10 })).expect(400)).body.message).toBe(
      ORDER_MESSAGES.serviceRequired,
    );
    expect(await balance(t, m.id)).toBe(9_950n);
  });

  it('lets exactly k of 100 concurrent orders through on a balance that pays for k, and the books balance', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 250n * 37n + 249n);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => placeOrder(t, m, body({ link: `https://instagram.com/p/${i}` }))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(37);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 400 && r.body.message === ORDER_MESSAGES.insufficientPoints)).toBe(true);
    expect(await balance(t, m.id)).toBe(249n);
    expect(await em(t).count(Order, { memberId: m.id })).toBe(37);
    expect((await ledgerOf(t, m.id)).filter((e) => e.kind === 'ORDER')).toHaveLength(37);
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
  });

  describe('Idempotency-Key', () => {
    it('replays the first answer and moves no money', async () => {
      const m = await createMember(t);
      await fund(t, m.id, 10_000n);
      const first = await placeOrder(t, m, body(), 'key-1').expect(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await placeOrder(t, m, body(), 'key-1').expect(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await balance(t, m.id)).toBe(9_750n);
      expect(await em(t).count(Order, { memberId: m.id })).toBe(1);
      expect((await ledgerOf(t, m.id)).length).toBe(2);
      // another key is another order
      await placeOrder(t, m, body(), 'key-2').expect(201);
      expect(await balance(t, m.id)).toBe(9_500n);
    });

    it('answers 422 to a different body under the same key, and changes nothing', async () => {
      const m = await createMember(t);
      await fund(t, m.id, 10_000n);
      await placeOrder(t, m, body(), 'same').expect(201);
      const res = await placeOrder(t, m, body({ amount: 200 }), 'same').expect(422);
      expect(res.body).toEqual({
        statusCode: 422,
        code: expect.any(String),
        message: ORDER_MESSAGES.idempotencyMismatch,
      });
      await placeOrder(t, m, body({ link: 'https://instagram.com/p/other' }), 'same').expect(422);
      expect(await balance(t, m.id)).toBe(9_750n);
    });

    it('places one order for many concurrent requests with one key, all answered alike', async () => {
      const m = await createMember(t);
      await fund(t, m.id, 10_000n);
      const results = await Promise.all(Array.from({ length: 12 }, () => placeOrder(t, m, body(), 'burst')));
      expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
      expect(new Set(results.map((r) => r.body.orderId)).size).toBe(1);
      expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(11);
      expect(await em(t).count(Order, { memberId: m.id })).toBe(1);
      expect(await balance(t, m.id)).toBe(9_750n);
      expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
    });

    it('keeps keys per member, forgets a key whose order was refused, and refuses a key over 100 characters', async () => {
      const [a, b] = [await createMember(t), await createMember(t)];
      await fund(t, a.id, 1_000n);
      await fund(t, b.id, 100n);
      const ra = await placeOrder(t, a, body(), 'shared').expect(201);
      expect((await placeOrder(t, b, body(), 'shared').expect(400)).body.message).toBe(
        ORDER_MESSAGES.insufficientPoints,
      );
      expect(await em(t).count(IdempotencyKey, { memberId: b.id })).toBe(0);
      await fund(t, b.id, 150n);
      const rb = await placeOrder(t, b, body(), 'shared').expect(201);
      expect(rb.body.orderId).not.toBe(ra.body.orderId);
      expect((await placeOrder(t, a, body(), 'k'.repeat(101)).expect(400)).body.message).toBe(
        ORDER_MESSAGES.idempotencyKeyInvalid,
      );
    });

    it('replays an auto-order placement too', async () => {
      const m = await createMember(t);
      await fund(t, m.id, 10_000n);
      const auto = body({ amount: 100, runs: 3, interval: 60 });
      const first = await placeOrder(t, m, auto, 'auto-key').expect(201);
      const again = await placeOrder(t, m, auto, 'auto-key').expect(201);
      expect(again.body).toEqual(first.body);
      expect(await balance(t, m.id)).toBe(9_250n);
      expect(await em(t).count(AutoOrder, { memberId: m.id })).toBe(1);
    });
  });
});
