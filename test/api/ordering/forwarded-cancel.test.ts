import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { CANCEL_MESSAGES } from '../../../server/src/contracts/index.js';
import { OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { Order } from '../../../server/src/modules/ordering/entities.js';
import {
  CancelForwarder,
  OrderSender,
  OrderSync,
  SYNC_SPACING_MS,
} from '../../../server/src/modules/fulfilment/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { addProvider, admin, expectCleanWallet } from '../fulfilment/helpers.js';
import { createReseller, v2 } from '../reseller/fixtures.js';
import { balance, createService, em, fund, ledgerOf, placeOrder, providerOrderIdOf } from './fixtures.js';

/** A member's cancel of a running order, forwarded to the provider's `cancel`, settled once by the provider's status. */
describe('cancels that reach the provider', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let cancelable: Service;
  let fixed: Service;

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start();
    const providerId = await addProvider(t, fake);
    cancelable = await createService(t, {
      cancel: true,
      point: '10',
      min: 10,
      max: 10_000,
      providerId,
      providerServiceId: '1',
    });
    fixed = await createService(t, {
      cancel: false,
      point: '10',
      min: 10,
      max: 10_000,
      providerId,
      providerServiceId: '2',
    });
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  const sync = async () => {
    t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
    await t.app.get(OrderSync).runOnce();
  };
  const running = async (m: TestMember, service: Service, link: string) => {
    const id = (await placeOrder(t, m, { serviceId: service.id, link, amount: 100 }).expect(201)).body
      .orderId as number;
    await t.app.get(OrderSender).runOnce();
    const order = await em(t).findOneOrFail(Order, id);
    expect(order.status).toBe(OrderStatus.PROCESSING);
    return Object.assign(order, { providerOrderId: await providerOrderIdOf(t, id) });
  };
  const cancel = (m: TestMember, id: number) =>
    t.http.post(`/api/service/order/${id}/cancel`).set('Authorization', `Bearer ${m.token}`);
  it('round trip: 취소 요청됨 → forwarded as `cancel` → provider says Canceled → full refund, exactly once', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const order = await running(m, cancelable, 'https://instagram.com/cancel-full');
    const res = await cancel(m, order.id).expect(200);
    expect(res.body).toEqual({ id: order.id, status: 'PROCESSING', refunded: 0, cancelRequested: true });
    expect((await cancel(m, order.id).expect(409)).body.message).toBe(CANCEL_MESSAGES.alreadyRequested);
    const history = await t.http
      .get('/api/service/order-history')
      .set('Authorization', `Bearer ${m.token}`)
      .expect(200);
    expect(history.body[0]).toMatchObject({ id: order.id, status: 'PROCESSING', cancelRequested: true });

    expect(await t.app.get(CancelForwarder).runOnce()).toEqual({ forwarded: 1, refused: 0 });
    expect(fake.calls('cancel').at(-1)!.params).toEqual({ action: 'cancel', orders: order.providerOrderId });
    const forwarded = (
      await t.http
        .get(`/api/admin/orders/${order.id}`)
        .set('Authorization', await admin(t))
        .expect(200)
    ).body;
    expect(forwarded).toMatchObject({
      cancelRequestedAt: expect.any(String),
      cancelForwardedAt: expect.any(String),
      cancelRefusal: null,
    });
    expect(await t.app.get(CancelForwarder).runOnce()).toEqual({ forwarded: 0, refused: 0 });
    expect(await balance(t, m.id)).toBe(9000n);

    fake.setOrder(order.providerOrderId!, { status: 'Canceled', remains: 100 });
    await sync();
    await sync(); // the same answer again changes nothing
    expect(await em(t).findOneOrFail(Order, order.id)).toMatchObject({ status: OrderStatus.CANCELED, refunded: 1000n });
    expect(await balance(t, m.id)).toBe(10_000n);
    expect((await ledgerOf(t, m.id)).filter((e) => e.kind === 'REFUND')).toEqual([
      { kind: 'REFUND', amount: '1000', reference_type: 'order', reference_id: String(order.id) },
    ]);
    await expectCleanWallet(t);
  });

  it('the provider ends it Partial: the remains are refunded once', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const order = await running(m, cancelable, 'https://instagram.com/cancel-partial');
    await cancel(m, order.id).expect(200);
    await t.app.get(CancelForwarder).runOnce();
    fake.setOrder(order.providerOrderId!, { status: 'Partial', remains: 30, startCount: 5 });
    await sync();
    await sync();
    expect(await em(t).findOneOrFail(Order, order.id)).toMatchObject({
      status: OrderStatus.PARTIAL,
      remains: 30,
      refunded: 300n,
    });
    expect(await balance(t, m.id)).toBe(9300n);
    await expectCleanWallet(t);
  });

  it('a provider that refuses: the request closes with its reason, nothing moves, and the member may ask again', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const order = await running(m, cancelable, 'https://instagram.com/cancel-refused');
    await cancel(m, order.id).expect(200);
    fake.once('cancel', {
      body: [{ order: Number(order.providerOrderId), cancel: { error: 'Order is already in progress' } }],
    });
    expect(await t.app.get(CancelForwarder).runOnce()).toEqual({ forwarded: 0, refused: 1 });
    expect(await em(t).findOneOrFail(Order, order.id)).toMatchObject({
      status: OrderStatus.PROCESSING,
      cancelRequestedAt: null,
      cancelRefusal: 'Order is already in progress',
      refunded: 0n,
    });
    // The console's order show reads these fields from the admin order.
    const shown = await t.http
      .get(`/api/admin/orders/${order.id}`)
      .set('Authorization', await admin(t))
      .expect(200);
    expect(shown.body).toMatchObject({
      cancelRequestedAt: null,
      cancelForwardedAt: null,
      cancelRefusal: 'Order is already in progress',
    });
    const history = await t.http
      .get('/api/service/order-history')
      .set('Authorization', `Bearer ${m.token}`)
      .expect(200);
    expect(history.body[0]).toMatchObject({ cancelRequested: false, cancelRefusal: 'Order is already in progress' });
    await cancel(m, order.id).expect(200);
    expect(await balance(t, m.id)).toBe(9000n);
  });

  it('a service without cancel: refused with the reason; API v2 cancel forwards the same way', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const order = await running(m, fixed, 'https://instagram.com/no-cancel');
    expect((await cancel(m, order.id).expect(409)).body.message).toBe(CANCEL_MESSAGES.notSupported);
    expect((await em(t).findOneOrFail(Order, order.id)).cancelRequestedAt).toBeNull();

    const r = await createReseller(t, 10_000n);
    const placed = (
      await v2(t, {
        key: r.apiKey,
        action: 'add',
        service: cancelable.id,
        link: 'https://instagram.com/v2-cancel',
        quantity: 100,
      }).expect(200)
    ).body.order;
    await t.app.get(OrderSender).runOnce();
    expect((await v2(t, { key: r.apiKey, action: 'cancel', order: placed }).expect(200)).body).toEqual({ cancel: 1 });
    expect((await v2(t, { key: r.apiKey, action: 'cancel', orders: String(placed) }).expect(200)).body).toEqual([
      { order: placed, cancel: { error: CANCEL_MESSAGES.alreadyRequested } },
    ]);
    const fixedOrder = (
      await v2(t, {
        key: r.apiKey,
        action: 'add',
        service: fixed.id,
        link: 'https://instagram.com/v2-fixed',
        quantity: 100,
      }).expect(200)
    ).body.order;
    await t.app.get(OrderSender).runOnce();
    expect((await v2(t, { key: r.apiKey, action: 'cancel', order: fixedOrder }).expect(200)).body).toEqual({
      error: CANCEL_MESSAGES.notSupported,
    });
    await expectCleanWallet(t);
  });
});
