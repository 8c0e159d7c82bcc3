import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { DEFAULT_FAKE_SERVICES, FakeProvider, TYPED_FAKE_SERVICES } from '../../support/fake-provider.js';
import { OrderingFacade, OrderStatus, SubscriptionStatus } from '../../../server/src/modules/ordering/index.js';
import { Order, Subscription } from '../../../server/src/modules/ordering/entities.js';
import { OrderSync, SubscriptionSync, SYNC_SPACING_MS } from '../../../server/src/modules/fulfilment/index.js';
import { Clock, Lease } from '../../../server/src/shared/index.js';
import { MEMBER_CANCEL_MESSAGES } from '../../../server/src/contracts/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { addProvider, admin, expectCleanWallet } from './helpers.js';
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

  it('an add the panel turned away unread (HTTP 429) is tried again later; nothing is sent twice once it took', async () => {
    const { subscriptionId } = await subscribed('retry.user', 1);
    fake.once('add', { status: 429, raw: 'Too Many Requests' });
    expect(await t.app.get(SubscriptionSync).runOnce()).toEqual({ sent: 0, posts: 0, ended: 0 });
    expect((await em(t).findOneOrFail(Subscription, subscriptionId)).providerSubscriptionId).toBeNull();
    t.app.get(Clock).travel(61_000);
    expect((await t.app.get(SubscriptionSync).runOnce()).sent).toBe(1);
    const adds = fake.calls('add').filter((c) => c.params.username === 'retry.user').length;
    await sync();
    expect(fake.calls('add').filter((c) => c.params.username === 'retry.user').length).toBe(adds);
    await expectCleanWallet(t);
  });

  /** A subscription whose `add` the fake panel took but answered past the 2 s timeout: held, its upstream id. */
  const heldUnanswered = async (username: string, posts = 2) => {
    const placed = await subscribed(username, posts);
    fake.once('add', { delayMs: 2300 });
    expect(await t.app.get(SubscriptionSync).runOnce()).toEqual({ sent: 0, posts: 0, ended: 0 });
    const upstream = [...fake.subscriptions.values()].find((s) => s.params.username === username)!;
    return { ...placed, upstreamId: upstream.id };
  };
  const addsOf = (username: string) => fake.calls('add').filter((c) => c.params.username === username).length;
  const sql = (query: string, params: unknown[]) => em(t).getConnection().execute(query, params);
  const operator = async (path: string, body: object = {}) =>
    t.http
      .post(path)
      .set('Authorization', await admin(t))
      .send(body);

  it('an add left unanswered is held for an operator: never sent again by itself, the member cancel waits, an alert says so', async () => {
    const { m, subscriptionId } = await heldUnanswered('late.user');
    const cancel = () =>
      t.http.post(`/api/service/subscriptions/${subscriptionId}/cancel`).set('Authorization', `Bearer ${m.token}`);
    const held = await em(t).findOneOrFail(Subscription, subscriptionId);
    expect(held).toMatchObject({ held: true, nextCheckAt: null, providerSubscriptionId: null, refunded: 0n });
    expect(held.lastError).toContain('[확인 필요]');
    expect((await cancel().expect(409)).body.message).toBe(MEMBER_CANCEL_MESSAGES.subscriptionSending);
    // Rounds go by: a second `add` could start a second subscription upstream, so none goes out.
    for (let i = 0; i < 3; i++) {
      t.app.get(Clock).travel(61_000);
      expect(await t.app.get(SubscriptionSync).runOnce()).toEqual({ sent: 0, posts: 0, ended: 0 });
    }
    expect(addsOf('late.user')).toBe(1);
    // A 5xx is no answer either (the panel may have failed after taking it): held the same way.
    const gateway = await subscribed('gateway.user', 1);
    fake.once('add', { status: 502, raw: 'Bad Gateway' });
    await t.app.get(SubscriptionSync).runOnce();
    t.app.get(Clock).travel(61_000);
    await t.app.get(SubscriptionSync).runOnce();
    expect(addsOf('gateway.user')).toBe(1);
    expect(await em(t).findOneOrFail(Subscription, gateway.subscriptionId)).toMatchObject({ held: true });
    expect(
      await sql(`select kind, text from operator_alert where dedupe_key = ?`, [`subscription-check:${subscriptionId}`]),
    ).toEqual([{ kind: 'ORDER_CHECK', text: expect.stringContaining(`구독 #${subscriptionId} 확인 필요`) }]);
    const listed = await t.http
      .get(`/api/admin/subscriptions?filter=${encodeURIComponent(JSON.stringify({ held: true }))}`)
      .set('Authorization', await admin(t))
      .expect(200);
    expect(listed.body.map((r: { id: number }) => r.id)).toContain(subscriptionId);
    expect(listed.body.find((r: { id: number }) => r.id === subscriptionId)).toMatchObject({ held: true });
    await cancel().expect(409);
    expect(await balance(t, m.id)).toBe(500n);
    await expectCleanWallet(t);
  });

  it('the operator links the id found on the panel: followed from then on, its posts become child orders, nothing sent again', async () => {
    const { m, subscriptionId, upstreamId } = await heldUnanswered('linked.user');
    expect(
      (await operator(`/api/admin/subscriptions/${subscriptionId}/resend`, { providerSubscriptionId: 'x y' })).status,
    ).toBe(400);
    const linked = await operator(`/api/admin/subscriptions/${subscriptionId}/resend`, {
      providerSubscriptionId: upstreamId,
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ held: false, providerSubscriptionId: upstreamId, lastError: null });
    // Answered once: a second command finds nothing held.
    expect((await operator(`/api/admin/subscriptions/${subscriptionId}/resend`)).status).toBe(409);
    expect((await operator(`/api/admin/subscriptions/${subscriptionId}/cancel`)).status).toBe(409);
    fake.newPost(upstreamId);
    expect(await sync()).toEqual({ sent: 0, posts: 1, ended: 0 });
    expect(addsOf('linked.user')).toBe(1);
    expect(await balance(t, m.id)).toBe(500n);
    expect(
      await sql(`select action from audit_log where resource = 'subscriptions' and resource_id = ?`, [
        String(subscriptionId),
      ]),
    ).toEqual([{ action: 'link-upstream' }]);
    await expectCleanWallet(t);
  });

  it('the operator resends one the panel does not have: its add goes out once more and it runs', async () => {
    const { subscriptionId } = await heldUnanswered('resent.user');
    fake.subscriptions.clear();
    expect((await operator(`/api/admin/subscriptions/${subscriptionId}/resend`)).body).toMatchObject({ held: false });
    expect(await t.app.get(SubscriptionSync).runOnce()).toMatchObject({ sent: 1 });
    expect(addsOf('resent.user')).toBe(2);
    expect((await em(t).findOneOrFail(Subscription, subscriptionId)).providerSubscriptionId).not.toBeNull();
    await expectCleanWallet(t);
  });

  it('the operator cancels one the panel does not have: the whole prepayment comes back once', async () => {
    const { m, subscriptionId } = await heldUnanswered('dropped.user');
    const canceled = await operator(`/api/admin/subscriptions/${subscriptionId}/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({
      status: 'CANCELED',
      held: false,
      ledgerEntry: { kind: 'REFUND', amount: 500 },
    });
    expect((await operator(`/api/admin/subscriptions/${subscriptionId}/cancel`)).status).toBe(409);
    expect(await balance(t, m.id)).toBe(1000n);
    expect(addsOf('dropped.user')).toBe(1);
    await expectCleanWallet(t);
  });

  it('a round cut off after its add went out (no outcome recorded) is held once its lease runs out, not sent again', async () => {
    const { subscriptionId } = await subscribed('cut.user', 1);
    const subscriptions = t.app.get(OrderingFacade);
    // What a round does before its `add`, and then the process dies.
    expect(await subscriptions.claimSubscription(subscriptionId, Lease.minutes(5))).toBe('claimed');
    t.app.get(Clock).travel(5 * 60_000 + 1000);
    expect(await t.app.get(SubscriptionSync).runOnce()).toEqual({ sent: 0, posts: 0, ended: 0 });
    expect(addsOf('cut.user')).toBe(0);
    expect(await em(t).findOneOrFail(Subscription, subscriptionId)).toMatchObject({ held: true });
    t.app.get(Clock).travel(61_000);
    await t.app.get(SubscriptionSync).runOnce();
    expect(addsOf('cut.user')).toBe(0);
  });
});
