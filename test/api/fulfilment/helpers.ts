import { MikroORM } from '@mikro-orm/postgresql';
import type { TestApp } from '../../support/test-app.js';
import { TEST_OPERATOR } from '../../support/test-app.js';
import type { FakeProvider } from '../../support/fake-provider.js';
import { createServer, type Server } from '../../../server/src/bootstrap.js';
import { OrderingFacade, OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { Order } from '../../../server/src/modules/ordering/entities.js';
import { OrderDispatch } from '../../../server/src/modules/fulfilment/entities.js';
import { createService, fund } from '../ordering/fixtures.js';

export { createService, fund };

export const admin = async (t: TestApp) => `Bearer ${await t.operatorToken()}`;

/** A provider row pointing at the fake provider, made through the operator API; its id. */
export async function addProvider(
  t: TestApp,
  fake: FakeProvider,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const res = await t.http
    .post('/api/admin/providers')
    .set('Authorization', await admin(t))
    .send({ name: '가짜 공급사', apiUrl: fake.url, apiKey: fake.key, timeoutMs: 2000, ...overrides })
    .expect(201);
  return res.body.id as number;
}

/** A member's orders placed through ordering (the use case behind POST /api/service/order); their ids. */
export async function placeOrders(
  t: TestApp,
  memberId: number,
  serviceId: number,
  count: number,
  amount = 100,
  link = (i: number) => `https://instagram.com/p/${memberId}-${serviceId}-${i}`,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { placed } = await t.app
      .get(OrderingFacade)
      .placeOrder(memberId, { serviceId, link: link(i), amount, runs: 0, interval: 0 });
    ids.push(placed.orderId);
  }
  return ids;
}

/** An order with its dispatch record (fulfilment's table) under the names the order once carried them. */
export type DispatchedOrder = Order & {
  /** The record's status; null: no record yet. */
  dispatchStatus: OrderDispatch['status'] | null;
  providerOrderId: string | null;
  dispatchAttempts: number;
  nextDispatchAt: Date | null;
  lastError: string | null;
  lastSyncedAt: Date | null;
};

/**
 * The orders with their dispatch records. `nextDispatchAt` is when the sender will next take the order:
 * its record's next attempt, or (no record yet) its placement when a provider fulfils it and it is PENDING.
 */
export async function ordersById(t: TestApp, ids: number[]): Promise<Map<number, DispatchedOrder>> {
  const em = t.app.get(MikroORM).em.fork();
  const rows = await em.find(Order, { id: { $in: ids } });
  const records = new Map((await em.find(OrderDispatch, { id: { $in: ids } })).map((d) => [d.id, d]));
  return new Map(
    rows.map((o) => {
      const d = records.get(o.id);
      const due =
        o.status === OrderStatus.PENDING && o.providerId !== null && o.providerServiceId !== null ? o.createdAt : null;
      const dispatch = {
        dispatchStatus: d?.status ?? null,
        providerOrderId: d?.providerOrderId ?? null,
        dispatchAttempts: d?.attempts ?? 0,
        nextDispatchAt: d ? d.nextAttemptAt : due,
        lastError: d?.lastError ?? null,
        lastSyncedAt: d?.lastSyncedAt ?? null,
      };
      return [o.id, Object.assign(o, dispatch)];
    }),
  );
}

/** Another instance of the app on the same database: a second replica with its own pool. */
export function secondServer(t: TestApp): Promise<Server> {
  return createServer({
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: t.server.config.dataDir,
      LOG_LEVEL: 'silent',
      JOBS: 'false',
      DEMO_DATA: 'false',
      ALLOW_PRIVATE_PROVIDER_URLS: 'true',
      JWT_SECRET: t.server.config.jwtSecret,
      ADMIN_ID: TEST_OPERATOR.id,
      ADMIN_PASSWORD: TEST_OPERATOR.password,
    },
  });
}

/** The wallet's invariant, as an operator reads it: every balance equals the sum of its entries. */
export const expectCleanWallet = async (t: TestApp) =>
  expect(
    (
      await t.http
        .get('/api/admin/wallet/invariant')
        .set('Authorization', await admin(t))
        .expect(200)
    ).body,
  ).toEqual({ ok: true, violations: [] });
