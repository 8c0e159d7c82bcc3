import { CONTROL_CHARACTER_MESSAGE } from '../../../server/src/shared/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { FakeProvider, DEFAULT_FAKE_SERVICES, TYPED_FAKE_SERVICES } from '../../support/fake-provider.js';
import { ORDER_MESSAGES } from '../../../server/src/contracts/index.js';
import { OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { Order } from '../../../server/src/modules/ordering/entities.js';
import { OrderSender, OrderSync, SYNC_SPACING_MS } from '../../../server/src/modules/fulfilment/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { addProvider, admin, expectCleanWallet } from '../fulfilment/helpers.js';
import { createReseller, v1, v2 } from '../reseller/fixtures.js';
import { balance, createService, em, fund, ledgerOf, placeOrder, providerOrderIdOf } from './fixtures.js';

/** Custom Comments and Package orders end to end: storefront, API v2 (v1 refuses), ledger, sender, sync, console. */
describe('Custom Comments and Package orders', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let comments: Service;
  let bundle: Service;

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start({ services: [...DEFAULT_FAKE_SERVICES, ...TYPED_FAKE_SERVICES] });
    const providerId = await addProvider(t, fake);
    comments = await createService(t, {
      type: 'Custom Comments',
      point: '350',
      min: 2,
      max: 5,
      enableAuto: false,
      providerId,
      providerServiceId: '21',
    });
    bundle = await createService(t, {
      type: 'Package',
      point: '9900',
      min: 1,
      max: 1,
      enableAuto: false,
      providerId,
      providerServiceId: '22',
    });
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  const footprint = async (m: { id: number }) => ({
    orders: await em(t).count(Order, { memberId: m.id }),
    ledger: (await ledgerOf(t, m.id)).length,
    balance: await balance(t, m.id),
  });
  const member = async (points: bigint): Promise<TestMember> => {
    const m = await createMember(t);
    await fund(t, m.id, points);
    return m;
  };

  it('storefront: a Custom Comments order is as many as its non-empty lines, costs price × lines, and keeps the comments', async () => {
    const m = await member(10_000n);
    const text = '  너무 예뻐요!  \r\n\n정보 감사합니다 :)\n최고예요\n';
    const res = await placeOrder(t, m, {
      serviceId: comments.id,
      link: 'https://instagram.com/p/c1',
      amount: 999,
      comments: text,
    }).expect(201);
    expect(res.body).toMatchObject({ amount: 3, point: 1050, serviceId: comments.id });
    expect(await balance(t, m.id)).toBe(8950n);
    const order = await em(t).findOneOrFail(Order, res.body.orderId);
    expect(order).toMatchObject({
      amount: 3,
      point: 1050n,
      serviceType: 'Custom Comments',
      comments: '너무 예뻐요!\n정보 감사합니다 :)\n최고예요',
    });
    expect((await ledgerOf(t, m.id)).at(-1)).toEqual({
      kind: 'ORDER',
      amount: '-1050',
      reference_type: 'order',
      reference_id: String(order.id),
    });
    const history = await t.http
      .get('/api/service/order-history')
      .set('Authorization', `Bearer ${m.token}`)
      .expect(200);
    expect(history.body[0]).toMatchObject({
      id: order.id,
      amount: 3,
      serviceType: 'Custom Comments',
      comments: '너무 예뻐요!\n정보 감사합니다 :)\n최고예요',
    });
    const shown = await t.http
      .get(`/api/admin/orders/${order.id}`)
      .set('Authorization', await admin(t))
      .expect(200);
    expect(shown.body).toMatchObject({
      serviceType: 'Custom Comments',
      comments: '너무 예뻐요!\n정보 감사합니다 :)\n최고예요',
    });
    await expectCleanWallet(t);
  });

  it('storefront: a Package is one package at the package price, whatever quantity is sent', async () => {
    const m = await member(20_000n);
    const res = await placeOrder(t, m, { serviceId: bundle.id, link: 'https://instagram.com/me', amount: 50 }).expect(
      201,
    );
    expect(res.body).toMatchObject({ amount: 1, point: 9900 });
    expect(await em(t).findOneOrFail(Order, res.body.orderId)).toMatchObject({
      amount: 1,
      serviceType: 'Package',
      comments: null,
    });
    expect(await balance(t, m.id)).toBe(10_100n);
    await expectCleanWallet(t);
  });

  it.each([
    ['no comments', { comments: '' }, ORDER_MESSAGES.commentsRequired],
    ['blank lines only', { comments: '\n  \n' }, ORDER_MESSAGES.commentsRequired],
    ['fewer lines than min', { comments: '하나' }, ORDER_MESSAGES.commentsBelowMin],
    ['more lines than max', { comments: '1\n2\n3\n4\n5\n6' }, ORDER_MESSAGES.commentsAboveMax],
    ['a line over 300 characters', { comments: `하나\n${'가'.repeat(301)}` }, ORDER_MESSAGES.commentTooLong],
    // The central check refuses a control character before the order rules see it.
    ['a control character', { comments: '하나\n둘\u0000' }, CONTROL_CHARACTER_MESSAGE],
    ['an auto-order', { comments: '하나\n둘', runs: 2, interval: 60 }, ORDER_MESSAGES.autoNotAllowed],
    ['more than the balance', { comments: '1\n2\n3\n4' }, ORDER_MESSAGES.insufficientPoints],
  ])('storefront: refuses a Custom Comments order with %s, changing nothing', async (_, over, message) => {
    const m = await member(1_000n);
    const before = await footprint(m);
    const res = await placeOrder(t, m, {
      serviceId: comments.id,
      link: 'https://instagram.com/p/x',
      amount: 2,
      ...over,
    }).expect(400);
    expect(res.body.message).toBe(message);
    expect(await footprint(m)).toEqual(before);
  });

  it('storefront: refuses comments on another type, and a package beyond the balance', async () => {
    const m = await member(5_000n);
    const before = await footprint(m);
    expect(
      (
        await placeOrder(t, m, {
          serviceId: bundle.id,
          link: 'https://instagram.com/p/a',
          amount: 1,
          comments: '댓글',
        }).expect(400)
      ).body.message,
    ).toBe(ORDER_MESSAGES.commentsNotAllowed);
    expect(
      (await placeOrder(t, m, { serviceId: bundle.id, link: 'https://instagram.com/p/a', amount: 1 }).expect(400)).body
        .message,
    ).toBe(ORDER_MESSAGES.insufficientPoints);
    expect(await footprint(m)).toEqual(before);
  });

  it('API v2: add takes comments for Custom Comments and ignores quantity for a Package; status answers them', async () => {
    const r = await createReseller(t, 50_000n);
    const c = await v2(t, {
      key: r.apiKey,
      action: 'add',
      service: comments.id,
      link: 'https://instagram.com/p/v2',
      comments: '좋아요\n멋져요',
    }).expect(200);
    expect(c.body).toEqual({ order: expect.any(Number) });
    const p = await v2(t, {
      key: r.apiKey,
      action: 'add',
      service: bundle.id,
      link: 'https://instagram.com/v2',
      quantity: 777,
    }).expect(200);
    const p2 = await v2(
      t,
      { key: r.apiKey, action: 'add', service: bundle.id, link: 'https://instagram.com/v2b' },
      'json',
    ).expect(200);
    expect(await em(t).findOneOrFail(Order, c.body.order)).toMatchObject({
      amount: 2,
      point: 700n,
      comments: '좋아요\n멋져요',
    });
    expect(await em(t).findOneOrFail(Order, p.body.order)).toMatchObject({ amount: 1, point: 9900n });
    expect(await em(t).findOneOrFail(Order, p2.body.order)).toMatchObject({ amount: 1, point: 9900n });
    const status = await v2(t, { key: r.apiKey, action: 'status', order: c.body.order }).expect(200);
    expect(status.body).toEqual({ charge: '700', start_count: '0', status: 'Pending', remains: '2', currency: 'KRW' });
    expect(await balance(t, r.id)).toBe(50_000n - 700n - 9900n * 2n);
    const before = await footprint(r);
    expect(
      (
        await v2(t, {
          key: r.apiKey,
          action: 'add',
          service: comments.id,
          link: 'https://instagram.com/p/a',
          quantity: 3,
        }).expect(200)
      ).body,
    ).toEqual({ error: ORDER_MESSAGES.commentsRequired });
    expect(
      (
        await v2(t, {
          key: r.apiKey,
          action: 'add',
          service: comments.id,
          link: 'https://instagram.com/p/a',
          comments: `a\n${'b'.repeat(301)}`,
        }).expect(200)
      ).body,
    ).toEqual({ error: ORDER_MESSAGES.commentTooLong });
    expect(await footprint(r)).toEqual(before);
    await expectCleanWallet(t);
  });

  it('API v1 refuses a non-Default service with a clear message and changes nothing', async () => {
    const r = await createReseller(t, 50_000n);
    const before = await footprint(r);
    for (const service of [comments, bundle]) {
      const res = await v1
        .order(t, r.apiKey, { serviceId: service.id, link: 'https://instagram.com/p/v1', amount: 2 })
        .expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: expect.any(String), message: ORDER_MESSAGES.v1DefaultOnly });
    }
    expect(await footprint(r)).toEqual(before);
  });

  it("sender and sync: comments go upstream newline-separated, a package without quantity; the provider's status moves them", async () => {
    const m = await member(30_000n);
    const c = (
      await placeOrder(t, m, {
        serviceId: comments.id,
        link: 'https://instagram.com/p/send',
        amount: 0,
        comments: '첫 댓글\r\n두 번째 댓글',
      }).expect(201)
    ).body.orderId as number;
    const p = (
      await placeOrder(t, m, { serviceId: bundle.id, link: 'https://instagram.com/send', amount: 1 }).expect(201)
    ).body.orderId as number;
    const since = fake.requests.length;
    await t.app.get(OrderSender).runOnce();
    const adds = fake.requests.slice(since).filter((r) => r.action === 'add');
    const sent = new Map(adds.map((r) => [r.params.link, r.params]));
    expect(sent.get('https://instagram.com/p/send')).toEqual({
      action: 'add',
      service: '21',
      link: 'https://instagram.com/p/send',
      comments: '첫 댓글\n두 번째 댓글',
    });
    expect(sent.get('https://instagram.com/send')).toEqual({
      action: 'add',
      service: '22',
      link: 'https://instagram.com/send',
    });
    const orders = new Map((await em(t).find(Order, { id: { $in: [c, p] } })).map((o) => [o.id, o]));
    expect(orders.get(c)).toMatchObject({ status: OrderStatus.PROCESSING });
    expect(orders.get(p)).toMatchObject({ status: OrderStatus.PROCESSING });
    const upstream = [...fake.orders.values()].find((o) => o.link === 'https://instagram.com/p/send')!;
    expect(upstream).toMatchObject({ quantity: 2, comments: '첫 댓글\n두 번째 댓글' });
    // The provider completes the comments and cuts the package short (Partial of a package of one: all remains).
    fake.setOrder(upstream.id, { status: 'Completed', remains: 0, startCount: 12 });
    fake.setOrder((await providerOrderIdOf(t, p))!, { status: 'Canceled', remains: 1 });
    t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
    await t.app.get(OrderSync).runOnce();
    const synced = new Map((await em(t).find(Order, { id: { $in: [c, p] } })).map((o) => [o.id, o]));
    expect(synced.get(c)).toMatchObject({ status: OrderStatus.COMPLETED, remains: 0, startCount: 12, refunded: 0n });
    expect(synced.get(p)).toMatchObject({ status: OrderStatus.CANCELED, refunded: 9900n });
    expect(await balance(t, m.id)).toBe(30_000n - 700n);
    await expectCleanWallet(t);
  });
});
