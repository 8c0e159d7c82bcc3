import { startTestApp, type TestApp } from '../../support/test-app.js';
import { AutoOrder, Order } from '../../../server/src/modules/ordering/entities.js';
// The fast path's hand-written row is ordering's own detail; this test is what keeps it equal to the entity.
import {
  insertOrders,
  ORDER_COLUMNS,
  orderRowValues,
} from '../../../server/src/modules/ordering/application/order-row.js';
import { createService, em, tx } from './fixtures.js';
import { createMember } from '../../support/members.js';

describe("the single order's hand-written row", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const persistedProps = () =>
    em(t)
      .getMetadata()
      .get(Order)
      .props.filter((p) => p.persist !== false && !p.primary && (p.fieldNames?.length ?? 0) > 0);

  it('names every column MikroORM persists for Order, once (a new column must be added there)', () => {
    const columns = persistedProps().flatMap((p) => p.fieldNames);
    expect([...ORDER_COLUMNS].sort()).toEqual([...columns].sort());
    expect(new Set(ORDER_COLUMNS).size).toBe(ORDER_COLUMNS.length);
  });

  it('writes each value as MikroORM would, for an order with every column set', () => {
    const now = new Date('2026-11-24T01:02:03.456Z');
    const auto = AutoOrder.place({
      memberId: 7,
      serviceId: 3,
      link: 'https://instagram.com/p/x',
      amount: 100,
      runs: 4,
      interval: 60,
      point: 1_000n,
      now,
    });
    auto.id = 41;
    const order = Order.startRunOf(auto, { id: 3, providerId: 5, providerServiceId: '77' }, now);
    Object.assign(order, {
      startCount: 12,
      remains: 30,
      refunded: 9n,
      serviceType: 'Custom Comments',
      comments: '하나\n둘',
      cancelRequestedAt: new Date(now.getTime() + 2),
      cancelForwardedAt: new Date(now.getTime() + 3),
      cancelRefusal: 'refused',
      completedAt: new Date(now.getTime() + 4),
    });
    const prepared = em(t).getComparator().prepareEntity(order) as Record<string, unknown>;
    const byColumn = new Map(persistedProps().map((p) => [p.fieldNames[0], prepared[p.name]]));
    const values = orderRowValues(order);
    ORDER_COLUMNS.forEach((column, i) => expect([column, values[i]]).toEqual([column, byColumn.get(column)]));
    expect(values.filter((v) => v === null || v === undefined)).toEqual([]);
  });

  it('inserts a batch of runs (insertOrders) as the ORM would have inserted them', async () => {
    const member = await createMember(t);
    const service = await createService(t, { providerId: 5, providerServiceId: '77' });
    const now = new Date('2026-11-24T01:02:03.456Z');
    const runOf = async () => {
      const auto = AutoOrder.place({
        memberId: member.id,
        serviceId: service.id,
        link: 'https://instagram.com/p/runs',
        amount: 100,
        runs: 4,
        interval: 60,
        point: 1_000n,
        now,
      });
      await em(t).persist(auto).flush();
      const order = Order.startRunOf(
        auto,
        { id: service.id, providerId: 5, providerServiceId: '77', type: 'Custom Comments' },
        now,
      );
      Object.assign(order, {
        startCount: 12,
        remains: 30,
        refunded: 9n,
        comments: '하나\n둘',
        cancelRequestedAt: new Date(now.getTime() + 2),
        cancelForwardedAt: new Date(now.getTime() + 3),
        cancelRefusal: 'refused',
      });
      return order;
    };
    const [byOrm, byHand] = [await runOf(), await runOf()];
    await em(t).persist(byOrm).flush();
    await tx(t, (db) => insertOrders(db, [byHand]));
    const rows = (await em(t).execute(`select * from service_order where auto_order_id in (?) order by auto_order_id`, [
      [byOrm.autoOrderId, byHand.autoOrderId],
    ])) as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    const strip = ({ id: _id, auto_order_id: _auto, ...rest }: Record<string, unknown>) => rest;
    expect(strip(rows[1]!)).toEqual(strip(rows[0]!));
  });
});
