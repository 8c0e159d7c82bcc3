import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { Clock } from '../../../server/src/shared/index.js';
import { OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { OrderSender, OrderSync, SYNC_SPACING_MS } from '../../../server/src/modules/fulfilment/index.js';
import { OrderDispatch } from '../../../server/src/modules/fulfilment/entities.js';
import { ledgerOf } from '../ordering/fixtures.js';
import { addProvider, admin, createService, expectCleanWallet, fund, ordersById, placeOrders } from './helpers.js';

/** A status answer for `orders=` that gives no charge (as some panels do), from the fake's own orders. */
const statusWithoutCharge = (fake: FakeProvider) => (params: Record<string, string>) => ({
  body: Object.fromEntries(
    (params.orders ?? params.order ?? '').split(',').map((id) => {
      const o = fake.orders.get(id)!;
      return [id, { status: o.status, start_count: o.startCount, remains: o.remains }];
    }),
  ),
});

describe('what an order costs upstream, and failover to backup providers', () => {
  let t: TestApp;
  let primary: FakeProvider;
  let backup: FakeProvider;
  let primaryId: number;
  let backupId: number;
  let memberId: number;
  const send = () => t.app.get(OrderSender).runOnce();
  const sync = async () => {
    t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
    return t.app.get(OrderSync).runOnce();
  };
  const consoleOrder = async (id: number) =>
    (
      await t.http
        .get(`/api/admin/orders/${id}`)
        .set('Authorization', await admin(t))
        .expect(200)
    ).body as { id: number; providerId: number; providerServiceId: string; cost: string | null; status: string };
  const dispatch = (id: number) => t.app.get(MikroORM).em.fork().findOneOrFail(OrderDispatch, { id });

  beforeAll(async () => {
    t = await startTestApp();
    primary = await FakeProvider.start();
    backup = await FakeProvider.start({ key: 'backup-provider-key-0123456789abcd' });
    // The primary prices in dollars at 1,350.5 won; the backup in won.
    primaryId = await addProvider(t, primary, { name: '주 공급사', timeoutMs: 1000, currencyRate: '1350.5' });
    backupId = await addProvider(t, backup, { name: '예비 공급사', timeoutMs: 1000 });
    memberId = (await createMember(t)).id;
    await fund(t, memberId, 10_000_000n);
  });
  afterEach(() => {
    primary.clearScripts();
    backup.clearScripts();
  });
  afterAll(async () => {
    await primary.close();
    await backup.close();
    await t.close();
  });

  it('records the rate known at send as the expected cost; the provider charge replaces it; partials and cancels adjust it', async () => {
    const service = await createService(t, {
      providerId: primaryId,
      providerServiceId: '1',
      point: '3',
      providerRate: '0.35',
    });
    const [completed, partial, canceled] = await placeOrders(t, memberId, service.id, 3, 1234);
    expect(await send()).toEqual({ sent: 3, failed: 0, uncertain: 0 });
    // 0.35 per 1000 × 1234 × 1,350.5 won = 583.28095 → 583.281 (4 decimals, half up), no float anywhere.
    for (const id of [completed, partial, canceled]) {
      expect(await dispatch(id!)).toMatchObject({
        providerId: primaryId,
        providerServiceId: '1',
        expectedCost: '583.2810',
      });
      expect(await consoleOrder(id!)).toMatchObject({ providerId: primaryId, cost: '583.281' });
    }
    // A panel that gives no charge: the expected cost follows the order's end.
    const upstream = (id: number) => [...primary.orders.values()].find((o) => o.link.endsWith(`-${service.id}-${id}`))!;
    primary.setOrder(upstream(0).id, { status: 'Completed', remains: 0 });
    primary.setOrder(upstream(1).id, { status: 'Partial', remains: 617 });
    primary.setOrder(upstream(2).id, { status: 'Canceled', remains: 1234 });
    primary.on('status', statusWithoutCharge(primary));
    await sync();
    const orders = await ordersById(t, [completed!, partial!, canceled!]);
    expect([...orders.values()].map((o) => o.status).sort()).toEqual([
      OrderStatus.CANCELED,
      OrderStatus.COMPLETED,
      OrderStatus.PARTIAL,
    ]);
    expect((await consoleOrder(completed!)).cost).toBe('583.281');
    // 583.281 × 617 / 1234 delivered = 291.6405
    expect((await consoleOrder(partial!)).cost).toBe('291.6405');
    expect((await consoleOrder(canceled!)).cost).toBe('0');
    // A panel that gives its charge (the fake's 0.5 dollars): it replaces the expected cost, in won.
    primary.clearScripts();
    const [charged] = await placeOrders(t, memberId, service.id, 1, 100, () => 'https://instagram.com/p/charged');
    await send();
    await sync();
    expect((await dispatch(charged!)).chargeCost).toBe('675.2500');
    expect((await consoleOrder(charged!)).cost).toBe('675.25');
    await expectCleanWallet(t);
  });

  it('fails over to the next backup provider after a definite refusal; the order names the provider that took it', async () => {
    const service = await createService(t, {
      providerId: primaryId,
      providerServiceId: '11',
      point: '3',
      providerRate: '0.35',
      backupProviders: [
        { providerId: 999_999, serviceId: '5', rate: '1' },
        { providerId: backupId, serviceId: '2', rate: '700' },
      ],
    });
    primary.on('add', () => ({ body: { error: 'Not enough funds on balance' } }));
    const [id] = await placeOrders(t, memberId, service.id, 1, 100, () => 'https://instagram.com/p/failover');
    expect(await send()).toEqual({ sent: 1, failed: 0, uncertain: 0 });
    const tried = (fake: FakeProvider) =>
      fake.calls('add').filter((r) => r.params.link === 'https://instagram.com/p/failover');
    expect(tried(primary)).toHaveLength(1);
    expect(tried(backup)).toHaveLength(1);
    expect(tried(backup)[0]!.params).toMatchObject({
      service: '2',
      link: 'https://instagram.com/p/failover',
      quantity: '100',
    });
    const placed = [...backup.orders.values()].find((o) => o.link === 'https://instagram.com/p/failover')!;
    // The backup's rate (700 won per 1000) × 100 = 70 won.
    expect(await dispatch(id!)).toMatchObject({
      providerId: backupId,
      providerServiceId: '2',
      providerOrderId: placed.id,
      expectedCost: '70.0000',
      lastError: null,
    });
    expect(await consoleOrder(id!)).toMatchObject({
      status: OrderStatus.PROCESSING,
      providerId: backupId,
      providerServiceId: '2',
      cost: '70',
    });
    // The status sync follows the backup.
    backup.setOrder(placed.id, { status: 'Completed', remains: 0 });
    await sync();
    expect((await consoleOrder(id!)).status).toBe(OrderStatus.COMPLETED);
    // The ledger: one debit, no refund; the member paid once for an order placed once.
    const entries = (await ledgerOf(t, memberId)).filter((e) => e.reference_id === String(id));
    expect(entries).toEqual([{ kind: 'ORDER', amount: '-300', reference_type: 'order', reference_id: String(id) }]);
    await expectCleanWallet(t);
  });

  it('never fails over after an uncertain outcome (timeout), so an order is never placed twice', async () => {
    const service = await createService(t, {
      providerId: primaryId,
      providerServiceId: '12',
      point: '3',
      backupProviders: [{ providerId: backupId, serviceId: '2', rate: '700' }],
    });
    primary.on('add', () => ({ delayMs: 1500 }), 1);
    const before = backup.calls('add').length;
    const [id] = await placeOrders(t, memberId, service.id, 1, 100, () => 'https://instagram.com/p/uncertain');
    expect(await send()).toEqual({ sent: 0, failed: 0, uncertain: 1 });
    expect(backup.calls('add').length).toBe(before);
    const record = await dispatch(id!);
    expect(record).toMatchObject({
      providerId: primaryId,
      status: 'UNCERTAIN',
      providerOrderId: null,
      nextAttemptAt: null,
    });
    expect(record.lastError).toContain('[확인 필요]');
  });

  it('when every provider refuses, the order stays PENDING and is retried with backoff from the primary', async () => {
    const service = await createService(t, {
      providerId: primaryId,
      providerServiceId: '13',
      point: '3',
      backupProviders: [{ providerId: backupId, serviceId: '2', rate: '700' }],
    });
    primary.on('add', () => ({ body: { error: 'Service disabled' } }));
    backup.on('add', () => ({ body: { error: 'Link is private' } }));
    const [id] = await placeOrders(t, memberId, service.id, 1, 100, () => 'https://instagram.com/p/refused');
    expect(await send()).toEqual({ sent: 0, failed: 1, uncertain: 0 });
    const record = await dispatch(id!);
    expect(record).toMatchObject({ providerId: primaryId, providerOrderId: null, attempts: 1, expectedCost: null });
    expect(record.lastError).toBe(
      '모든 공급사가 거절했습니다 (주 공급사: add: Service disabled; 예비 공급사: add: Link is private)',
    );
    expect((await consoleOrder(id!)).status).toBe(OrderStatus.PENDING);
  });
});
