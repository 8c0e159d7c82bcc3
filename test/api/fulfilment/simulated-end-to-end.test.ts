import { seedDemoCatalog } from '../../../server/src/database/demo/index.js';
import { freePort } from '../../../server/src/database/embedded-postgres.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { Clock, toUnits } from '../../../server/src/shared/index.js';
import { CatalogFacade } from '../../../server/src/modules/catalog/index.js';
import { OrderStatus, SubscriptionStatus } from '../../../server/src/modules/ordering/index.js';
import { Subscription } from '../../../server/src/modules/ordering/entities.js';
import {
  OrderSender,
  OrderSync,
  SIMULATED_MAX_DURATION_MS,
  SIMULATED_POST_EVERY_MS,
  SubscriptionSync,
  SYNC_SPACING_MS,
} from '../../../server/src/modules/fulfilment/index.js';
import { Provider } from '../../../server/src/modules/fulfilment/entities.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { fund, ordersById, placeOrders } from './helpers.js';
import { PLATFORM_LINK_HOSTS } from '../../../server/src/contracts/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The demo set-up: the app's own simulated provider, reached over HTTP on loopback, fulfils the demo catalogue.
describe('simulated provider, end to end', () => {
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    // Without the gate opened: the simulated provider is trusted by its own URL.
    t = await startTestApp({ PORT: String(port), ALLOW_PRIVATE_PROVIDER_URLS: 'false' });
    await t.app.listen(port, '127.0.0.1');
    await seedDemoCatalog(t.app);
  });
  afterAll(() => t.close());

  it('configures the simulated provider for every demo service', async () => {
    const providers = await t.app.get(MikroORM).em.fork().find(Provider, {});
    expect(providers).toHaveLength(1);
    expect(providers[0]!.apiUrl).toBe(`http://127.0.0.1:${t.server.config.env.PORT}/api/simulated-provider/v2`);
    const services = await t.app.get(CatalogFacade).listServices({ includeHidden: true });
    expect(services.every((s) => s.providerId === providers[0]!.id && /^\d{3}$/.test(s.providerServiceId ?? ''))).toBe(
      true,
    );
    expect(new Set(services.map((s) => s.providerServiceId)).size).toBeGreaterThan(3);
  });

  it("sells every demo service at least 50 % over its simulated service's rate, of its own kind", async () => {
    const services = await t.app.get(CatalogFacade).listServices({ includeHidden: true });
    const list = (
      await t.http
        .post('/api/simulated-provider/v2')
        .send({
          key: readFileSync(join(t.server.config.dataDir, 'simulated-provider-key'), 'utf8').trim(),
          action: 'services',
        })
        .expect(200)
    ).body as { service: string; category: string; rate: string }[];
    const simulated = new Map(list.map((s) => [s.service, s]));
    for (const s of services) {
      // The rate the seed recorded is the simulated list's (what the price sync and the charges read).
      expect(toUnits(s.providerRate!)).toBe(toUnits(simulated.get(s.providerServiceId!)!.rate));
      // Won per unit (a package: per package) × 1.5 ≤ our price; rates are per 1000.
      const perUnit = s.type === 'Package' ? toUnits(s.providerRate!) * 1000n : toUnits(s.providerRate!);
      expect({ text: s.text, ok: perUnit * 3n <= toUnits(s.point) * 1000n * 2n }).toEqual({ text: s.text, ok: true });
    }
    // Views are views though their category also names comments (인스타그램 조회수·댓글).
    const reels = services.find((s) => s.text === '릴스 조회수 (고속)')!;
    expect(simulated.get(reels.providerServiceId!)!.category).toBe('Views');
  });

  it('moves orders PENDING → PROCESSING → INPROGRESS → COMPLETED, PARTIAL or CANCELED, refunding once', async () => {
    const clock = t.app.get(Clock);
    const member = await createMember(t);
    await fund(t, member.id, 50_000_000n);
    const services = (await t.app.get(CatalogFacade).listServices()).filter((s) => !s.isReadOnly).slice(0, 4);
    const ids: number[] = [];
    for (const service of services) {
      // A link on the service's own platform (order links are checked against it).
      const platform = await t.app.get(CatalogFacade).platformOfCategory(service.categoryId);
      const host = (platform && PLATFORM_LINK_HOSTS[platform]?.hosts[0]) ?? 'example.com';
      ids.push(
        ...(await placeOrders(
          t,
          member.id,
          service.id,
          5,
          service.min * 10,
          (i) => `https://${host}/p/${service.id}-${i}`,
        )),
      );
    }

    expect(await t.app.get(OrderSender).runOnce()).toMatchObject({ sent: ids.length, failed: 0, uncertain: 0 });
    const seen = new Map<number, Set<OrderStatus>>(ids.map((id) => [id, new Set()]));
    for (let elapsed = 0; elapsed <= SIMULATED_MAX_DURATION_MS + 2 * SYNC_SPACING_MS; elapsed += SYNC_SPACING_MS) {
      await t.app.get(OrderSync).runOnce();
      for (const [id, order] of await ordersById(t, ids)) seen.get(id)!.add(order.status);
      clock.travel(SYNC_SPACING_MS);
    }
    const orders = await ordersById(t, ids);
    for (const order of orders.values()) {
      // Nothing delivered ends Canceled (refunded whole), never Partial: as real providers answer.
      expect([OrderStatus.COMPLETED, OrderStatus.PARTIAL, OrderStatus.CANCELED]).toContain(order.status);
      expect(seen.get(order.id)!.has(OrderStatus.INPROGRESS)).toBe(true);
      expect(order.startCount).toBeGreaterThanOrEqual(100);
      if (order.status === OrderStatus.PARTIAL) {
        expect(order.remains).toBeGreaterThan(0);
        expect(order.remains).toBeLessThan(order.amount);
        expect(order.refunded).toBe((order.point * BigInt(order.remains!)) / BigInt(order.amount));
      } else if (order.status === OrderStatus.CANCELED) {
        expect(order.remains).toBe(order.amount);
        expect(order.refunded).toBe(order.point);
      } else expect(order.remains).toBe(0);
    }
    // 20 orders, about one in five ends short.
    expect([...orders.values()].some((o) => o.status === OrderStatus.COMPLETED)).toBe(true);
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
    // They sell at a profit: the simulated charge counts only what was delivered, as the refund does.
    const koreanDay = (at: number) => new Date(at + 9 * 3600_000).toISOString().slice(0, 10);
    const now = clock.now().getTime();
    const report = (
      await t.http
        .get(`/api/admin/reports/profit?from=${koreanDay(now - 86_400_000)}&to=${koreanDay(now)}&by=service`)
        .set('Authorization', `Bearer ${await t.operatorToken()}`)
        .expect(200)
    ).body as { rows: { label: string; revenue: string; cost: string; profit: string; uncosted: number }[] };
    expect(report.rows).toHaveLength(services.length);
    for (const row of report.rows) {
      expect(row.uncosted).toBe(0);
      // At least the seed's 50 % markup on what was kept (revenue is charged minus refunded).
      expect(toUnits(row.cost) * 3n <= toUnits(row.revenue) * 2n).toBe(true);
    }
  });

  it('the demo subscription service: sent to the simulated provider, a child order per post, ended Completed, the money exact', async () => {
    const clock = t.app.get(Clock);
    const member = await createMember(t);
    await fund(t, member.id, 1_000_000n);
    const service = (await t.app.get(CatalogFacade).listServices()).find((s) => s.type === 'Subscriptions')!;
    const placed = await t.http
      .post('/api/service/subscriptions')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ serviceId: service.id, username: 'demo.kim', min: service.min, max: service.min * 2, posts: 2, delay: 0 })
      .expect(201);
    const id = placed.body.subscriptionId as number;
    expect((await t.app.get(SubscriptionSync).runOnce()).sent).toBe(1);
    for (let elapsed = 0; elapsed <= 3 * SIMULATED_POST_EVERY_MS; elapsed += SYNC_SPACING_MS * 4) {
      clock.travel(SYNC_SPACING_MS * 4);
      await t.app.get(SubscriptionSync).runOnce();
    }
    const sub = await t.app.get(MikroORM).em.fork().findOneOrFail(Subscription, id);
    expect(sub).toMatchObject({ status: SubscriptionStatus.COMPLETED, postsUsed: 2, used: sub.point, refunded: 0n });
    // The child orders are followed to their end like any order; a partial one refunds its remains.
    for (let elapsed = 0; elapsed <= SIMULATED_MAX_DURATION_MS + 2 * SYNC_SPACING_MS; elapsed += SYNC_SPACING_MS) {
      await t.app.get(OrderSync).runOnce();
      clock.travel(SYNC_SPACING_MS);
    }
    const history = (
      await t.http.get('/api/service/subscriptions').set('Authorization', `Bearer ${member.token}`).expect(200)
    ).body;
    const children = await ordersById(t, history[0].orders);
    expect(children.size).toBe(2);
    for (const order of children.values()) expect([OrderStatus.COMPLETED, OrderStatus.PARTIAL]).toContain(order.status);
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
  });
});
