import { startTestApp, type TestApp } from '../../support/test-app.js';
import { orderRequestSchema } from '../../../server/src/contracts/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { OrderingFacade, OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { Order } from '../../../server/src/modules/ordering/entities.js';
import { Clock } from '../../../server/src/shared/index.js';
import { createReseller, createService, em, report, v2, type Reseller } from '../reseller/fixtures.js';

const MINUTE = 60_000;

/**
 * 평균 완료 시간: the latest 10 completed orders of typical size (half to twice 1000, or the min/max nearest
 * it), each one's time from order to completion scaled to that size, averaged in whole minutes; null with
 * fewer than 3. Time is the app's Clock, held still and moved by the test.
 */
describe('average completion time (averageTime, v2 average_time)', () => {
  let t: TestApp;
  let clock: Clock;
  let buyer: Reseller;

  beforeAll(async () => {
    t = await startTestApp();
    clock = t.app.get(Clock);
    buyer = await createReseller(t, 100_000_000n);
    // Held still and only ever moved forward (a kept figure is as old as the clock says).
    clock.freeze();
  });
  afterAll(async () => {
    clock.reset();
    await t.close();
  });

  /** Places an order of `amount` now, as the storefront would for the member. */
  const place = async (service: Service, amount: number): Promise<number> => {
    const input = orderRequestSchema.parse({ serviceId: service.id, link: 'https://instagram.com/p/speed', amount });
    return (await t.app.get(OrderingFacade).placeOrder(buyer.id, input)).placed.orderId;
  };
  /** An order of `amount` placed now and completed `minutes` later (the clock ends there). */
  const completedAfter = async (
    service: Service,
    amount: number,
    minutes: number,
    status: OrderStatus = OrderStatus.COMPLETED,
  ) => {
    const id = await place(service, amount);
    clock.travel(minutes * MINUTE);
    await report(t, id, status === OrderStatus.PARTIAL ? { status, remains: 1 } : { status });
    return id;
  };
  /** The services list as a visitor reads it, a minute past any figure kept (the list keeps them a minute). */
  const averageTimeOf = async (service: Service, fresh = true): Promise<number | null> => {
    if (fresh) clock.travel(MINUTE + 1);
    const rows = (await t.http.get('/api/service/services').expect(200)).body as { id: number; averageTime: unknown }[];
    const row = rows.find((r) => r.id === service.id);
    if (!row) throw new Error(`service ${service.id} is not listed`);
    return row.averageTime as number | null;
  };

  it('averages the exact times of completed orders of typical size, per 1000; null without data', async () => {
    const service = await createService(t, { min: 10, max: 10_000 });
    expect(await averageTimeOf(service)).toBeNull();

    await completedAfter(service, 1000, 60); // 60 minutes for 1000
    await completedAfter(service, 2000, 100); // 100 for 2000: 50 for 1000
    expect(await averageTimeOf(service)).toBeNull(); // two typical orders: not enough data
    await completedAfter(service, 500, 20); // 20 for 500: 40 for 1000
    // Not typical size (under half or over twice 1000), or not completed: left out.
    await completedAfter(service, 100, 1);
    await completedAfter(service, 2001, 5);
    await completedAfter(service, 1000, 1, OrderStatus.CANCELED);
    await completedAfter(service, 1000, 1, OrderStatus.PARTIAL);
    await place(service, 1000); // still running
    expect(await averageTimeOf(service)).toBe(50); // (60 + 50 + 40) / 3

    // Times are from order to completion, whatever happened between.
    const stored = await em(t).find(Order, { serviceId: service.id, status: OrderStatus.COMPLETED, amount: 1000 });
    expect(stored.map((o) => (o.completedAt!.getTime() - o.createdAt.getTime()) / MINUTE)).toEqual([60]);
  });

  it('takes only the latest 10 typical completions, rounds to the minute, and is kept a minute', async () => {
    const service = await createService(t, { min: 10, max: 10_000 });
    // The two oldest completions are slow; the ten after them take 30 minutes, one of them 35.
    await completedAfter(service, 1000, 600);
    await completedAfter(service, 1000, 900);
    for (let i = 0; i < 9; i++) await completedAfter(service, 1000, 30);
    await completedAfter(service, 1000, 35);
    expect(await averageTimeOf(service)).toBe(31); // (9 × 30 + 35) / 10 = 30.5, rounded

    // A new completion shows within a minute, not on every read: the list is one grouped read a minute.
    const running = await place(service, 1000);
    clock.travel(130 * MINUTE);
    expect(await averageTimeOf(service, false)).toBe(31);
    await report(t, running, { status: OrderStatus.COMPLETED });
    expect(await averageTimeOf(service, false)).toBe(31);
    expect(await averageTimeOf(service)).toBe(41); // (8 × 30 + 35 + 130) / 10 = 40.5
  });

  it("scales to the service's own size when 1000 is outside its min and max", async () => {
    // Typical size 300 (the max): orders of 150 to 300 count, each scaled to 300.
    const small = await createService(t, { min: 10, max: 300 });
    await completedAfter(small, 300, 30); // 30
    await completedAfter(small, 150, 12); // 24 for 300
    await completedAfter(small, 149, 1); // under half: left out
    expect(await averageTimeOf(small)).toBeNull();
    await completedAfter(small, 200, 20); // 30 for 300
    expect(await averageTimeOf(small)).toBe(28); // (30 + 24 + 30) / 3

    // Typical size 5000 (the min): orders of 5000 to 10000.
    const big = await createService(t, { min: 5000, max: 100_000 });
    await completedAfter(big, 5000, 100);
    await completedAfter(big, 10_000, 100); // 50 for 5000
    await completedAfter(big, 10_001, 1); // over twice: left out
    await completedAfter(big, 7500, 90); // 60 for 5000
    expect(await averageTimeOf(big)).toBe(70);
  });

  it('gives average_time (minutes or null) in API v2 services, beside the published fields', async () => {
    const timed = await createService(t, { min: 10, max: 10_000 });
    const untimed = await createService(t, { min: 10, max: 10_000 });
    for (const minutes of [20, 25, 30]) await completedAfter(timed, 1000, minutes);
    clock.travel(MINUTE + 1);
    const rows = (await v2(t, { key: buyer.apiKey, action: 'services' }).expect(200)).body as Record<string, unknown>[];
    const row = (s: Service) => rows.find((r) => r.service === s.id);
    expect(row(timed)).toEqual({
      service: timed.id,
      name: timed.text,
      type: 'Default',
      category: expect.any(String),
      rate: '2500',
      min: '10',
      max: '10000',
      refill: false,
      cancel: false,
      dripfeed: true,
      average_time: 25,
    });
    expect(row(untimed)).toMatchObject({ service: untimed.id, average_time: null });
    // The published document describes it, so generated clients know the field.
    const doc = (await t.http.get('/api/openapi.json').expect(200)).body;
    expect(doc.components.schemas.v2_services_answer.items.properties.average_time).toMatchObject({
      anyOf: [expect.objectContaining({ type: 'integer' }), { type: 'null' }],
    });
  });
});
