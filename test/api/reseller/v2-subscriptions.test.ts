import { startTestApp, type TestApp } from '../../support/test-app.js';
import { SUBSCRIPTION_MESSAGES } from '../../../server/src/contracts/index.js';
import { OrderingFacade, SubscriptionStatus } from '../../../server/src/modules/ordering/index.js';
import { Subscription } from '../../../server/src/modules/ordering/entities.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { balance, createReseller, createService, em, invariantViolations, v2 } from './fixtures.js';

/** API v2 for a Subscriptions service: `add` with the subscription fields, `status` as panels answer for a subscription. */
describe('API v2 subscriptions', () => {
  let t: TestApp;
  let sub: Service;

  beforeAll(async () => {
    t = await startTestApp();
    sub = await createService(t, { type: 'Subscriptions', point: '2', min: 10, max: 1000 });
  });
  afterAll(() => t.close());

  it('add takes username, min, max, posts, old_posts, delay, expiry (d/m/Y); status answers status, expiry, posts and the child orders', async () => {
    const r = await createReseller(t, 10_000n);
    const added = (
      await v2(t, {
        key: r.apiKey,
        action: 'add',
        service: sub.id,
        username: 'lee.gram',
        min: 20,
        max: 100,
        posts: 5,
        old_posts: 2,
        delay: 60,
        expiry: '31/12/2099',
      }).expect(200)
    ).body;
    expect(added).toEqual({ order: expect.any(Number) });
    // Old posts are paid as new ones: 2 won × 100 × (5 + 2).
    expect(await balance(t, r.id)).toBe(10_000n - 1400n);
    expect(await em(t).findOneOrFail(Subscription, added.order)).toMatchObject({
      username: 'lee.gram',
      min: 20,
      max: 100,
      posts: 5,
      oldPosts: 2,
      delay: 60,
      expiry: '2099-12-31',
      point: 1400n,
    });

    // charge and currency like any order's: what the subscription has cost (the prepayment, less any refund).
    expect((await v2(t, { key: r.apiKey, action: 'status', order: added.order }).expect(200)).body).toEqual({
      charge: '1400',
      currency: 'KRW',
      status: 'Active',
      expiry: '2099-12-31',
      posts: '0',
      orders: [],
    });
    await t.app.get(OrderingFacade).recordSubscriptionPost(added.order, 'up-1');
    const one = (await v2(t, { key: r.apiKey, action: 'status', order: added.order }).expect(200)).body;
    expect(one).toEqual({
      charge: '1400',
      currency: 'KRW',
      status: 'Active',
      expiry: '2099-12-31',
      posts: '1',
      orders: [expect.any(Number)],
    });
    // The child order is an order of the reseller's too; ids never collide (one sequence).
    expect(one.orders[0]).not.toBe(added.order);
    const batch = (
      await v2(t, { key: r.apiKey, action: 'status', orders: `${added.order},${one.orders[0]}` }).expect(200)
    ).body;
    expect(batch[String(added.order)]).toMatchObject({ status: 'Active', posts: '1' });
    // No provider behind this service: the child order waits for an operator, as any order would.
    expect(batch[String(one.orders[0])]).toMatchObject({ status: 'Pending', remains: '100', charge: '200' });
    // A published client sends the list in `order`: answered exactly like `orders`.
    const commaList = (
      await v2(t, { key: r.apiKey, action: 'status', order: `${added.order},${one.orders[0]},x` }).expect(200)
    ).body;
    expect(commaList).toEqual({ ...batch, x: { error: 'Incorrect order ID' } });
    expect(Object.keys(commaList)).toEqual([String(added.order), String(one.orders[0]), 'x']);

    await t.app.get(OrderingFacade).endSubscription(added.order, SubscriptionStatus.EXPIRED);
    // Ended: the unused prepayment (800) is refunded, so it has cost 200.
    expect((await v2(t, { key: r.apiKey, action: 'status', order: added.order }).expect(200)).body).toMatchObject({
      charge: '200',
      currency: 'KRW',
      status: 'Expired',
      posts: '1',
    });
    expect(await balance(t, r.id)).toBe(10_000n - 200n);
    // Another reseller's id is an incorrect one.
    const other = await createReseller(t, 0n);
    expect((await v2(t, { key: other.apiKey, action: 'status', order: added.order }).expect(200)).body).toEqual({
      error: expect.any(String),
    });
    expect(await invariantViolations(t)).toEqual([]);
  });

  it('bad subscription fields answer {error} with the Korean reason and change nothing', async () => {
    const r = await createReseller(t, 1000n);
    const base = {
      key: r.apiKey,
      action: 'add',
      service: sub.id,
      username: 'lee.gram',
      min: 20,
      max: 100,
      posts: 5,
      delay: 0,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ username: '' }, SUBSCRIPTION_MESSAGES.usernameRequired],
      [{ min: 5 }, SUBSCRIPTION_MESSAGES.minMax],
      // posts 0 or empty: open-ended, only with an expiry.
      [{ posts: 0 }, SUBSCRIPTION_MESSAGES.openEndedExpiry],
      [{ posts: '' }, SUBSCRIPTION_MESSAGES.openEndedExpiry],
      [{ posts: 0, expiry: '' }, SUBSCRIPTION_MESSAGES.openEndedExpiry],
      [{ posts: 0, old_posts: 2 }, SUBSCRIPTION_MESSAGES.openEndedExpiry],
      [{ posts: -3, expiry: '31/12/2099' }, expect.any(String) as unknown as string],
      [{ posts: 1001, expiry: '31/12/2099' }, SUBSCRIPTION_MESSAGES.posts],
      [{ posts: 0, expiry: '31/02/2099' }, expect.any(String) as unknown as string],
      [{ delay: 45 }, SUBSCRIPTION_MESSAGES.delay],
      [{ posts: 6 }, '포인트가 부족합니다.'],
    ];
    for (const [change, message] of cases)
      expect((await v2(t, { ...base, ...change }).expect(200)).body).toEqual({ error: message });
    expect(await em(t).count(Subscription, { memberId: r.id })).toBe(0);
    expect(await balance(t, r.id)).toBe(1000n);
  });

  it('open-ended (posts 0 or empty, with expiry): only old_posts paid up front, each new post debited as placed; a short balance pauses it (status says why); expiry ends it', async () => {
    const r = await createReseller(t, 1000n);
    const added = (
      await v2(t, {
        key: r.apiKey,
        action: 'add',
        service: sub.id,
        username: 'open.gram',
        min: 20,
        max: 100,
        posts: 0,
        old_posts: 1,
        delay: 0,
        expiry: '31/12/2099',
      }).expect(200)
    ).body;
    expect(added).toEqual({ order: expect.any(Number) });
    // Only the old post's share up front: 2 won × 100.
    expect(await balance(t, r.id)).toBe(800n);
    expect(await em(t).findOneOrFail(Subscription, added.order)).toMatchObject({ posts: 0, oldPosts: 1, point: 200n });
    const status = async () => (await v2(t, { key: r.apiKey, action: 'status', order: added.order }).expect(200)).body;
    expect(await status()).toEqual({
      charge: '200',
      currency: 'KRW',
      status: 'Active',
      expiry: '2099-12-31',
      posts: '0',
      orders: [],
    });
    const subscriptions = t.app.get(OrderingFacade);
    // The old post out of the prepayment, then four new ones at 200 each: 800 covers four.
    for (const post of ['old', 'n1', 'n2', 'n3', 'n4'])
      expect(await subscriptions.recordSubscriptionPost(added.order, post)).toBe(true);
    expect(await balance(t, r.id)).toBe(0n);
    expect(await subscriptions.recordSubscriptionPost(added.order, 'n5')).toBe(false);
    const paused = await status();
    expect(paused).toEqual({
      charge: '1000',
      currency: 'KRW',
      status: 'Paused',
      expiry: '2099-12-31',
      posts: '5',
      orders: [expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)],
      reason: SUBSCRIPTION_MESSAGES.pausedLowBalance,
    });
    const rows = await em(t).execute<{ kind: string; amount: string; reference_type: string; reference_id: string }[]>(
      "select kind, amount, reference_type, reference_id from point_ledger_entry where member_id = ? and kind = 'ORDER' order by id",
      [r.id],
    );
    expect(rows).toEqual([
      { kind: 'ORDER', amount: '-200', reference_type: 'subscription', reference_id: String(added.order) },
      ...paused.orders
        .slice(1)
        .map((id: number) => ({ kind: 'ORDER', amount: '-200', reference_type: 'order', reference_id: String(id) })),
    ]);
    // Expired (the provider's or its own expiry): nothing is refunded, the posts stay paid.
    await subscriptions.endSubscription(added.order, SubscriptionStatus.EXPIRED);
    expect(await status()).toMatchObject({ charge: '1000', status: 'Expired', posts: '5' });
    expect((await status()).reason).toBeUndefined();
    expect(await subscriptions.recordSubscriptionPost(added.order, 'n5')).toBe(false);
    expect(await balance(t, r.id)).toBe(0n);
    expect(await invariantViolations(t)).toEqual([]);

    // Empty posts is open-ended too; with nothing to prepay, an empty wallet may still subscribe.
    const empty = (
      await v2(t, {
        key: r.apiKey,
        action: 'add',
        service: sub.id,
        username: 'open.gram',
        min: 20,
        max: 100,
        posts: '',
        delay: 0,
        expiry: '31/12/2099',
      }).expect(200)
    ).body;
    expect(await em(t).findOneOrFail(Subscription, empty.order)).toMatchObject({ posts: 0, point: 0n });
    expect(await balance(t, r.id)).toBe(0n);
    expect(await invariantViolations(t)).toEqual([]);
  });
});
