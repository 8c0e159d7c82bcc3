import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { DEFAULT_FAKE_SERVICES, FakeProvider, TYPED_FAKE_SERVICES } from '../../support/fake-provider.js';
import { MEMBER_CANCEL_MESSAGES, ORDER_ACTION_MESSAGES } from '../../../server/src/contracts/index.js';
import { OrderStatus, SubscriptionStatus } from '../../../server/src/modules/ordering/index.js';
import { Order, Subscription } from '../../../server/src/modules/ordering/entities.js';
import { OrderSender, SubscriptionSync, SYNC_SPACING_MS } from '../../../server/src/modules/fulfilment/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { addProvider, admin, expectCleanWallet } from '../fulfilment/helpers.js';
import { createReseller, v2 } from '../reseller/fixtures.js';
import { balance, createService, dispatchOf, em, fund, placeOrder } from '../ordering/fixtures.js';
import { ledgerRows, recordEvidence } from './evidence.js';

/**
 * A member's cancel of anything the provider may hold is forwarded upstream and
 * settled by the provider's answer, or refused with a Korean reason; never refunded on the shop's word alone.
 */
describe('member cancels of what the provider holds', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let sub: Service;
  let subFixed: Service;
  let plain: Service;

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start({
      services: [
        ...DEFAULT_FAKE_SERVICES,
        ...TYPED_FAKE_SERVICES,
        { ...TYPED_FAKE_SERVICES[2], service: 24, cancel: true },
      ],
    });
    const providerId = await addProvider(t, fake);
    const subscriptionProps = { type: 'Subscriptions', point: '10', min: 50, max: 5000, providerId } as const;
    sub = await createService(t, { ...subscriptionProps, providerServiceId: '24', cancel: true });
    subFixed = await createService(t, { ...subscriptionProps, providerServiceId: '23', cancel: false });
    plain = await createService(t, {
      point: '10',
      min: 10,
      max: 10_000,
      providerId,
      providerServiceId: '1',
      cancel: true,
    });
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  const sync = async () => {
    t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
    return t.app.get(SubscriptionSync).runOnce();
  };
  const cancelSubscription = (token: string, id: number) =>
    t.http.post(`/api/service/subscriptions/${id}/cancel`).set('Authorization', `Bearer ${token}`);
  const subscribe = async (token: string, serviceId: number) =>
    (
      await t.http
        .post('/api/service/subscriptions')
        .set('Authorization', `Bearer ${token}`)
        .send({ serviceId, username: 'kim.insta', min: 100, max: 1000, posts: 12, delay: 0, expiry: '' })
        .expect(201)
    ).body.subscriptionId as number;

  it('case 1: a sent subscription is cancelled upstream first; the refund covers only the posts not yet ordered', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 200_000n);
    const id = await subscribe(m.token, sub.id);
    expect(await balance(t, m.id)).toBe(80_000n); // 10 × 1,000 × 12 = 120,000 up front
    await t.app.get(SubscriptionSync).runOnce();
    const upstreamId = (await em(t).findOneOrFail(Subscription, id)).providerSubscriptionId!;
    expect(upstreamId).toBeTruthy();
    // Two posts covered upstream, the shop has not polled yet.
    fake.newPost(upstreamId);
    fake.newPost(upstreamId);

    const asked = (await cancelSubscription(m.token, id).expect(200)).body;
    expect(asked).toMatchObject({ status: 'ACTIVE', refunded: 0, cancelRequested: true });
    expect((await cancelSubscription(m.token, id).expect(409)).body.message).toBe(
      MEMBER_CANCEL_MESSAGES.subscriptionAlreadyRequested,
    );
    expect(await balance(t, m.id)).toBe(80_000n);

    // The provider's cancel fails (5xx): nothing moves, asked again on the next round.
    fake.once('cancel', { status: 502, raw: '<html>Bad gateway</html>' });
    await sync();
    expect(await em(t).findOneOrFail(Subscription, id)).toMatchObject({
      status: SubscriptionStatus.ACTIVE,
      refunded: 0n,
    });
    expect(fake.subscriptions.get(upstreamId)!.status).toBe('Active');

    // Forwarded and confirmed: the two posts ordered stay charged, the ten not ordered come back.
    await sync();
    expect(fake.calls('cancel').at(-1)!.params).toEqual({ action: 'cancel', orders: upstreamId });
    expect(fake.subscriptions.get(upstreamId)!.status).toBe('Canceled');
    await sync();
    const ended = await em(t).findOneOrFail(Subscription, id);
    expect(ended).toMatchObject({
      status: SubscriptionStatus.CANCELED,
      postsUsed: 2,
      used: 20_000n,
      refunded: 100_000n,
    });
    expect(await balance(t, m.id)).toBe(180_000n);
    const rows = await ledgerRows(t, [m.id]);
    recordEvidence('case1-subscription-cancel', { subscription: id, upstreamId, rows });
    expect(rows.filter((r) => r.reference_type === 'subscription').map((r) => [r.kind, r.amount])).toEqual([
      ['ORDER', '-120000'],
      ['REFUND', '100000'],
    ]);
    await expectCleanWallet(t);
  });

  it('case 1: a sent subscription of a service that takes no cancels is refused with the reason; nothing moves', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 200_000n);
    const id = await subscribe(m.token, subFixed.id);
    await t.app.get(SubscriptionSync).runOnce();
    expect((await cancelSubscription(m.token, id).expect(409)).body.message).toBe(
      MEMBER_CANCEL_MESSAGES.subscriptionNotCancelable,
    );
    expect(await em(t).findOneOrFail(Subscription, id)).toMatchObject({
      status: SubscriptionStatus.ACTIVE,
      refunded: 0n,
    });
    expect(fake.calls('cancel').filter((c) => c.params.orders === String(id))).toHaveLength(0);
    expect(await balance(t, m.id)).toBe(80_000n);
  });

  it('case 1: the provider refuses the cancel: the request closes with its reason, the subscription keeps running', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 200_000n);
    const id = await subscribe(m.token, sub.id);
    await t.app.get(SubscriptionSync).runOnce();
    await cancelSubscription(m.token, id).expect(200);
    fake.once('cancel', { body: { error: 'Subscription cannot be canceled' } });
    await sync();
    expect(await em(t).findOneOrFail(Subscription, id)).toMatchObject({
      status: SubscriptionStatus.ACTIVE,
      cancelRequestedAt: null,
      cancelRefusal: 'Subscription cannot be canceled',
      refunded: 0n,
    });
    expect(await balance(t, m.id)).toBe(80_000n);
  });

  it('an unsent subscription is cancelled at once with everything refunded (the provider has nothing)', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 200_000n);
    const id = await subscribe(m.token, sub.id);
    expect((await cancelSubscription(m.token, id).expect(200)).body).toMatchObject({
      status: 'CANCELED',
      refunded: 120_000,
    });
    expect(await t.app.get(SubscriptionSync).runOnce()).toMatchObject({ sent: 0 });
    expect(await balance(t, m.id)).toBe(200_000n);
  });

  it('case 2: an order held [확인 필요] (the provider answered the add with a 502) cannot be cancelled by its member', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const r = await createReseller(t, 10_000n);
    const orderId = (
      await placeOrder(t, m, { serviceId: plain.id, link: 'https://instagram.com/held-1', amount: 100 }).expect(201)
    ).body.orderId as number;
    const resellerOrder = (
      await v2(t, {
        key: r.apiKey,
        action: 'add',
        service: plain.id,
        link: 'https://instagram.com/held-2',
        quantity: 100,
      }).expect(200)
    ).body.order as number;
    fake.on('add', () => ({ status: 502, raw: '<html>Bad gateway</html>' }), 2);
    await t.app.get(OrderSender).runOnce();
    expect(await dispatchOf(t, orderId)).toMatchObject({
      status: 'UNCERTAIN',
      lastError: expect.stringContaining('[확인 필요]'),
    });

    const storefront = await t.http
      .post(`/api/service/order/${orderId}/cancel`)
      .set('Authorization', `Bearer ${m.token}`)
      .expect(409);
    expect(storefront.body.message).toBe(ORDER_ACTION_MESSAGES.sending);
    expect((await v2(t, { key: r.apiKey, action: 'cancel', order: resellerOrder }).expect(200)).body).toEqual({
      error: ORDER_ACTION_MESSAGES.sending,
    });
    expect(await em(t).findOneOrFail(Order, orderId)).toMatchObject({ status: OrderStatus.PENDING, refunded: 0n });
    expect(await balance(t, m.id)).toBe(9_000n);

    // The operator can still link the provider's order id found on its panel.
    const linked = await t.http
      .post(`/api/admin/orders/${orderId}/resend`)
      .set('Authorization', await admin(t))
      .send({ providerOrderId: '777001' });
    const rows = await ledgerRows(t, [m.id, r.id]);
    recordEvidence('case2-held-cancel', {
      order: orderId,
      storefront: storefront.body,
      link: { status: linked.status, body: linked.body },
      rows,
    });
    expect(linked.status).toBe(200);
    expect((await dispatchOf(t, orderId))!.providerOrderId).toBe('777001');
    expect(rows.filter((r) => r.kind === 'REFUND')).toEqual([]);
    await expectCleanWallet(t);
  });
});
