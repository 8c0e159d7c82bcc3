import { startTestApp, type TestApp } from '../../support/test-app.js';
import { ORDER_MESSAGES } from '../../../server/src/contracts/index.js';
import { OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { Order } from '../../../server/src/modules/ordering/entities.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import {
  balance,
  createReseller,
  createService,
  em,
  footprint,
  invariantViolations,
  renewKey,
  report,
  v1,
  type Reseller,
} from './fixtures.js';

const INVALID_KEY = { statusCode: 401, code: 'UNAUTHORIZED', message: 'API 키가 올바르지 않습니다.' };

describe('public API v1 (docs/product.md §7, key in the api-key header)', () => {
  let t: TestApp;
  let service: Service;
  let reseller: Reseller;

  beforeAll(async () => {
    t = await startTestApp();
    service = await createService(t, { point: '2.5', min: 10, max: 10_000 });
    reseller = await createReseller(t, 100_000n);
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    serviceId: service.id,
    link: 'https://instagram.com/p/abc',
    amount: 101,
    ...over,
  });

  describe('the key', () => {
    it.each([
      ['no api-key header', undefined],
      ['an empty key', ''],
      ['a wrong key', 'f'.repeat(40)],
      ['a huge key', 'k'.repeat(10_000)],
    ])('refuses %s on every endpoint with 401 and stores nothing', async (_, key) => {
      const before = await footprint(t, reseller.id);
      expect((await v1.services(t, key).expect(401)).body).toEqual(INVALID_KEY);
      expect((await v1.order(t, key, body()).expect(401)).body).toEqual(INVALID_KEY);
      expect((await v1.status(t, key, 1).expect(401)).body).toEqual(INVALID_KEY);
      expect(await footprint(t, reseller.id)).toEqual(before);
    });

    it('stops accepting a key once it is renewed, and accepts the new one', async () => {
      const m = await createReseller(t);
      const renewed = await renewKey(t, m);
      await v1.services(t, m.apiKey).expect(401);
      await v1.services(t, renewed).expect(200);
    });

    it("refuses a suspended member's key", async () => {
      const m = await createReseller(t);
      await v1.services(t, m.apiKey).expect(200);
      await t.http
        .post(`/api/admin/members/${m.id}/suspend`)
        .set('Authorization', `Bearer ${await t.operatorToken()}`)
        .expect(200);
      expect((await v1.services(t, m.apiKey).expect(401)).body).toEqual(INVALID_KEY);
    });
  });

  it('lists the orderable services as {id, min, max, text}, category by category', async () => {
    await createService(t, { visible: false });
    await createService(t, { isReadOnly: true });
    const later = await createService(t, { text: '유튜브 조회수', point: '0.12', min: 100, max: 1_000_000 });
    const res = await v1.services(t, reseller.apiKey).expect(200);
    expect(res.body).toEqual([
      { id: service.id, min: 10, max: 10_000, text: service.text },
      { id: later.id, min: 100, max: 1_000_000, text: '유튜브 조회수' },
    ]);
  });

  it('places an order: {wId} is the order, the exact cost is debited once', async () => {
    const m = await createReseller(t, 1_000n);
    const res = await v1.order(t, m.apiKey, body()).expect(201);
    expect(res.body).toEqual({ wId: expect.any(Number) });
    const order = await em(t).findOneOrFail(Order, res.body.wId);
    expect(order).toMatchObject({
      memberId: m.id,
      serviceId: service.id,
      link: 'https://instagram.com/p/abc',
      amount: 101,
      point: 253n,
      status: OrderStatus.PENDING,
      autoOrderId: null,
    });
    expect(await balance(t, m.id)).toBe(747n); // ⌈2.5 × 101⌉ = 253
  });

  it('takes a form-encoded body too', async () => {
    const m = await createReseller(t, 1_000n);
    const res = await t.http
      .post('/api/v1/order')
      .set('api-key', m.apiKey)
      .type('form')
      .send({ serviceId: String(service.id), link: 'https://instagram.com/p/form', amount: '40' })
      .expect(201);
    expect(await em(t).findOneOrFail(Order, res.body.wId)).toMatchObject({ memberId: m.id, amount: 40, point: 100n });
  });

  it('places a single order even when runs and interval are sent (they are not part of v1)', async () => {
    const m = await createReseller(t, 10_000n);
    const res = await v1.order(t, m.apiKey, body({ runs: 5, interval: 60 })).expect(201);
    expect(await em(t).findOneOrFail(Order, res.body.wId)).toMatchObject({
      runs: 0,
      interval: 0,
      autoOrderId: null,
      point: 253n,
    });
    expect(await footprint(t, m.id)).toMatchObject({ autoOrders: 0, balance: 9_747n });
  });

  it('replays an order under the same Idempotency-Key without moving money; another body under it is a 422', async () => {
    const m = await createReseller(t, 1_000n);
    const first = await v1.order(t, m.apiKey, body(), 'v1-key-1').expect(201);
    const again = await v1.order(t, m.apiKey, body(), 'v1-key-1').expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await footprint(t, m.id)).toMatchObject({ orders: 1, balance: 747n });
    const other = await v1.order(t, m.apiKey, body({ amount: 102 }), 'v1-key-1').expect(422);
    expect(other.body).toEqual({
      statusCode: 422,
      code: expect.any(String),
      message: ORDER_MESSAGES.idempotencyMismatch,
    });
    expect(await footprint(t, m.id)).toMatchObject({ orders: 1, balance: 747n });
  });

  describe('refuses an order with the order form message and stores nothing', () => {
    it.each([
      ['no body', undefined, ORDER_MESSAGES.serviceRequired],
      ['a JSON array', [1, 2], ORDER_MESSAGES.serviceRequired],
      ['no service', { serviceId: undefined }, ORDER_MESSAGES.serviceRequired],
      ['an unknown service', { serviceId: 987_654 }, ORDER_MESSAGES.serviceRequired],
      ['a service id beyond int4', { serviceId: 99_999_999_999 }, ORDER_MESSAGES.serviceRequired],
      ['a text service id', { serviceId: 'instagram' }, ORDER_MESSAGES.serviceRequired],
      ['no link', { link: undefined }, ORDER_MESSAGES.linkRequired],
      ['a huge link', { link: `https://x.com/${'a'.repeat(100_000)}` }, ORDER_MESSAGES.linkTooLong],
      ['a NUL in the link', { link: 'https://x.com/\u0000' }, '입력값에 쓸 수 없는 문자(제어 문자)가 있습니다.'],
      ['no amount', { amount: undefined }, ORDER_MESSAGES.amountRequired],
      ['a non-numeric amount', { amount: 'lots' }, ORDER_MESSAGES.amountRequired],
      ['a fractional amount', { amount: 10.5 }, ORDER_MESSAGES.amountRequired],
      ['an amount below min', { amount: 9 }, ORDER_MESSAGES.amountBelowMin],
      ['an amount above max', { amount: 10_001 }, ORDER_MESSAGES.amountAboveMax],
      ['more than the balance', { amount: 10_000 }, ORDER_MESSAGES.insufficientPoints],
    ])('%s', async (_, over, message) => {
      const m = await createReseller(t, 1_000n);
      const before = await footprint(t, m.id);
      const payload = over === undefined || Array.isArray(over) ? over : body(over);
      const res = await v1.order(t, m.apiKey, payload).expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: expect.any(String), message });
      expect(await footprint(t, m.id)).toEqual(before);
    });

    it('a read-only service (주문불가 상품입니다.)', async () => {
      const readOnly = await createService(t, { isReadOnly: true });
      const before = await footprint(t, reseller.id);
      expect((await v1.order(t, reseller.apiKey, body({ serviceId: readOnly.id })).expect(400)).body.message).toBe(
        ORDER_MESSAGES.unavailable,
      );
      expect(await footprint(t, reseller.id)).toEqual(before);
    });
  });

  describe('status', () => {
    const place = async (m: Reseller) =>
      (await v1.order(t, m.apiKey, body({ amount: 500 })).expect(201)).body.wId as number;

    // Upstream reports bring the order to its status; a second report at the same status records progress.
    it.each([
      ['PENDING', [], 500],
      ['PROCESSING', [{ status: OrderStatus.PROCESSING }], 500],
      [
        'IN PROGRESS',
        [{ status: OrderStatus.INPROGRESS }, { status: OrderStatus.INPROGRESS, remains: 320, startCount: 1500 }],
        320,
      ],
      ['COMPLETED', [{ status: OrderStatus.COMPLETED }], 0],
      ['PARTIAL', [{ status: OrderStatus.PARTIAL, remains: 120 }], 120],
      ['CANCELED', [{ status: OrderStatus.CANCELED }], 500],
    ] as const)('answers {status: %s, remains: %d}', async (spelled, reports, remains) => {
      const wId = await place(reseller);
      for (const r of reports) await report(t, wId, r);
      expect((await v1.status(t, reseller.apiKey, wId).expect(200)).body).toEqual({ status: spelled, remains });
    });

    it("answers another member's order exactly as a missing one, and a malformed id with 400", async () => {
      const other = await createReseller(t, 10_000n);
      const theirs = await place(other);
      const missing = await v1.status(t, reseller.apiKey, 2_000_000_000).expect(404);
      const foreign = await v1.status(t, reseller.apiKey, theirs).expect(404);
      expect(foreign.body).toEqual(missing.body);
      expect(foreign.body).toEqual({ statusCode: 404, code: expect.any(String), message: '주문을 찾을 수 없습니다.' });
      await v1.status(t, other.apiKey, theirs).expect(200);
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '1e3', 'x'.repeat(90)]) {
        expect((await v1.status(t, reseller.apiKey, bad).expect(400)).body).toEqual({
          statusCode: 400,
          code: expect.any(String),
          message: '주문 번호가 올바르지 않습니다.',
        });
      }
      // Past Fastify's path-parameter limit the router answers before the API does: a 414, not a 500.
      expect((await v1.status(t, reseller.apiKey, 'x'.repeat(5000)).expect(414)).body).toMatchObject({
        statusCode: 414,
      });
    });
  });

  it('keeps every balance equal to its ledger', async () => {
    expect(await invariantViolations(t)).toEqual([]);
  });
});
