import { startTestApp, type TestApp } from '../../support/test-app.js';
import { SUBSCRIPTION_MESSAGES } from '../../../server/src/contracts/index.js';
import { Subscription } from '../../../server/src/modules/ordering/entities.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { balance, createReseller, createService, em, v2 } from '../reseller/fixtures.js';
import { expectCleanWallet } from '../fulfilment/helpers.js';
import { ledgerRows, recordEvidence } from './evidence.js';

/** `old_posts` bounded and priced as posts are; no numeric v2 field reaches a 500. */
describe('API v2 numeric bounds', () => {
  let t: TestApp;
  let sub: Service;
  let plain: Service;

  beforeAll(async () => {
    t = await startTestApp();
    sub = await createService(t, { type: 'Subscriptions', point: '2', min: 10, max: 1000 });
    plain = await createService(t, { point: '2', min: 10, max: 10_000 });
  });
  afterAll(() => t.close());

  const subscription = (key: string, extra: Record<string, unknown>) => ({
    key,
    action: 'add',
    service: sub.id,
    username: 'lee.gram',
    min: 20,
    max: 100,
    posts: 5,
    delay: 60,
    ...extra,
  });

  it('case 4: old_posts beyond 0…1,000 is refused as a v2 error (HTTP 200), and within is priced as posts are', async () => {
    const r = await createReseller(t, 100_000n);
    const huge = await v2(t, subscription(r.apiKey, { old_posts: '2147483648' }));
    const over = await v2(t, subscription(r.apiKey, { old_posts: 1001 }));
    const priced = await v2(t, subscription(r.apiKey, { old_posts: 1000 }));
    recordEvidence('case4-old-posts', {
      huge: { status: huge.status, body: huge.body },
      over: { status: over.status, body: over.body },
      priced: { status: priced.status, body: priced.body },
      rows: await ledgerRows(t, [r.id]),
    });
    expect([huge.status, huge.body]).toEqual([200, { error: SUBSCRIPTION_MESSAGES.oldPosts }]);
    expect([over.status, over.body]).toEqual([200, { error: SUBSCRIPTION_MESSAGES.oldPosts }]);
    expect(priced.status).toBe(200);
    // 2 won × 100 per post × (5 new + 1,000 old posts) = 201,000: more than the balance, refused and nothing charged.
    expect(priced.body).toEqual({ error: '포인트가 부족합니다.' });
    const ok = (await v2(t, subscription(r.apiKey, { old_posts: 3 })).expect(200)).body;
    expect(await em(t).findOneOrFail(Subscription, ok.order)).toMatchObject({ oldPosts: 3, point: 1_600n });
    expect(await balance(t, r.id)).toBe(100_000n - 1_600n);
    await expectCleanWallet(t);
  });

  it('every numeric field of add, status, cancel and refill answers a v2 error, never a 500', async () => {
    const r = await createReseller(t, 10_000n);
    const big = ['2147483648', '99999999999999999999', '-1', '1e3', '0x10', '9'.repeat(400)];
    const plainAdd = {
      key: r.apiKey,
      action: 'add',
      service: plain.id,
      link: 'https://instagram.com/p/x',
      quantity: 100,
    };
    const probes: Record<string, unknown>[] = [];
    for (const value of big) {
      for (const field of ['service', 'quantity', 'runs', 'interval']) probes.push({ ...plainAdd, [field]: value });
      for (const field of ['min', 'max', 'posts', 'old_posts', 'delay'])
        probes.push(subscription(r.apiKey, { [field]: value }));
      for (const action of ['status', 'cancel', 'refill']) {
        probes.push({ key: r.apiKey, action, order: value });
        probes.push({ key: r.apiKey, action, orders: `${value},1` });
      }
      probes.push({ key: r.apiKey, action: 'refill_status', refill: value });
      probes.push({ key: r.apiKey, action: 'refill_status', refills: value });
    }
    for (const probe of probes) {
      for (const as of ['form', 'json'] as const) {
        const res = await v2(t, probe, as);
        if (res.status !== 200) throw new Error(`${JSON.stringify(probe)} (${as}) → HTTP ${res.status} ${res.text}`);
        const body = res.body as unknown;
        const errors = JSON.stringify(body).match(/"error"/g) ?? [];
        // A plain add with a bounded figure may take; every out-of-range figure must be refused.
        if (errors.length === 0) throw new Error(`${JSON.stringify(probe)} (${as}) was taken: ${JSON.stringify(body)}`);
      }
    }
    expect(await balance(t, r.id)).toBe(10_000n);
    await expectCleanWallet(t);
  });
});
