import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { ORDER_MESSAGES, SUBSCRIPTION_MESSAGES } from '../../../server/src/contracts/index.js';
import { OrderingFacade, SubscriptionStatus } from '../../../server/src/modules/ordering/index.js';
import { Order, Subscription } from '../../../server/src/modules/ordering/entities.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { admin, expectCleanWallet } from '../fulfilment/helpers.js';
import { balance, createService, em, fund, ledgerOf } from './fixtures.js';

/** Subscriptions (자동 좋아요) from the storefront: paid up front for max × posts, child orders out of it, the unused part refunded once. */
describe('subscriptions', () => {
  let t: TestApp;
  let sub: Service;
  let plain: Service;

  beforeAll(async () => {
    t = await startTestApp();
    sub = await createService(t, { type: 'Subscriptions', point: '2.5', min: 10, max: 1000 });
    plain = await createService(t, {});
  });
  afterAll(() => t.close());

  const place = (token: string, body: Record<string, unknown>) =>
    t.http.post('/api/service/subscriptions').set('Authorization', `Bearer ${token}`).send(body);
  const good = () => ({ serviceId: sub.id, username: 'kim.insta', min: 50, max: 100, posts: 4, delay: 30, expiry: '' });
  it('placed and paid up front (max × posts × price) with one ORDER entry; posts become child orders; a cancel refunds the unused part once', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const placed = (await place(m.token, good()).expect(201)).body;
    expect(placed).toMatchObject({ serviceId: sub.id, username: 'kim.insta', point: 1000 });
    expect(await balance(t, m.id)).toBe(9000n);

    // Two posts reported (one twice): two child orders, each 250 won out of the prepayment, no new debit.
    const subscriptions = t.app.get(OrderingFacade);
    expect(await subscriptions.recordSubscriptionPost(placed.subscriptionId, 'p-1')).toBe(true);
    expect(await subscriptions.recordSubscriptionPost(placed.subscriptionId, 'p-1')).toBe(false);
    expect(await subscriptions.recordSubscriptionPost(placed.subscriptionId, 'p-2')).toBe(true);
    const list = (await t.http.get('/api/service/subscriptions').set('Authorization', `Bearer ${m.token}`).expect(200))
      .body;
    expect(list).toEqual([
      expect.objectContaining({
        id: placed.subscriptionId,
        status: 'ACTIVE',
        statusLabel: '진행중',
        postsUsed: 2,
        used: 500,
        refunded: 0,
        orders: [expect.any(Number), expect.any(Number)],
      }),
    ]);
    const children = await em(t).find(Order, { id: { $in: list[0].orders } });
    expect(
      children.map((o) => ({ point: o.point, amount: o.amount, link: o.link, serviceType: o.serviceType })),
    ).toEqual([
      { point: 250n, amount: 100, link: 'kim.insta', serviceType: 'Subscriptions' },
      { point: 250n, amount: 100, link: 'kim.insta', serviceType: 'Subscriptions' },
    ]);
    expect(await balance(t, m.id)).toBe(9000n);

    const canceled = (
      await t.http
        .post(`/api/service/subscriptions/${placed.subscriptionId}/cancel`)
        .set('Authorization', `Bearer ${m.token}`)
        .expect(200)
    ).body;
    expect(canceled).toMatchObject({ status: 'CANCELED', statusLabel: '취소', refunded: 500 });
    expect(
      (
        await t.http
          .post(`/api/service/subscriptions/${placed.subscriptionId}/cancel`)
          .set('Authorization', `Bearer ${m.token}`)
          .expect(409)
      ).body.message,
    ).toBe('이미 취소된 구독입니다.');
    // A late report after the end changes nothing and records no post.
    await subscriptions.endSubscription(placed.subscriptionId, SubscriptionStatus.COMPLETED);
    expect(await subscriptions.recordSubscriptionPost(placed.subscriptionId, 'p-3')).toBe(false);
    expect(await balance(t, m.id)).toBe(9500n);
    expect((await ledgerOf(t, m.id)).filter((e) => e.reference_type === 'subscription')).toEqual([
      { kind: 'ORDER', amount: '-1000', reference_type: 'subscription', reference_id: String(placed.subscriptionId) },
      { kind: 'REFUND', amount: '500', reference_type: 'subscription', reference_id: String(placed.subscriptionId) },
    ]);
    await expectCleanWallet(t);
  });

  it('the last posts never cost more than was paid; when every post is used nothing is refunded', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const placed = (await place(m.token, { ...good(), posts: 2 }).expect(201)).body;
    const subscriptions = t.app.get(OrderingFacade);
    for (const id of ['a', 'b', 'c']) await subscriptions.recordSubscriptionPost(placed.subscriptionId, id);
    const row = await em(t).findOneOrFail(Subscription, placed.subscriptionId);
    expect(row).toMatchObject({ postsUsed: 2, used: 500n });
    await subscriptions.endSubscription(placed.subscriptionId, SubscriptionStatus.COMPLETED);
    await subscriptions.endSubscription(placed.subscriptionId, SubscriptionStatus.COMPLETED);
    expect(await em(t).findOneOrFail(Subscription, placed.subscriptionId)).toMatchObject({
      status: SubscriptionStatus.COMPLETED,
      refunded: 0n,
    });
    expect((await ledgerOf(t, m.id)).filter((e) => e.kind === 'REFUND')).toEqual([]);
    expect(await balance(t, m.id)).toBe(9500n);
    await expectCleanWallet(t);
  });

  it('bad input gets the shared Korean reason and changes nothing', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 1000n);
    const cases: [Record<string, unknown>, string][] = [
      [{ username: '' }, SUBSCRIPTION_MESSAGES.usernameRequired],
      [{ min: 5 }, SUBSCRIPTION_MESSAGES.minMax],
      [{ min: 200, max: 100 }, SUBSCRIPTION_MESSAGES.minMax],
      // posts 0 (or empty) is open-ended: only with an expiry.
      [{ posts: 0 }, SUBSCRIPTION_MESSAGES.openEndedExpiry],
      [{ posts: '' }, SUBSCRIPTION_MESSAGES.openEndedExpiry],
      [{ posts: 0, expiry: null }, SUBSCRIPTION_MESSAGES.openEndedExpiry],
      [{ posts: -1 }, SUBSCRIPTION_MESSAGES.posts],
      [{ posts: 1001 }, SUBSCRIPTION_MESSAGES.posts],
      [{ posts: 0, expiry: '2020-01-01' }, SUBSCRIPTION_MESSAGES.expiry],
      [{ posts: 'many' }, SUBSCRIPTION_MESSAGES.posts],
      [{ delay: 7 }, SUBSCRIPTION_MESSAGES.delay],
      [{ expiry: '2020-01-01' }, SUBSCRIPTION_MESSAGES.expiry],
      [{ expiry: 12 }, SUBSCRIPTION_MESSAGES.expiry],
      [{ serviceId: plain.id }, SUBSCRIPTION_MESSAGES.notSubscription],
      [{ serviceId: 999_999 }, ORDER_MESSAGES.serviceRequired],
      // 4 posts × 100 × 2.5 = 1000 won is affordable; 5 posts are not.
      [{ posts: 5 }, '포인트가 부족합니다.'],
    ];
    for (const [change, message] of cases)
      expect((await place(m.token, { ...good(), ...change }).expect(400)).body.message).toBe(message);
    expect(await em(t).count(Subscription, { memberId: m.id })).toBe(0);
    expect(await balance(t, m.id)).toBe(1000n);
    await place(m.token, good()).expect(201);
    expect(await balance(t, m.id)).toBe(0n);
    // Another member cannot see or cancel it.
    const other = await createMember(t);
    const mine = (await t.http.get('/api/service/subscriptions').set('Authorization', `Bearer ${m.token}`).expect(200))
      .body[0].id;
    expect(
      (await t.http.get('/api/service/subscriptions').set('Authorization', `Bearer ${other.token}`).expect(200)).body,
    ).toEqual([]);
    expect(
      (
        await t.http
          .post(`/api/service/subscriptions/${mine}/cancel`)
          .set('Authorization', `Bearer ${other.token}`)
          .expect(404)
      ).body.message,
    ).toBe(SUBSCRIPTION_MESSAGES.notFound);
    await t.http.get('/api/service/subscriptions').expect(401);
    await expectCleanWallet(t);
  });

  it('the storefront order form still refuses a Subscriptions service', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 1000n);
    const res = await t.http
      .post('/api/service/order')
      .set('Authorization', `Bearer ${m.token}`)
      .send({ serviceId: sub.id, link: 'https://instagram.com/x', amount: 100 })
      .expect(400);
    expect(res.body.message).toBe(ORDER_MESSAGES.subscriptionForm);
  });

  it('every money movement once under races: concurrent cancels and concurrent reports of the same post', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const { subscriptionId } = (await place(m.token, good()).expect(201)).body;
    const subscriptions = t.app.get(OrderingFacade);
    const recorded = await Promise.all(
      [1, 2, 3].map(() => subscriptions.recordSubscriptionPost(subscriptionId, 'same-post')),
    );
    expect(recorded.filter(Boolean)).toHaveLength(1);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        t.http.post(`/api/service/subscriptions/${subscriptionId}/cancel`).set('Authorization', `Bearer ${m.token}`),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    await Promise.all([
      subscriptions.endSubscription(subscriptionId, SubscriptionStatus.EXPIRED),
      subscriptions.endSubscription(subscriptionId, SubscriptionStatus.COMPLETED),
    ]);
    expect(
      (await ledgerOf(t, m.id)).filter((e) => e.reference_type === 'subscription').map((e) => [e.kind, e.amount]),
    ).toEqual([
      ['ORDER', '-1000'],
      ['REFUND', '750'],
    ]);
    expect(await balance(t, m.id)).toBe(9750n);
    await expectCleanWallet(t);
  });

  it('console: the subscriptions list with filters, one subscription with its child orders; operators only', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const { subscriptionId } = (await place(m.token, good()).expect(201)).body;
    await t.app.get(OrderingFacade).recordSubscriptionPost(subscriptionId, 'console-post');
    const list = await t.http
      .get('/api/admin/subscriptions')
      .query({ filter: JSON.stringify({ memberId: m.id, open: true }) })
      .set('Authorization', await admin(t))
      .expect(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: subscriptionId,
        username: 'kim.insta',
        status: 'ACTIVE',
        point: 1000,
        used: 250,
        postsUsed: 1,
      }),
    ]);
    expect(list.headers['content-range']).toBe('subscriptions 0-0/1');
    const one = await t.http
      .get(`/api/admin/subscriptions/${subscriptionId}`)
      .set('Authorization', await admin(t))
      .expect(200);
    expect(one.body).toMatchObject({ id: subscriptionId, orders: [expect.any(Number)] });
    await t.http
      .get('/api/admin/subscriptions/999999')
      .set('Authorization', await admin(t))
      .expect(404);
    await t.http.get('/api/admin/subscriptions').set('Authorization', `Bearer ${m.token}`).expect(401);
  });

  it('one no provider follows ends EXPIRED the day after its expiry, the unused part refunded once', async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const clock = t.app.get(Clock);
    const tomorrow = new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const { subscriptionId } = (await place(m.token, { ...good(), expiry: tomorrow }).expect(201)).body;
    await t.app.get(OrderingFacade).recordSubscriptionPost(subscriptionId, 'before-expiry');
    expect(await t.app.get(OrderingFacade).expireSubscriptions()).toBe(0);
    clock.travel(2 * 86_400_000 + 1000);
    expect(await t.app.get(OrderingFacade).expireSubscriptions()).toBe(1);
    expect(await t.app.get(OrderingFacade).expireSubscriptions()).toBe(0);
    expect(await em(t).findOneOrFail(Subscription, subscriptionId)).toMatchObject({
      status: SubscriptionStatus.EXPIRED,
      used: 250n,
      refunded: 750n,
    });
    expect(await balance(t, m.id)).toBe(9750n);
    await expectCleanWallet(t);
  });

  describe('open-ended (posts = 0 until its expiry)', () => {
    const tomorrow = () => new Date(t.app.get(Clock).now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const openEnded = () => ({ ...good(), posts: 0, expiry: tomorrow() });
    const orderRows = async (memberId: number) =>
      (await ledgerOf(t, memberId)).filter((e) => e.reference_type !== 'test' && e.kind !== 'CHARGE');

    it('nothing up front; each post debited when placed (one ORDER row per child order); a short balance pauses it with the Korean reason and places nothing; a paid post resumes it; a cancel refunds nothing', async () => {
      const m = await createMember(t);
      await fund(t, m.id, 600n);
      const before = await ledgerOf(t, m.id);
      const placed = (await place(m.token, openEnded()).expect(201)).body;
      expect(placed).toMatchObject({ serviceId: sub.id, point: 0 });
      expect(await balance(t, m.id)).toBe(600n);
      expect(await ledgerOf(t, m.id)).toEqual(before);

      const subscriptions = t.app.get(OrderingFacade);
      const id = placed.subscriptionId as number;
      // 2.5 won × 100 per post.
      expect(await subscriptions.recordSubscriptionPost(id, 'o-1')).toBe(true);
      expect(await subscriptions.recordSubscriptionPost(id, 'o-1')).toBe(false);
      expect(await subscriptions.recordSubscriptionPost(id, 'o-2')).toBe(true);
      expect(await balance(t, m.id)).toBe(100n);
      // The third post: 100 won left, 250 due: paused, not placed, no money moved.
      expect(await subscriptions.recordSubscriptionPost(id, 'o-3')).toBe(false);
      expect(await balance(t, m.id)).toBe(100n);
      const mine = async () =>
        (await t.http.get('/api/service/subscriptions').set('Authorization', `Bearer ${m.token}`).expect(200)).body[0];
      expect(await mine()).toMatchObject({
        id,
        posts: 0,
        status: 'PAUSED',
        statusLabel: '일시정지',
        pauseReason: SUBSCRIPTION_MESSAGES.pausedLowBalance,
        postsUsed: 2,
        point: 0,
        used: 0,
        debited: 500,
        orders: [expect.any(Number), expect.any(Number)],
      });
      // The console shows the reason too; a provider's "Active" does not lift it.
      expect(
        (
          await t.http
            .get(`/api/admin/subscriptions/${id}`)
            .set('Authorization', await admin(t))
            .expect(200)
        ).body,
      ).toMatchObject({ status: 'PAUSED', pauseReason: SUBSCRIPTION_MESSAGES.pausedLowBalance });
      await subscriptions.setSubscriptionRunning(id, SubscriptionStatus.ACTIVE);
      expect(await em(t).findOneOrFail(Subscription, id)).toMatchObject({ status: SubscriptionStatus.PAUSED });

      // Charged again: the post reported again is paid and the subscription runs again.
      await fund(t, m.id, 400n);
      expect(await subscriptions.recordSubscriptionPost(id, 'o-3')).toBe(true);
      const resumed = await mine();
      expect(resumed).toMatchObject({ status: 'ACTIVE', pauseReason: null, postsUsed: 3, debited: 750 });
      expect(await balance(t, m.id)).toBe(250n);
      const children = await em(t).find(Order, { id: { $in: resumed.orders } }, { orderBy: { id: 'ASC' } });
      expect(children.map((o) => o.point)).toEqual([250n, 250n, 250n]);
      expect((await orderRows(m.id)).filter((e) => e.kind === 'ORDER')).toEqual(
        children.map((o) => ({ kind: 'ORDER', amount: '-250', reference_type: 'order', reference_id: String(o.id) })),
      );

      // A cancel refunds nothing (nothing was prepaid); the ledger keeps exactly the three posts.
      const canceled = (
        await t.http
          .post(`/api/service/subscriptions/${id}/cancel`)
          .set('Authorization', `Bearer ${m.token}`)
          .expect(200)
      ).body;
      expect(canceled).toMatchObject({ status: 'CANCELED', refunded: 0, debited: 750 });
      expect(await subscriptions.recordSubscriptionPost(id, 'o-4')).toBe(false);
      expect((await ledgerOf(t, m.id)).filter((e) => e.kind === 'REFUND')).toEqual([]);
      expect(await balance(t, m.id)).toBe(250n);
      await expectCleanWallet(t);
    });

    it('a member with an open point debt is refused (nothing placed); a running one pauses with the debt reason', async () => {
      const m = await createMember(t);
      await fund(t, m.id, 1000n);
      const running = (await place(m.token, openEnded()).expect(201)).body.subscriptionId as number;
      await em(t).execute(
        `insert into point_debt (member_id, amount, collected, written_off, reference_type, reference_id, memo, created_at)
           values (?, 300, 0, 0, 'test', ?, 'test debt', now())`,
        [m.id, `debt-${m.id}`],
      );
      const refused = await place(m.token, openEnded()).expect(409);
      expect(refused.body.message).toContain('회수하지 못한 포인트 300원');
      expect(await em(t).count(Subscription, { memberId: m.id })).toBe(1);
      expect(await t.app.get(OrderingFacade).recordSubscriptionPost(running, 'd-1')).toBe(false);
      expect(await em(t).findOneOrFail(Subscription, running)).toMatchObject({
        status: SubscriptionStatus.PAUSED,
        pauseReason: SUBSCRIPTION_MESSAGES.pausedDebt,
        postsUsed: 0,
      });
      expect(await balance(t, m.id)).toBe(1000n);
      await expectCleanWallet(t);
    });

    it('one no provider follows ends EXPIRED after its expiry, refunding nothing; no post is taken after', async () => {
      const m = await createMember(t);
      await fund(t, m.id, 1000n);
      const id = (await place(m.token, openEnded()).expect(201)).body.subscriptionId as number;
      await t.app.get(OrderingFacade).recordSubscriptionPost(id, 'e-1');
      t.app.get(Clock).travel(2 * 86_400_000 + 1000);
      expect(await t.app.get(OrderingFacade).expireSubscriptions()).toBeGreaterThanOrEqual(1);
      expect(await em(t).findOneOrFail(Subscription, id)).toMatchObject({
        status: SubscriptionStatus.EXPIRED,
        postsUsed: 1,
        debited: 250n,
        refunded: 0n,
      });
      expect(await t.app.get(OrderingFacade).recordSubscriptionPost(id, 'e-2')).toBe(false);
      expect(await balance(t, m.id)).toBe(750n);
      expect((await ledgerOf(t, m.id)).filter((e) => e.kind === 'REFUND')).toEqual([]);
      await expectCleanWallet(t);
    });
  });
});
