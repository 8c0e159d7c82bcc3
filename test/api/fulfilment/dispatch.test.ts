import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import type { Server } from '../../../server/src/bootstrap.js';
import { Clock } from '../../../server/src/shared/index.js';
import { ORDER_ACTION_MESSAGES } from '../../../server/src/contracts/index.js';
import { OrderingFacade, OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { OrderSender, UNCERTAIN_MARK } from '../../../server/src/modules/fulfilment/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { addProvider, admin, createService, fund, ordersById, placeOrders, secondServer } from './helpers.js';

describe('sending orders upstream', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let providerId: number;
  let serviceId: number;
  let memberId: number;
  const send = () => t.app.get(OrderSender).runOnce();
  const answers: string[] = [];
  const operator = async (method: 'get' | 'post' | 'put', path: string, body?: object) => {
    const res = await t.http[method](path)
      .set('Authorization', await admin(t))
      .send(body);
    answers.push(JSON.stringify(res.headers) + res.text);
    return res;
  };

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start();
    providerId = await addProvider(t, fake, { timeoutMs: 1000 });
    serviceId = (await createService(t, { providerId, providerServiceId: '1', point: '3' })).id;
    memberId = (await createMember(t)).id;
    await fund(t, memberId, 10_000_000n);
  });
  afterEach(() => fake.clearScripts());
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  it('places each due order exactly once, even with two replicas sending at once', async () => {
    const ids = await placeOrders(t, memberId, serviceId, 60);
    // Slow answers keep both replicas' batches in flight together.
    fake.on('add', () => ({ delayMs: 15 }));
    const other: Server = await secondServer(t);
    try {
      // Batches of 20 (production claims 200), so 60 orders are more than one runner's first claim.
      const mine = () => t.app.get(OrderSender).runOnce(1000, 20);
      const theirs = () => other.app.get(OrderSender).runOnce(1000, 20);
      const results = await Promise.all([mine(), theirs(), mine(), theirs()]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(60);
      expect(results.filter((r) => r.sent > 0).length).toBeGreaterThan(1);
    } finally {
      await other.close();
    }
    expect(fake.calls('add').length).toBe(60);
    expect(fake.duplicateLinks()).toEqual([]);
    const orders = await ordersById(t, ids);
    const upstream = new Map([...fake.orders.values()].map((o) => [o.link, o]));
    for (const order of orders.values()) {
      expect(order.status).toBe(OrderStatus.PROCESSING);
      expect(order.lastError).toBeNull();
      const placed = upstream.get(order.link)!;
      expect(order.providerOrderId).toBe(placed.id);
      expect(placed).toMatchObject({ service: '1', quantity: 100 });
    }
    expect(fake.calls('add').every((r) => r.keyOk)).toBe(true);
    expect((await send()).sent).toBe(0);
  });

  it('never resends a timed-out add by itself; the operator links the order found upstream or resends', async () => {
    const clock = t.app.get(Clock);
    const [first, second] = await placeOrders(
      t,
      memberId,
      serviceId,
      2,
      100,
      (i) => `https://instagram.com/timeout-${i}`,
    );
    // The provider takes both orders but answers after our 1 s timeout.
    fake.on('add', () => ({ delayMs: 1500 }), 2);
    const stats = await send();
    expect(stats).toMatchObject({ sent: 0, uncertain: 2 });
    fake.clearScripts();
    const addsBefore = fake.calls('add').length;
    let orders = await ordersById(t, [first!, second!]);
    for (const order of orders.values()) {
      expect(order.status).toBe(OrderStatus.PENDING);
      expect(order.dispatchStatus).toBe('UNCERTAIN');
      expect(order.nextDispatchAt).toBeNull();
      expect(order.lastError).toContain(UNCERTAIN_MARK);
      expect(order.lastError).toContain('add: no answer within 1000 ms');
    }
    clock.travel(24 * 3600_000);
    expect(await send()).toEqual({ sent: 0, failed: 0, uncertain: 0 });
    expect(fake.calls('add').length).toBe(addsBefore);

    // Operators find them in the orders list.
    const flagged = await operator(
      'get',
      `/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ needsCheck: true }))}`,
    );
    expect(flagged.body.map((o: { id: number }) => o.id).sort()).toEqual([first, second].sort());

    // The first was placed upstream after all: link it, nothing is sent.
    const upstreamFirst = [...fake.orders.values()].find((o) => o.link === 'https://instagram.com/timeout-0')!;
    const linked = await operator('post', `/api/admin/orders/${first}/resend`, { providerOrderId: upstreamFirst.id });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({
      id: first,
      status: 'PROCESSING',
      dispatchStatus: 'SENT',
      providerOrderId: upstreamFirst.id,
      lastError: null,
    });
    // The operator decides the second must go again: resend places it now.
    const resent = await operator('post', `/api/admin/orders/${second}/resend`, {});
    expect(resent.body).toMatchObject({ id: second, status: 'PROCESSING', lastError: null });
    expect(fake.calls('add').length).toBe(addsBefore + 1);
    orders = await ordersById(t, [first!, second!]);
    expect(orders.get(first!)!.providerOrderId).toBe(upstreamFirst.id);

    // Resending a sent order is refused; both commands are audited.
    expect((await operator('post', `/api/admin/orders/${second}/resend`, {})).status).toBe(409);
    const audit = await operator(
      'get',
      `/api/admin/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'orders' }))}`,
    );
    expect(audit.body.map((a: { action: string; resourceId: string }) => `${a.action}:${a.resourceId}`)).toEqual(
      expect.arrayContaining([`link-upstream:${first}`, `resend:${second}`]),
    );
  });

  it('retries provider errors with exponential backoff, and holds ambiguous failures', async () => {
    const clock = t.app.get(Clock);
    const [id] = await placeOrders(t, memberId, serviceId, 1, 100, () => 'https://instagram.com/backoff');
    fake.on('add', () => ({ body: { error: 'Not enough funds on balance' } }), 2);
    expect(await send()).toMatchObject({ failed: 1, sent: 0 });
    let order = (await ordersById(t, [id!])).get(id!)!;
    expect(order).toMatchObject({
      status: OrderStatus.PENDING,
      dispatchStatus: 'DUE',
      dispatchAttempts: 1,
      lastError: 'add: Not enough funds on balance',
    });
    expect(order.nextDispatchAt!.getTime() - clock.now().getTime()).toBeGreaterThan(25_000);
    expect((await send()).failed).toBe(0);
    clock.travel(31_000);
    expect(await send()).toMatchObject({ failed: 1 });
    order = (await ordersById(t, [id!])).get(id!)!;
    expect(order.dispatchAttempts).toBe(2);
    expect(order.nextDispatchAt!.getTime() - clock.now().getTime()).toBeGreaterThan(55_000);
    clock.travel(61_000);
    expect(await send()).toMatchObject({ sent: 1 });
    expect((await ordersById(t, [id!])).get(id!)!.status).toBe(OrderStatus.PROCESSING);
    expect(fake.calls('add').filter((r) => r.params.link === 'https://instagram.com/backoff').length).toBe(3);

    // A 404 page means nothing was placed (retry); a 502 page might hide a placed order (hold).
    const [notFound, badGateway] = await placeOrders(
      t,
      memberId,
      serviceId,
      2,
      100,
      (i) => `https://instagram.com/html-${i}`,
    );
    fake.on(
      'add',
      (p) =>
        p.link === 'https://instagram.com/html-0'
          ? { status: 404, raw: '<h1>Not Found</h1>' }
          : { status: 502, raw: '<html>Bad gateway</html>' },
      2,
    );
    expect(await send()).toMatchObject({ failed: 1, uncertain: 1 });
    const both = await ordersById(t, [notFound!, badGateway!]);
    expect(both.get(notFound!)!.nextDispatchAt).not.toBeNull();
    expect(both.get(badGateway!)!.nextDispatchAt).toBeNull();
    expect([both.get(notFound!)!.dispatchStatus, both.get(badGateway!)!.dispatchStatus]).toEqual(['DUE', 'UNCERTAIN']);
    expect(both.get(badGateway!)!.lastError).toContain(UNCERTAIN_MARK);
  });

  it('stops sending to a disabled provider and resumes when enabled', async () => {
    const [id] = await placeOrders(t, memberId, serviceId, 1, 100, () => 'https://instagram.com/disabled');
    await operator('put', `/api/admin/providers/${providerId}`, { enabled: false });
    expect(await send()).toEqual({ sent: 0, failed: 0, uncertain: 0 });
    expect(fake.calls('add').some((r) => r.params.link === 'https://instagram.com/disabled')).toBe(false);
    expect((await operator('post', `/api/admin/orders/${id}/resend`, {})).status).toBe(409);
    await operator('put', `/api/admin/providers/${providerId}`, { enabled: true });
    expect((await send()).sent).toBeGreaterThanOrEqual(1);
    expect((await ordersById(t, [id!])).get(id!)!.status).toBe(OrderStatus.PROCESSING);
  });

  it("refuses a member's cancel while the order is being placed: the provider may have it, so it goes on", async () => {
    const [id] = await placeOrders(t, memberId, serviceId, 1, 100, () => 'https://instagram.com/raced');
    let refusal: unknown = null;
    fake.on(
      'add',
      async () => {
        // The member cancels while the request is out.
        refusal = await t.app
          .get(OrderingFacade)
          .cancelOrder(memberId, id!)
          .then(
            () => null,
            (error: unknown) => error,
          );
        return undefined;
      },
      1,
    );
    await send();
    expect((refusal as Error | null)?.message).toBe(ORDER_ACTION_MESSAGES.sending);
    const order = (await ordersById(t, [id!])).get(id!)!;
    expect(order.status).toBe(OrderStatus.PROCESSING);
    const placed = [...fake.orders.values()].find((o) => o.link === 'https://instagram.com/raced')!;
    expect(order.providerOrderId).toBe(String(placed.id));
    expect(fake.calls('cancel')).toEqual([]);
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
  });

  it('leaves orders of services without a provider to operators', async () => {
    const manual = await createService(t, { point: '1' });
    const [id] = await placeOrders(t, memberId, manual.id, 1);
    await send();
    expect((await ordersById(t, [id!])).get(id!)!).toMatchObject({
      status: OrderStatus.PENDING,
      providerId: null,
      nextDispatchAt: null,
    });
    expect((await operator('post', `/api/admin/orders/${id}/resend`, {})).status).toBe(409);
    expect((await operator('post', `/api/admin/orders/${id}/status`, { status: 'PROCESSING' })).status).toBe(200);
  });

  it('never puts a provider key in an answer', () => {
    expect(answers.length).toBeGreaterThan(5);
    for (const answer of answers) expect(answer).not.toContain(fake.key);
  });
});
