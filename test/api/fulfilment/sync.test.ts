import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { Clock } from '../../../server/src/shared/index.js';
import { OrderStatus, type Order } from '../../../server/src/modules/ordering/index.js';
import { OrderSender, OrderSync, SYNC_SPACING_MS } from '../../../server/src/modules/fulfilment/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { ledgerOf } from '../ordering/fixtures.js';
import { addProvider, admin, createService, fund, ordersById, placeOrders, secondServer } from './helpers.js';

describe('status sync', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let providerId: number;
  let serviceId: number;
  const sync = () => t.app.get(OrderSync).runOnce();
  const later = () => t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
  /** Places and sends orders; the provider order id of each. */
  const placed = async (memberId: number, count: number, amount = 100) => {
    const ids = await placeOrders(t, memberId, serviceId, count, amount);
    await t.app.get(OrderSender).runOnce(count);
    const orders = await ordersById(t, ids);
    return ids.map((id) => orders.get(id)!);
  };
  const refundsOf = async (memberId: number) => (await ledgerOf(t, memberId)).filter((e) => e.kind === 'REFUND');

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start();
    providerId = await addProvider(t, fake);
    // 7 won a unit: costs and refunds are easy to check.
    serviceId = (await createService(t, { providerId, providerServiceId: '1', point: '7' })).id;
  });
  afterEach(() => fake.clearScripts());
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  it('syncs hundreds of orders in orders= batches of at most 100 and applies each status', async () => {
    const member = await createMember(t);
    await fund(t, member.id, 10_000_000n);
    const orders = await placed(member.id, 250);
    expect(orders.every((o) => o.status === OrderStatus.PROCESSING)).toBe(true);
    const spellings = ['In progress', 'Inprogress', 'Completed', 'COMPLETED', 'Processing', 'Pending'];
    orders.forEach((o, i) =>
      fake.setOrder(o.providerOrderId!, {
        status: spellings[i % spellings.length]!,
        startCount: String(1000 + i),
        remains: i % 6 === 3 ? '-12' : String(i % 50),
      }),
    );
    const before = fake.calls('status').length;
    const stats = await sync();
    const requests = fake.calls('status').slice(before);
    expect(stats).toMatchObject({ polled: 250, requests: 3, errors: 0 });
    expect(requests.map((r) => r.params.orders!.split(',').length).sort((a, b) => a - b)).toEqual([50, 100, 100]);
    expect(requests.every((r) => r.keyOk && r.params.order === undefined)).toBe(true);
    const after = await ordersById(
      t,
      orders.map((o) => o.id),
    );
    orders.forEach((o, i) => {
      const now = after.get(o.id)!;
      const expected = [
        OrderStatus.INPROGRESS,
        OrderStatus.INPROGRESS,
        OrderStatus.COMPLETED,
        OrderStatus.COMPLETED,
        OrderStatus.PROCESSING,
        OrderStatus.PROCESSING,
      ][i % 6];
      expect(now.status).toBe(expected);
      // An ended order's record is FINISHED (no more polls); a running one's stays SENT.
      expect(now.dispatchStatus).toBe(expected === OrderStatus.COMPLETED ? 'FINISHED' : 'SENT');
      if (expected !== OrderStatus.PROCESSING) expect(now.startCount).toBe(1000 + i);
      if (expected === OrderStatus.COMPLETED) expect(now.remains).toBe(0);
      if (expected === OrderStatus.INPROGRESS) expect(now.remains).toBe(i % 50);
    });
    expect(stats.moved).toBe(orders.filter((_, i) => i % 6 < 4).length);
    // Nothing is asked again before the spacing has passed.
    expect(await sync()).toMatchObject({ polled: 0, requests: 0 });
    later();
    expect((await sync()).polled).toBe(orders.filter((_, i) => i % 6 !== 2 && i % 6 !== 3).length);
  });

  it('refunds PARTIAL and CANCELED exactly once across repeated and concurrent syncs', async () => {
    const member = await createMember(t);
    await fund(t, member.id, 100_000n);
    const [partial, canceled, refunded, over] = await placed(member.id, 4, 100);
    fake.setOrder(partial!.providerOrderId!, { status: 'Partial', remains: '33', startCount: '500' });
    fake.setOrder(canceled!.providerOrderId!, { status: 'Cancelled', remains: '100' });
    fake.setOrder(refunded!.providerOrderId!, { status: 'Refunded', remains: '0' });
    // remains above the amount is clamped to it: the refund never exceeds the cost.
    fake.setOrder(over!.providerOrderId!, { status: 'partial', remains: '5000' });
    const other = await secondServer(t);
    try {
      await Promise.all([sync(), other.app.get(OrderSync).runOnce()]);
      for (let round = 0; round < 3; round++) {
        later();
        other.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
        await Promise.all([sync(), other.app.get(OrderSync).runOnce()]);
      }
    } finally {
      await other.close();
    }
    const after = await ordersById(t, [partial!.id, canceled!.id, refunded!.id, over!.id]);
    expect(after.get(partial!.id)).toMatchObject({
      status: OrderStatus.PARTIAL,
      remains: 33,
      startCount: 500,
      refunded: 231n,
    });
    expect(after.get(canceled!.id)).toMatchObject({ status: OrderStatus.CANCELED, refunded: 700n });
    expect(after.get(refunded!.id)).toMatchObject({ status: OrderStatus.CANCELED, refunded: 700n });
    expect(after.get(over!.id)).toMatchObject({ status: OrderStatus.PARTIAL, remains: 100, refunded: 700n });
    const refunds = await refundsOf(member.id);
    expect(refunds.map((r) => [Number(r.reference_id), Number(r.amount)]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [partial!.id, 231],
      [canceled!.id, 700],
      [refunded!.id, 700],
      [over!.id, 700],
    ]);
    expect(await t.app.get(WalletFacade).balanceOf(member.id)).toBe(100_000n - 2800n + 231n + 2100n);
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
  });

  it('keeps orders as they are when the provider answers errors, and asks again later', async () => {
    const member = await createMember(t);
    await fund(t, member.id, 100_000n);
    const [a, b] = await placed(member.id, 2);
    fake.setOrder(a!.providerOrderId!, { status: 'Completed', remains: '0' });
    fake.setOrder(b!.providerOrderId!, { status: 'Exploded' });
    later();
    // Every status request of this round fails (earlier tests' orders are due too, and batches go out side by side).
    fake.on('status', () => ({ status: 503, raw: '<html><h1>503</h1></html>' }));
    expect(await sync()).toMatchObject({ moved: 0 });
    fake.clearScripts();
    let after = await ordersById(t, [a!.id, b!.id]);
    expect(after.get(a!.id)!.status).toBe(OrderStatus.PROCESSING);
    later();
    fake.on('status', (p) => ({
      body: Object.fromEntries(
        p
          .orders!.split(',')
          .map((id) => [
            id,
            id === a!.providerOrderId ? { status: 'Completed', remains: '0' } : { error: 'Incorrect order ID' },
          ]),
      ),
    }));
    const stats = await sync();
    expect(stats.errors).toBeGreaterThanOrEqual(1);
    after = await ordersById(t, [a!.id, b!.id]);
    expect(after.get(a!.id)!.status).toBe(OrderStatus.COMPLETED);
    expect(after.get(b!.id)!.status).toBe(OrderStatus.PROCESSING);
  });

  it('applies a batch order by order when one of its orders cannot be written: that one alone waits', async () => {
    const member = await createMember(t);
    await fund(t, member.id, 100_000n);
    const [a, refused, c] = await placed(member.id, 3);
    // Earlier tests' orders still followed: what a round counts as errors without this test's.
    later();
    const leftover = (await sync()).errors;
    for (const order of [a!, refused!, c!])
      fake.setOrder(order.providerOrderId!, { status: 'Completed', remains: '0' });
    // The database itself refuses to write one of them (as a constraint or a full disk would).
    const em = t.app.get(MikroORM).em.fork();
    await em.execute(`create function refuse_order_write() returns trigger language plpgsql as $$
      begin if new.id = ${refused!.id} then raise exception 'write refused for the test'; end if; return new; end $$`);
    await em.execute(
      `create trigger refuse_order_write before update on service_order for each row execute function refuse_order_write()`,
    );
    try {
      later();
      const stats = await sync();
      expect(stats.errors).toBe(leftover + 1);
      const after = await ordersById(t, [a!.id, refused!.id, c!.id]);
      expect(after.get(a!.id)!.status).toBe(OrderStatus.COMPLETED);
      expect(after.get(c!.id)!.status).toBe(OrderStatus.COMPLETED);
      expect(after.get(refused!.id)!.status).toBe(OrderStatus.PROCESSING);
      // Told of what moved, nothing of what did not.
      const told = await em.execute<{ dedupe_key: string }[]>(
        `select dedupe_key from delivery where member_id = ? and dedupe_key like 'notice:order:%' order by id`,
        [member.id],
      );
      expect(told.map((r) => r.dedupe_key)).toEqual([
        `notice:order:${a!.id}:COMPLETED`,
        `notice:order:${c!.id}:COMPLETED`,
      ]);
    } finally {
      await em.execute(`drop trigger refuse_order_write on service_order; drop function refuse_order_write()`);
    }
    later();
    await sync();
    expect((await ordersById(t, [refused!.id])).get(refused!.id)!.status).toBe(OrderStatus.COMPLETED);
  });

  it('follows orders of a disabled provider to the end', async () => {
    const member = await createMember(t);
    await fund(t, member.id, 100_000n);
    const [order] = await placed(member.id, 1);
    await t.http
      .put(`/api/admin/providers/${providerId}`)
      .set('Authorization', await admin(t))
      .send({ enabled: false })
      .expect(200);
    fake.setOrder(order!.providerOrderId!, { status: 'Completed', remains: '0' });
    later();
    await sync();
    const after: Order = (await ordersById(t, [order!.id])).get(order!.id)!;
    expect(after.status).toBe(OrderStatus.COMPLETED);
    await t.http
      .put(`/api/admin/providers/${providerId}`)
      .set('Authorization', await admin(t))
      .send({ enabled: true })
      .expect(200);
  });
});
