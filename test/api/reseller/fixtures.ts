import type { TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { OrderingFacade } from '../../../server/src/modules/ordering/index.js';
import { AutoOrder, IdempotencyKey, Order } from '../../../server/src/modules/ordering/entities.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { balance, em, fund, ledgerOf, tx } from '../ordering/fixtures.js';

export { balance, createService, em, fund } from '../ordering/fixtures.js';

export interface Reseller extends TestMember {
  /** Issued through the member's own `POST /api/auth/api-key`. */
  apiKey: string;
}

/** A member with `points` and an API key issued the way the account page does it. */
export async function createReseller(t: TestApp, points = 0n): Promise<Reseller> {
  const member = await createMember(t);
  if (points > 0n) await fund(t, member.id, points);
  return { ...member, apiKey: await renewKey(t, member) };
}

export async function renewKey(t: TestApp, member: TestMember): Promise<string> {
  const res = await t.http.post('/api/auth/api-key').set('Authorization', `Bearer ${member.token}`).expect(200);
  return res.body.apiKey as string;
}

/** `POST /api/v2` with the fields as a form (as most resellers' tools send them), or as JSON. */
export function v2(t: TestApp, fields: Record<string, unknown>, as: 'form' | 'json' = 'form') {
  const request = t.http.post('/api/v2');
  return as === 'form' ? request.type('form').send(fields as Record<string, string>) : request.send(fields);
}

export const v1 = {
  services: (t: TestApp, key?: string) => withKey(t.http.get('/api/v1/services'), key),
  order: (t: TestApp, key: string | undefined, body: unknown, idempotencyKey?: string) => {
    const request = withKey(t.http.post('/api/v1/order'), key);
    if (idempotencyKey !== undefined) request.set('Idempotency-Key', idempotencyKey);
    return request.send(body as object);
  },
  status: (t: TestApp, key: string | undefined, wId: string | number) =>
    withKey(t.http.get(`/api/v1/status/${wId}`), key),
};

function withKey<R extends { set(name: string, value: string): R }>(request: R, key: string | undefined): R {
  return key === undefined ? request : request.set('api-key', key);
}

/** Moves an order as an upstream provider's report would (walking the transition table). */
export const report = (t: TestApp, orderId: number, status: Parameters<OrderingFacade['applyUpstream']>[2]) =>
  tx(t, (db) => t.app.get(OrderingFacade).applyUpstream(db, orderId, status));

/** Everything an order could have stored for the member: what a refused call must leave untouched. */
export async function footprint(t: TestApp, memberId: number) {
  return {
    orders: await em(t).count(Order, { memberId }),
    autoOrders: await em(t).count(AutoOrder, { memberId }),
    idempotencyKeys: await em(t).count(IdempotencyKey, { memberId }),
    ledger: (await ledgerOf(t, memberId)).length,
    balance: await balance(t, memberId),
  };
}

export const invariantViolations = (t: TestApp) => t.app.get(WalletFacade).invariantViolations();
