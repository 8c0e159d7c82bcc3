import { startTestApp, type TestApp } from '../../support/test-app.js';
import { Clock } from '../../../server/src/shared/index.js';
import {
  FulfilmentFacade,
  SIMULATED_MAX_DURATION_MS,
  SIMULATED_POST_EVERY_MS,
} from '../../../server/src/modules/fulfilment/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The embedded simulated provider speaks the same API v2 as a real panel, over HTTP, with its own key.
describe('simulated provider (API v2)', () => {
  let t: TestApp;
  let key: string;
  const v2 = (fields: Record<string, string>) =>
    t.http
      .post('/api/simulated-provider/v2')
      .type('form')
      .send({ key, ...fields })
      .expect(200);

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.get(FulfilmentFacade).ensureSimulatedProvider();
    key = readFileSync(join(t.server.config.dataDir, 'simulated-provider-key'), 'utf8').trim();
  });
  afterAll(() => t.close());

  it('refuses a wrong key with an error answer, as panels do (HTTP 200)', async () => {
    const res = await t.http
      .post('/api/simulated-provider/v2')
      .type('form')
      .send({ key: 'nope', action: 'balance' })
      .expect(200);
    expect(res.body).toEqual({ error: 'Invalid API key' });
    expect((await v2({ action: 'fly' })).body).toEqual({ error: 'Incorrect request' });
  });

  it('lists services and a balance; accepts JSON bodies too', async () => {
    const services = (await v2({ action: 'services' })).body;
    expect(services.length).toBeGreaterThan(5);
    expect(services[0]).toMatchObject({ service: '101', rate: '20', min: 1, max: 10000000, category: 'Followers' });
    const json = await t.http.post('/api/simulated-provider/v2').send({ key, action: 'balance' }).expect(200);
    expect(json.body).toEqual({ balance: '10000000.00', currency: 'KRW' });
  });

  it('takes Custom Comments by their lines and a Package without quantity, as panels do', async () => {
    const services = (await v2({ action: 'services' })).body as { service: string; type: string }[];
    const comments = services.find((s) => s.type === 'Custom Comments')!.service;
    const bundle = services.find((s) => s.type === 'Package')!.service;
    expect(
      (await v2({ action: 'add', service: comments, link: 'https://instagram.com/p/c', quantity: '5' })).body,
    ).toEqual({ error: 'Incorrect comments' });
    const c = (
      await v2({
        action: 'add',
        service: comments,
        link: 'https://instagram.com/p/c',
        comments: '좋아요\n\n멋져요\n최고',
      })
    ).body.order;
    expect((await v2({ action: 'status', order: String(c) })).body).toMatchObject({
      status: 'Pending',
      remains: '3',
      charge: '0.060',
    });
    const p = (await v2({ action: 'add', service: bundle, link: 'https://instagram.com/me' })).body.order;
    expect((await v2({ action: 'status', order: String(p) })).body).toMatchObject({
      status: 'Pending',
      remains: '1',
      charge: '20.000',
    });
  });

  it('lists refill true for its followers and subscribers services and refills their finished orders only', async () => {
    const services = (await v2({ action: 'services' })).body as {
      service: string;
      category: string;
      refill: boolean;
      cancel: boolean;
    }[];
    for (const s of services) expect(s.refill).toBe(s.category === 'Followers' || s.category === 'Subscribers');
    expect(services.every((s) => s.cancel)).toBe(true);
    const followers = String(
      (await v2({ action: 'add', service: '102', link: 'https://instagram.com/refill-sim', quantity: '100' })).body
        .order,
    );
    const likes = String(
      (await v2({ action: 'add', service: '202', link: 'https://instagram.com/p/refill-sim', quantity: '100' })).body
        .order,
    );
    // Not finished yet: no refill.
    expect((await v2({ action: 'refill', order: followers })).body).toEqual({
      error: 'Refill is not available for this order',
    });
    t.app.get(Clock).travel(SIMULATED_MAX_DURATION_MS + 60_000);
    expect((await v2({ action: 'refill', order: followers })).body).toEqual({ refill: followers });
    expect((await v2({ action: 'refill_status', refill: followers })).body).toEqual({ status: 'Completed' });
    expect((await v2({ action: 'refill', order: likes })).body).toEqual({
      error: 'Refill is not available for this service',
    });
  });

  it('takes a subscription as panels do and reports a child order per post as time passes, then Completed', async () => {
    const services = (await v2({ action: 'services' })).body as { service: string; type: string }[];
    const auto = services.find((s) => s.type === 'Subscriptions')!.service;
    expect(
      (await v2({ action: 'add', service: auto, username: 'kim', min: '50', max: '10', posts: '2' })).body,
    ).toEqual({ error: 'Incorrect min/max' });
    expect(
      (await v2({ action: 'add', service: auto, username: 'kim', min: '10', max: '50', posts: '2', delay: '7' })).body,
    ).toEqual({ error: 'Incorrect delay' });
    expect(
      (
        await v2({
          action: 'add',
          service: auto,
          username: 'kim',
          min: '10',
          max: '50',
          posts: '2',
          expiry: '2099-01-01',
        })
      ).body,
    ).toEqual({ error: 'Incorrect expiry' });
    const id = String(
      (
        await v2({
          action: 'add',
          service: auto,
          username: 'kim',
          min: '10',
          max: '50',
          posts: '2',
          delay: '5',
          expiry: '31/12/2099',
        })
      ).body.order,
    );
    const status = async () => (await v2({ action: 'status', order: id })).body;
    expect(await status()).toEqual({ status: 'Active', expiry: '2099-12-31', posts: '0', orders: [] });
    t.app.get(Clock).travel(5 * 60_000 + SIMULATED_POST_EVERY_MS);
    const one = await status();
    expect(one).toMatchObject({ status: 'Active', posts: '1', orders: [expect.any(Number)] });
    // The child order is an order like any other.
    expect((await v2({ action: 'status', order: String(one.orders[0]) })).body).toMatchObject({ remains: '50' });
    t.app.get(Clock).travel(SIMULATED_POST_EVERY_MS);
    const done = await status();
    expect(done).toMatchObject({ status: 'Completed', posts: '2' });
    expect(done.orders[0]).toBe(one.orders[0]);
    expect(done.orders).toHaveLength(2);
  });

  it('validates an add like a panel', async () => {
    expect((await v2({ action: 'add', service: '999', link: 'x', quantity: '100' })).body).toEqual({
      error: 'Incorrect service ID',
    });
    expect((await v2({ action: 'add', service: '101', link: 'https://instagram.com/a', quantity: '0' })).body).toEqual({
      error: 'Quantity less than minimal 1',
    });
    expect((await v2({ action: 'add', service: '101', link: '', quantity: '50' })).body).toEqual({
      error: 'Incorrect link',
    });
    expect((await v2({ action: 'add', service: '101', link: 'https://x.test/\u0000', quantity: '50' })).body).toEqual({
      error: 'Incorrect link',
    });
  });

  it('moves an order from Pending through In progress to Completed or Partial as time passes', async () => {
    const clock = t.app.get(Clock);
    const added = await v2({ action: 'add', service: '101', link: 'https://instagram.com/sim', quantity: '1000' });
    const id = String(added.body.order);
    const status = async () => (await v2({ action: 'status', order: id })).body;
    expect(await status()).toMatchObject({ status: 'Pending', remains: '1000', charge: '20.000', currency: 'KRW' });
    const seen = new Set<string>();
    for (let minute = 0; minute < 5; minute++) {
      clock.travel(30_000);
      seen.add((await status()).status);
      clock.travel(30_000);
      seen.add((await status()).status);
    }
    const final = await status();
    expect(seen.has('In progress')).toBe(true);
    expect(['Completed', 'Partial']).toContain(final.status);
    expect(Number(final.remains) > 0).toBe(final.status === 'Partial');
    expect(Number(final.start_count)).toBeGreaterThanOrEqual(100);
  });

  it('charges the whole order while it runs, then only what it delivered: a partial one less', async () => {
    const services = (await v2({ action: 'services' })).body as { service: string; category: string; rate: string }[];
    // One won a follower, so a charge reads as the count it pays for.
    const service = services.find((s) => s.category === 'Followers' && s.rate === '1000')!.service;
    const ids: string[] = [];
    for (let i = 0; i < 25; i++)
      ids.push(
        String(
          (await v2({ action: 'add', service, link: `https://instagram.com/charge-${i}`, quantity: '1000' })).body
            .order,
        ),
      );
    const batch = async () =>
      (await v2({ action: 'status', orders: ids.join(',') })).body as Record<
        string,
        { status: string; remains: string; charge: string }
      >;
    expect(Object.values(await batch()).every((s) => s.charge === '1000.000')).toBe(true);
    t.app.get(Clock).travel(SIMULATED_MAX_DURATION_MS + 60_000);
    const ended = Object.values(await batch());
    // About one in five ends short (the plan is fixed by the order id).
    expect(ended.some((s) => s.status === 'Partial')).toBe(true);
    for (const s of ended) expect(s.charge).toBe(s.status === 'Canceled' ? '0.000' : `${1000 - Number(s.remains)}.000`);
  });

  it('answers orders= batches keyed by id, with errors per unknown id, and refuses more than 100', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        String(
          (await v2({ action: 'add', service: '103', link: `https://tiktok.com/${i}`, quantity: '100' })).body.order,
        ),
      );
    const batch = (await v2({ action: 'status', orders: [...ids, '99999'].join(',') })).body;
    expect(Object.keys(batch).sort()).toEqual([...ids, '99999'].sort());
    expect(batch[ids[0]!]).toMatchObject({ status: 'Pending' });
    expect(batch['99999']).toEqual({ error: 'Incorrect order ID' });
    const many = Array.from({ length: 101 }, (_, i) => String(i + 1)).join(',');
    expect((await v2({ action: 'status', orders: many })).body).toEqual({ error: 'At most 100 orders per request' });
  });

  it('cancels only orders that have not started', async () => {
    const clock = t.app.get(Clock);
    const fresh = String(
      (await v2({ action: 'add', service: '102', link: 'https://instagram.com/p/1', quantity: '50' })).body.order,
    );
    const cancel = (await v2({ action: 'cancel', orders: `${fresh},424242` })).body;
    expect(cancel).toEqual([
      { order: Number(fresh), cancel: 1 },
      { order: 424242, cancel: { error: 'Incorrect order ID' } },
    ]);
    // Canceled: nothing charged, as panels refund it.
    expect((await v2({ action: 'status', order: fresh })).body).toMatchObject({
      status: 'Canceled',
      remains: '50',
      charge: '0.000',
    });
    const running = String(
      (await v2({ action: 'add', service: '102', link: 'https://instagram.com/p/2', quantity: '50' })).body.order,
    );
    clock.travel(60_000);
    expect((await v2({ action: 'cancel', orders: running })).body).toEqual([
      { order: Number(running), cancel: { error: 'Order cannot be canceled' } },
    ]);
  });
});
