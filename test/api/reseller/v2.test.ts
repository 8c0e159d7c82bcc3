import { startTestApp, type TestApp } from '../../support/test-app.js';
import { ORDER_MESSAGES, REFILL_MESSAGES } from '../../../server/src/contracts/index.js';
import { OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { AutoOrder, Order } from '../../../server/src/modules/ordering/entities.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import {
  balance,
  createReseller,
  createService,
  em,
  footprint,
  invariantViolations,
  report,
  v2,
  type Reseller,
} from './fixtures.js';

const INVALID_KEY = { error: 'Invalid API key' };
const INCORRECT_REQUEST = { error: 'Incorrect request' };
const INCORRECT_ORDER = { error: 'Incorrect order ID' };

describe('SMM panel API v2 (POST /api/v2)', () => {
  let t: TestApp;
  let service: Service;
  let reseller: Reseller;

  beforeAll(async () => {
    t = await startTestApp();
    service = await createService(t, { point: '2.5', min: 10, max: 10_000, enableAuto: true });
    reseller = await createReseller(t, 1_000_000n);
  });
  afterAll(() => t.close());

  const add = (m: Reseller, over: Record<string, unknown> = {}, as: 'form' | 'json' = 'form') =>
    v2(
      t,
      {
        key: m.apiKey,
        action: 'add',
        service: service.id,
        link: 'https://instagram.com/p/abc',
        quantity: 100,
        ...over,
      },
      as,
    ).expect(200);
  const placed = async (m: Reseller) => (await add(m)).body.order as number;

  describe('protocol errors answer HTTP 200 with {"error"} and store nothing', () => {
    it.each([
      ['no key', { action: 'balance' }],
      ['an empty key', { key: '', action: 'balance' }],
      ['a wrong key', { key: 'f'.repeat(40), action: 'balance' }],
      ['a huge key', { key: 'k'.repeat(100_000), action: 'balance' }],
      ['a key that is not a string', { key: { $ne: '' }, action: 'balance' }],
      ['a wrong key with a wrong action', { key: 'nope', action: 'nope' }],
    ])('%s: Invalid API key', async (_, fields) => {
      expect((await v2(t, fields, 'json').expect(200)).body).toEqual(INVALID_KEY);
    });

    it('a repeated key field in a form is no key', async () => {
      const res = await t.http
        .post('/api/v2')
        .type('form')
        .send(`key=${reseller.apiKey}&key=${reseller.apiKey}&action=balance`)
        .expect(200);
      expect(res.body).toEqual(INVALID_KEY);
    });

    it("a suspended member's key, and an add under a wrong key", async () => {
      const m = await createReseller(t, 10_000n);
      const before = await footprint(t, m.id);
      expect((await add({ ...m, apiKey: `${m.apiKey}0` })).body).toEqual(INVALID_KEY);
      await t.http
        .post(`/api/admin/members/${m.id}/suspend`)
        .set('Authorization', `Bearer ${await t.operatorToken()}`)
        .expect(200);
      expect((await add(m)).body).toEqual(INVALID_KEY);
      expect(await footprint(t, m.id)).toEqual(before);
    });

    it.each([
      ['no action', {}],
      ['an empty action', { action: '' }],
      ['an unknown action', { action: 'delete' }],
      ['a prototype name', { action: '__proto__' }],
      ['another prototype name', { action: 'constructor' }],
      ['a huge action', { action: 'a'.repeat(100_000) }],
      ['an array action', { action: ['balance'] }],
    ])('%s: Incorrect request', async (_, fields) => {
      expect((await v2(t, { key: reseller.apiKey, ...fields }, 'json').expect(200)).body).toEqual(INCORRECT_REQUEST);
    });

    it('bodies the server cannot read', async () => {
      const json = (raw: string) =>
        t.http.post('/api/v2').set('Content-Type', 'application/json').send(raw).expect(200);
      expect((await json('{"key": ')).body).toEqual({ error: '요청 본문이 올바른 JSON이 아닙니다.' });
      expect((await json('')).body).toEqual({ error: '요청 본문이 비어 있습니다.' });
      expect((await json(`{"key": "${reseller.apiKey}", "action": "balance", "__proto__": {}}`)).body).toEqual({
        error: expect.stringContaining('JSON'),
      });
      expect(
        (
          await t.http
            .post('/api/v2')
            .type('form')
            .send(`key=${reseller.apiKey}&action=balance&__proto__=1`)
            .expect(200)
        ).body,
      ).toEqual({ error: '잘못된 요청입니다.' });
      expect(
        (await v2(t, { key: reseller.apiKey, action: 'balance', pad: 'x'.repeat(2_000_000) }, 'json').expect(200)).body,
      ).toEqual({ error: '요청 본문이 너무 큽니다.' });
      expect(
        (await t.http.post('/api/v2').set('Content-Type', 'text/plain').send(`key=${reseller.apiKey}`).expect(200))
          .body,
      ).toEqual(INVALID_KEY);
      expect((await t.http.post('/api/v2').expect(200)).body).toEqual(INVALID_KEY);
    });
  });

  it('reads form, multipart and JSON bodies alike', async () => {
    const expected = { balance: String(await balance(t, reseller.id)), currency: 'KRW' };
    expect((await v2(t, { key: reseller.apiKey, action: 'balance' }, 'form').expect(200)).body).toEqual(expected);
    expect((await v2(t, { key: reseller.apiKey, action: 'balance' }, 'json').expect(200)).body).toEqual(expected);
    const multipart = await t.http
      .post('/api/v2')
      .field('key', reseller.apiKey)
      .field('action', 'balance')
      .attach('ignored', Buffer.from('file'), 'x.txt')
      .expect(200);
    expect(multipart.body).toEqual(expected);
  });

  it('lists the orderable services with their exact rate per 1000', async () => {
    const cheap = await createService(t, {
      point: '0.35',
      min: 100,
      max: 1_000_000,
      text: '릴스 조회수',
      enableAuto: false,
    });
    const fine = await createService(t, { point: '0.123456', min: 1, max: 5, enableAuto: false });
    await createService(t, { visible: false });
    await createService(t, { isReadOnly: true });
    const comments = await createService(t, {
      point: '350',
      min: 5,
      max: 500,
      enableAuto: false,
      type: 'Custom Comments',
    });
    const bundle = await createService(t, { point: '9900.5', min: 1, max: 1, enableAuto: false, type: 'Package' });
    const refilled = await createService(t, {
      point: '7.2',
      min: 100,
      max: 30_000,
      enableAuto: false,
      refill: true,
      refillDays: 30,
    });
    // A provider that takes cancels of running orders: `cancel` says so (PENDING orders are cancellable for all).
    const cancellable = await createService(t, { point: '1', min: 10, max: 100, enableAuto: false, cancel: true });
    const res = await v2(t, { key: reseller.apiKey, action: 'services' }).expect(200);
    const row = (s: Service, rate: string, dripfeed: boolean, type = 'Default', refill = false, cancel = false) => ({
      service: s.id,
      name: s.text,
      type,
      category: expect.stringMatching(/^카테고리 \d+$/),
      rate,
      min: String(s.min),
      max: String(s.max),
      refill,
      cancel,
      dripfeed,
      average_time: null,
    });
    expect(res.body).toEqual([
      row(service, '2500', true),
      row(cheap, '350', false),
      row(fine, '123.456', false),
      row(comments, '350000', false, 'Custom Comments'),
      // A package's rate is the price of one package.
      row(bundle, '9900.5', false, 'Package'),
      row(refilled, '7200', false, 'Default', true),
      row(cancellable, '1000', false, 'Default', false, true),
    ]);
  });

  describe('add', () => {
    it('places an order from a form: {order}, the exact cost debited once', async () => {
      const m = await createReseller(t, 1_000n);
      const res = await add(m, { quantity: '101' });
      expect(res.body).toEqual({ order: expect.any(Number) });
      expect(await em(t).findOneOrFail(Order, res.body.order)).toMatchObject({
        memberId: m.id,
        amount: 101,
        point: 253n,
        status: OrderStatus.PENDING,
        autoOrderId: null,
      });
      expect((await v2(t, { key: m.apiKey, action: 'balance' }).expect(200)).body).toEqual({
        balance: '747',
        currency: 'KRW',
      });
    });

    it('places an order from JSON numbers', async () => {
      const m = await createReseller(t, 1_000n);
      const res = await add(m, { service: service.id, quantity: 40 }, 'json');
      expect(await em(t).findOneOrFail(Order, res.body.order)).toMatchObject({
        memberId: m.id,
        amount: 40,
        point: 100n,
      });
    });

    it('places an auto-order with runs and interval: order is its first run (its status: the whole drip-feed), auto_order the auto-order', async () => {
      const m = await createReseller(t, 10_000n);
      const res = await add(m, { quantity: '100', runs: '3', interval: '60' });
      expect(res.body).toEqual({ order: expect.any(Number), auto_order: expect.any(Number) });
      const auto = await em(t).findOneOrFail(AutoOrder, res.body.auto_order);
      expect(auto).toMatchObject({ memberId: m.id, amount: 100, runs: 3, interval: 60, completed: 1, point: 750n });
      expect(await em(t).findOneOrFail(Order, res.body.order)).toMatchObject({
        autoOrderId: auto.id,
        runNumber: 1,
        amount: 100,
        point: 250n,
      });
      expect(await balance(t, m.id)).toBe(9_250n);
      expect((await v2(t, { key: m.apiKey, action: 'status', order: res.body.order }).expect(200)).body).toMatchObject({
        charge: '750',
        status: 'Pending',
        runs: '3',
        runs_done: '0',
      });
    });

    it('replays an add under the same Idempotency-Key; another add under it is refused', async () => {
      const m = await createReseller(t, 1_000n);
      const first = await add(m).set('Idempotency-Key', 'v2-retry-1');
      const again = await add(m).set('Idempotency-Key', 'v2-retry-1');
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await footprint(t, m.id)).toMatchObject({ orders: 1, idempotencyKeys: 1, balance: 750n });
      expect((await add(m, { quantity: 101 }).set('Idempotency-Key', 'v2-retry-1')).body).toEqual({
        error: ORDER_MESSAGES.idempotencyMismatch,
      });
      expect((await add(m).set('Idempotency-Key', 'k'.repeat(101))).body).toEqual({
        error: ORDER_MESSAGES.idempotencyKeyInvalid,
      });
      expect(await footprint(t, m.id)).toMatchObject({ orders: 1, idempotencyKeys: 1, balance: 750n });
    });

    it.each([
      ['no service', { service: undefined }, ORDER_MESSAGES.serviceRequired],
      ['an unknown service', { service: 987_654 }, ORDER_MESSAGES.serviceRequired],
      ['a service id beyond int4', { service: '99999999999' }, ORDER_MESSAGES.serviceRequired],
      ['a text service', { service: 'likes' }, ORDER_MESSAGES.serviceRequired],
      ['no link', { link: undefined }, ORDER_MESSAGES.linkRequired],
      ['a blank link', { link: '   ' }, ORDER_MESSAGES.linkRequired],
      ['a huge link', { link: `https://x.com/${'a'.repeat(200_000)}` }, ORDER_MESSAGES.linkTooLong],
      ['a NUL in the link', { link: 'https://x.com/\u0000' }, '입력값에 쓸 수 없는 문자(제어 문자)가 있습니다.'],
      ['no quantity', { quantity: undefined }, ORDER_MESSAGES.amountRequired],
      ['a non-numeric quantity', { quantity: 'lots' }, ORDER_MESSAGES.amountRequired],
      ['a fractional quantity', { quantity: '10.5' }, ORDER_MESSAGES.amountRequired],
      ['a huge quantity', { quantity: '9'.repeat(40) }, ORDER_MESSAGES.amountRequired],
      ['a quantity below min', { quantity: 9 }, ORDER_MESSAGES.amountBelowMin],
      ['a quantity above max', { quantity: 10_001 }, ORDER_MESSAGES.amountAboveMax],
      ['more than the balance', { quantity: 500 }, ORDER_MESSAGES.insufficientPoints],
      ['one run', { runs: 1, interval: 60 }, ORDER_MESSAGES.runsInvalid],
      ['runs without an interval', { runs: 3 }, ORDER_MESSAGES.intervalInvalid],
      ['an interval under 60 minutes', { runs: 3, interval: 59 }, ORDER_MESSAGES.intervalInvalid],
      ['non-numeric runs', { runs: 'many', interval: 60 }, ORDER_MESSAGES.runsInvalid],
    ])('refuses %s with the order form message', async (_, over, message) => {
      const m = await createReseller(t, 1_000n);
      const before = await footprint(t, m.id);
      expect((await add(m, over, 'json')).body).toEqual({ error: message });
      expect(await footprint(t, m.id)).toEqual(before);
    });

    it('refuses runs on a service without auto-orders, and any order of a read-only one', async () => {
      const single = await createService(t, { enableAuto: false });
      const readOnly = await createService(t, { isReadOnly: true });
      const before = await footprint(t, reseller.id);
      expect((await add(reseller, { service: single.id, runs: 3, interval: 60 })).body).toEqual({
        error: ORDER_MESSAGES.autoNotAllowed,
      });
      expect((await add(reseller, { service: readOnly.id })).body).toEqual({ error: ORDER_MESSAGES.unavailable });
      expect(await footprint(t, reseller.id)).toEqual(before);
    });
  });

  describe('status', () => {
    it.each([
      ['Pending', [], { charge: '250', start_count: '0', remains: '100' }],
      ['Processing', [{ status: OrderStatus.PROCESSING }], { charge: '250', start_count: '0', remains: '100' }],
      [
        'In progress',
        [
          { status: OrderStatus.INPROGRESS, startCount: 1500 },
          { status: OrderStatus.INPROGRESS, remains: 40 },
        ],
        { charge: '250', start_count: '1500', remains: '40' },
      ],
      [
        'Completed',
        [{ status: OrderStatus.COMPLETED, startCount: 1500 }],
        { charge: '250', start_count: '1500', remains: '0' },
      ],
      // 30 of 100 undelivered: ⌊250 × 30 / 100⌋ = 75 refunded, so the order now costs 175.
      ['Partial', [{ status: OrderStatus.PARTIAL, remains: 30 }], { charge: '175', start_count: '0', remains: '30' }],
      ['Canceled', [{ status: OrderStatus.CANCELED }], { charge: '0', start_count: '0', remains: '100' }],
    ] as const)('answers %s with charge, start_count, remains and KRW', async (status, reports, figures) => {
      const id = await placed(reseller);
      for (const r of reports) await report(t, id, r);
      expect((await v2(t, { key: reseller.apiKey, action: 'status', order: id }).expect(200)).body).toEqual({
        ...figures,
        status,
        currency: 'KRW',
      });
    });

    it.each([
      ['no order', {}],
      ['an empty id', { order: '' }],
      ['a text id', { order: 'abc' }],
      ['id 0', { order: 0 }],
      ['an id beyond int4', { order: '99999999999' }],
      ['a huge id', { order: '9'.repeat(100_000) }],
      ['an unknown id', { order: 2_000_000_000 }],
    ])('answers %s with Incorrect order ID', async (_, fields) => {
      expect((await v2(t, { key: reseller.apiKey, action: 'status', ...fields }, 'json').expect(200)).body).toEqual(
        INCORRECT_ORDER,
      );
    });

    it("answers a batch of up to 100 ids in one map, each id on its own; others' orders are incorrect ids", async () => {
      const other = await createReseller(t, 10_000n);
      const [mine1, mine2, theirs] = [await placed(reseller), await placed(reseller), await placed(other)];
      await report(t, mine2, { status: OrderStatus.COMPLETED });
      const res = await v2(t, {
        key: reseller.apiKey,
        action: 'status',
        orders: `${mine1}, ${mine2},${theirs},abc,,2000000000,${mine1}`,
      }).expect(200);
      expect(res.body).toEqual({
        [mine1]: { charge: '250', start_count: '0', status: 'Pending', remains: '100', currency: 'KRW' },
        [mine2]: { charge: '250', start_count: '0', status: 'Completed', remains: '0', currency: 'KRW' },
        [theirs]: INCORRECT_ORDER,
        abc: INCORRECT_ORDER,
        '2000000000': INCORRECT_ORDER,
      });
      const json = await v2(
        t,
        { key: reseller.apiKey, action: 'status', orders: [mine1, String(mine2)] },
        'json',
      ).expect(200);
      expect(Object.keys(json.body).sort()).toEqual([String(mine1), String(mine2)].sort());
    });

    it('takes 100 ids in a batch and refuses 101 or none', async () => {
      const ids = Array.from({ length: 100 }, (_, i) => 1_000_000 + i);
      const hundred = await v2(t, { key: reseller.apiKey, action: 'status', orders: ids.join(',') }).expect(200);
      expect(Object.keys(hundred.body)).toHaveLength(100);
      expect(
        (await v2(t, { key: reseller.apiKey, action: 'status', orders: [...ids, 5].join(',') }).expect(200)).body,
      ).toEqual({ error: 'At most 100 ids per request' });
      expect((await v2(t, { key: reseller.apiKey, action: 'status', orders: ' , ' }).expect(200)).body).toEqual(
        INCORRECT_ORDER,
      );
      expect(
        (await v2(t, { key: reseller.apiKey, action: 'status', orders: { a: 1 } }, 'json').expect(200)).body,
      ).toEqual(INCORRECT_ORDER);
    });
  });

  it('answers the balance after orders and refunds', async () => {
    const m = await createReseller(t, 5_000n);
    const id = await placed(m); // 250
    await placed(m); // 250
    await report(t, id, { status: OrderStatus.CANCELED }); // +250
    expect((await v2(t, { key: m.apiKey, action: 'balance' }).expect(200)).body).toEqual({
      balance: '4750',
      currency: 'KRW',
    });
    expect(await balance(t, m.id)).toBe(4_750n);
  });

  describe('cancel', () => {
    it('cancels a pending order of the member: everything refunded', async () => {
      const m = await createReseller(t, 1_000n);
      const id = await placed(m);
      expect((await v2(t, { key: m.apiKey, action: 'cancel', order: id }).expect(200)).body).toEqual({ cancel: 1 });
      expect(await em(t).findOneOrFail(Order, id)).toMatchObject({ status: OrderStatus.CANCELED, refunded: 250n });
      expect(await balance(t, m.id)).toBe(1_000n);
      // Once canceled, it is no longer cancelable, and nothing is refunded twice.
      expect((await v2(t, { key: m.apiKey, action: 'cancel', order: id }).expect(200)).body).toEqual({
        error: '이미 처리 중이거나 끝난 주문은 취소할 수 없습니다.',
      });
      expect(await balance(t, m.id)).toBe(1_000n);
    });

    it('refuses where the ordering context does not allow a member cancel (sent upstream)', async () => {
      const m = await createReseller(t, 1_000n);
      const id = await placed(m);
      await report(t, id, { status: OrderStatus.PROCESSING });
      expect((await v2(t, { key: m.apiKey, action: 'cancel', order: id }).expect(200)).body).toEqual({
        error: '이미 처리 중이거나 끝난 주문은 취소할 수 없습니다.',
      });
      expect(await em(t).findOneOrFail(Order, id)).toMatchObject({ status: OrderStatus.PROCESSING, refunded: 0n });
    });

    it('answers a batch one order after another', async () => {
      const m = await createReseller(t, 1_000n);
      const [pending, processing] = [await placed(m), await placed(m)];
      await report(t, processing, { status: OrderStatus.PROCESSING });
      const res = await v2(t, { key: m.apiKey, action: 'cancel', orders: `${pending},${processing},x` }).expect(200);
      expect(res.body).toEqual([
        { order: pending, cancel: 1 },
        { order: processing, cancel: { error: '이미 처리 중이거나 끝난 주문은 취소할 수 없습니다.' } },
        { order: 'x', cancel: INCORRECT_ORDER },
      ]);
      expect(await balance(t, m.id)).toBe(750n);
    });
  });

  describe('refill and refill_status', () => {
    it('refuses a refill of an own order of a service without refill, with the shared Korean message', async () => {
      const id = await placed(reseller);
      expect((await v2(t, { key: reseller.apiKey, action: 'refill', order: id }).expect(200)).body).toEqual({
        error: REFILL_MESSAGES.notAvailable,
      });
      expect((await v2(t, { key: reseller.apiKey, action: 'refill', order: 'abc' }).expect(200)).body).toEqual(
        INCORRECT_ORDER,
      );
      expect((await v2(t, { key: reseller.apiKey, action: 'refill', orders: `${id},abc` }).expect(200)).body).toEqual([
        { order: id, refill: { error: REFILL_MESSAGES.notAvailable } },
        { order: 'abc', refill: INCORRECT_ORDER },
      ]);
    });

    it('knows no refill id', async () => {
      expect((await v2(t, { key: reseller.apiKey, action: 'refill_status', refill: 1 }).expect(200)).body).toEqual({
        error: 'Incorrect refill ID',
      });
      expect((await v2(t, { key: reseller.apiKey, action: 'refill_status', refills: '1,x' }).expect(200)).body).toEqual(
        [
          { refill: 1, status: { error: 'Incorrect refill ID' } },
          { refill: 'x', status: { error: 'Incorrect refill ID' } },
        ],
      );
    });
  });

  it("treats another member's order exactly like a missing one in every action, and leaves it untouched", async () => {
    const other = await createReseller(t, 10_000n);
    const theirs = await placed(other);
    const missing = 2_000_000_001;
    const before = { mine: await footprint(t, reseller.id), theirs: await footprint(t, other.id) };
    const calls = (id: number) => [
      { action: 'status', order: id },
      { action: 'status', orders: String(id) },
      { action: 'cancel', order: id },
      { action: 'cancel', orders: String(id) },
      { action: 'refill', order: id },
      { action: 'refill', orders: String(id) },
    ];
    for (const [i, call] of calls(theirs).entries()) {
      const foreign = (await v2(t, { key: reseller.apiKey, ...call }).expect(200)).body;
      const absent = (await v2(t, { key: reseller.apiKey, ...calls(missing)[i] }).expect(200)).body;
      expect(JSON.stringify(foreign).replaceAll(String(theirs), 'ID')).toEqual(
        JSON.stringify(absent).replaceAll(String(missing), 'ID'),
      );
    }
    expect(await footprint(t, reseller.id)).toEqual(before.mine);
    expect(await footprint(t, other.id)).toEqual(before.theirs);
    expect(await em(t).findOneOrFail(Order, theirs)).toMatchObject({ status: OrderStatus.PENDING, refunded: 0n });
    expect((await v2(t, { key: other.apiKey, action: 'status', order: theirs }).expect(200)).body).toMatchObject({
      status: 'Pending',
    });
  });

  it('keeps every balance equal to its ledger', async () => {
    expect(await invariantViolations(t)).toEqual([]);
  });
});
