import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { DEFAULT_FAKE_SERVICES, FakeProvider, TYPED_FAKE_SERVICES } from '../../support/fake-provider.js';
import { OrderStatus, SubscriptionStatus } from '../../../server/src/modules/ordering/index.js';
import { Order, Subscription } from '../../../server/src/modules/ordering/entities.js';
import { OrderSync, SubscriptionSync, SYNC_SPACING_MS } from '../../../server/src/modules/fulfilment/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { MEMBER_CANCEL_MESSAGES } from '../../../server/src/contracts/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { addProvider, expectCleanWallet } from './helpers.js';
import { balance, createService, em, fund, ledgerOf, providerOrderIdOf } from '../ordering/fixtures.js';

/** A subscription against the loopback panel: purchase → subscription `add` → child orders from `status` → refund of the unused posts. */
describe('subscription sync (fake provider)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let sub: Service;

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start({ services: [...DEFAULT_FAKE_SERVICES, ...TYPED_FAKE_SERVICES] });
    const providerId = await addProvider(t, fake);
    sub = await createService(t, {
      type: 'Subscriptions',
      point: '2.5',
      min: 50,
      max: 5000,
      providerId,
      providerServiceId: '23',
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
  const place = (token: string, body: Record<string, unknown>) =>
    t.http.post('/api/service/subscriptions').set('Authorization', `Bearer ${token}`).send(body);
  /** A member with 1,000 points who subscribed `username` for `posts` posts (min 50, max 100, no delay). */
  const subscribed = async (username: string, posts: number) => {
    const m = await createMember(t);
    await fund(t, m.id, 1000n);
    const { subscriptionId } = (
      await place(m.token, { serviceId: sub.id, username, min: 50, max: 100, posts, delay: 0 }).expect(201)
    ).body;
    return { m, subscriptionId: subscriptionId as number };
  };
  it('round trip: paid 3 posts up front, two posts become child orders, the panel says Expired, the third post is refunded once', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const { subscriptionId } = (
      await place(m.token, {
        serviceId: sub.id,
        username: 'kim.insta',
        min: 50,
        max: 100,
        posts: 3,
        delay: 15,
        expiry: '2099-12-31',
      }).expect(201)
    ).body;
    expect(await balance(t, m.id)).toBe(10_000n - 750n);

    expect(await t.app.get(SubscriptionSync).runOnce()).toEqual({ sent: 1, posts: 0, ended: 0 });
    expect(fake.calls('add').at(-1)!.params).toEqual({
      action: 'add',
      service: '23',
      username: 'kim.insta',
      min: '50',
      max: '100',
      posts: '3',
      old_posts: '0',
      delay: '15',
      expiry: '31/12/2099',
    });
    const upstreamId = (await em(t).findOneOrFail(Subscription, subscriptionId)).providerSubscriptionId!;
    expect(fake.subscriptions.has(upstreamId)).toBe(true);

    const first = fake.newPost(upstreamId);
    const second = fake.newPost(upstreamId);
    expect(await sync()).toEqual({ sent: 0, posts: 2, ended: 0 });
    // The same answer again: no new child order, no money.
    expect(await sync()).toEqual({ sent: 0, posts: 0, ended: 0 });
    expect(fake.calls('status').at(-1)!.params).toEqual({ action: 'status', order: upstreamId });
    const children = await em(t).find(Order, { link: 'kim.insta', memberId: m.id }, { orderBy: { id: 'ASC' } });
    expect(
      await Promise.all(
        children.map(async (o) => ({
          providerOrderId: await providerOrderIdOf(t, o.id),
          status: o.status,
          point: o.point,
          amount: o.amount,
        })),
      ),
    ).toEqual([
      { providerOrderId: first, status: OrderStatus.PROCESSING, point: 250n, amount: 100 },
      { providerOrderId: second, status: OrderStatus.PROCESSING, point: 250n, amount: 100 },
    ]);
    // Child orders are followed as any order.
    fake.setOrder(first, { status: 'Completed', remains: 0 });
    t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
    await t.app.get(OrderSync).runOnce();
    expect((await em(t).findOneOrFail(Order, children[0]!.id)).status).toBe(OrderStatus.COMPLETED);

    const history = (
      await t.http.get('/api/service/subscriptions').set('Authorization', `Bearer ${m.token}`).expect(200)
    ).body;
    expect(history[0]).toMatchObject({
      id: subscriptionId,
      status: 'ACTIVE',
      postsUsed: 2,
      used: 500,
      orders: children.map((o) => o.id),
    });

    fake.subscriptions.get(upstreamId)!.status = 'Paused';
    await sync();
    expect((await em(t).findOneOrFail(Subscription, subscriptionId)).status).toBe(SubscriptionStatus.PAUSED);
    fake.subscriptions.get(upstreamId)!.status = 'Expired';
    expect(await sync()).toEqual({ sent: 0, posts: 0, ended: 1 });
    expect(await sync()).toEqual({ sent: 0, posts: 0, ended: 0 });
    expect(await em(t).findOneOrFail(Subscription, subscriptionId)).toMatchObject({
      status: SubscriptionStatus.EXPIRED,
      used: 500n,
      refunded: 250n,
      nextCheckAt: null,
    });
    expect(await balance(t, m.id)).toBe(10_000n - 500n);
    expect((await ledgerOf(t, m.id)).filter((e) => e.reference_type === 'subscription')).toEqual([
      { kind: 'ORDER', amount: '-750', reference_type: 'subscription', reference_id: String(subscriptionId) },
      { kind: 'REFUND', amount: '250', reference_type: 'subscription', reference_id: String(subscriptionId) },
    ]);
    await expectCleanWallet(t);
  });

  it('a panel that refuses the subscription: it ends canceled and everything is refunded once', async () => {
    const { m, subscriptionId } = await subscribed('refused.user', 2);
    fake.once('add', { body: { error: 'Incorrect username' } });
    expect(await t.app.get(SubscriptionSync).runOnce()).toEqual({ sent: 0, posts: 0, ended: 1 });
    expect(await em(t).findOneOrFail(Subscription, subscriptionId)).toMatchObject({
      status: SubscriptionStatus.CANCELED,
      refunded: 500n,
      lastError: 'add: Incorrect username',
    });
    expect(await sync()).toEqual({ sent: 0, posts: 0, ended: 0 });
    expect(await balance(t, m.id)).toBe(1000n);
    await expectCleanWallet(t);
  });

  it('a transport failure is tried again later; nothing is sent twice once it took', async () => {
    const { subscriptionId } = await subscribed('retry.user', 1);
    fake.once('add', { status: 502, raw: 'Bad Gateway' });
    expect(await t.app.get(SubscriptionSync).runOnce()).toEqual({ sent: 0, posts: 0, ended: 0 });
    expect((await em(t).findOneOrFail(Subscription, subscriptionId)).providerSubscriptionId).toBeNull();
    t.app.get(Clock).travel(61_000);
    expect((await t.app.get(SubscriptionSync).runOnce()).sent).toBe(1);
    const adds = fake.calls('add').filter((c) => c.params.username === 'retry.user').length;
    await sync();
    expect(fake.calls('add').filter((c) => c.params.username === 'retry.user').length).toBe(adds);
    await expectCleanWallet(t);
  });

  it('an add left unanswered keeps the subscription held: the member cancel waits and nothing comes back, even after a refusal', async () => {
    const { m, subscriptionId } = await subscribed('late.user', 2);
    const cancel = () =>
      t.http.post(`/api/service/subscriptions/${subscriptionId}/cancel`).set('Authorization', `Bearer ${m.token}`);
    // Past the provider's timeout (2 s): the panel may have taken it, the shop heard nothing.
    fake.once('add', { delayMs: 2300 });
    expect(await t.app.get(SubscriptionSync).runOnce()).toEqual({ sent: 0, posts: 0, ended: 0 });
    expect((await em(t).findOneOrFail(Subscription, subscriptionId)).sendingAt).not.toBeNull();
    expect((await cancel().expect(409)).body.message).toBe(MEMBER_CANCEL_MESSAGES.subscriptionSending);
    // A refusal of the next try does not prove the first did not take: still held, still nothing refunded.
    fake.once('add', { body: { error: 'Duplicate username' } });
    t.app.get(Clock).travel(61_000);
    expect(await t.app.get(SubscriptionSync).runOnce()).toEqual({ sent: 0, posts: 0, ended: 0 });
    expect(await em(t).findOneOrFail(Subscription, subscriptionId)).toMatchObject({
      status: SubscriptionStatus.ACTIVE,
      refunded: 0n,
    });
    await cancel().expect(409);
    expect(await balance(t, m.id)).toBe(500n);
    await expectCleanWallet(t);
  });
});
