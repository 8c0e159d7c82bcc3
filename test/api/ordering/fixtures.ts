import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { TestApp } from '../../support/test-app.js';
import type { TestMember } from '../../support/members.js';
import { type ServiceProps } from '../../../server/src/modules/catalog/index.js';
import { Category, Platform, Service } from '../../../server/src/modules/catalog/entities.js';
import { LedgerKind, WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { OrderDispatch } from '../../../server/src/modules/fulfilment/entities.js';

let seq = 0;

export const em = (t: TestApp): EntityManager => t.app.get(MikroORM).em.fork();
export const tx = <T>(t: TestApp, work: (em: EntityManager) => Promise<T>): Promise<T> => em(t).transactional(work);

/** Fulfilment's dispatch record of an order (provider order id, attempts, last error, last sync), or null before its first claim. */
export const dispatchOf = (t: TestApp, orderId: number): Promise<OrderDispatch | null> =>
  em(t).findOne(OrderDispatch, { id: orderId });

/** The provider's order id for an order fulfilment placed upstream. */
export async function providerOrderIdOf(t: TestApp, orderId: number): Promise<string | null> {
  return (await dispatchOf(t, orderId))?.providerOrderId ?? null;
}

/** A service in a fresh category (fixture rows, as an operator would have made them). */
export async function createService(t: TestApp, props: Partial<ServiceProps> = {}): Promise<Service> {
  const db = em(t);
  if (!(await db.findOne(Platform, 'instagram'))) db.persist(new Platform({ id: 'instagram', text: '인스타그램' }));
  const category = new Category({ platform: 'instagram', text: `카테고리 ${++seq}` });
  await db.persist(category).flush();
  const service = new Service({
    text: `🇰🇷 한국인 좋아요 ${seq}`,
    point: '2.5',
    min: 10,
    max: 10_000,
    notice: '',
    categoryId: category.id,
    isReadOnly: false,
    enableAuto: true,
    visible: true,
    sortOrder: 0,
    providerId: null,
    providerServiceId: null,
    ...props,
  });
  await db.persist(service).flush();
  return service;
}

/** Tops the member up as a bank-transfer charge would. */
export async function fund(t: TestApp, memberId: number, amount: bigint): Promise<void> {
  await tx(t, (db) =>
    t.app.get(WalletFacade).credit(db, {
      memberId,
      amount,
      kind: LedgerKind.CHARGE,
      reference: { type: 'charge', id: `fixture-${memberId}-${++seq}` },
    }),
  );
}

export const balance = (t: TestApp, memberId: number): Promise<bigint> => t.app.get(WalletFacade).balanceOf(memberId);

export function placeOrder(t: TestApp, member: TestMember, body: Record<string, unknown>, idempotencyKey?: string) {
  const request = t.http.post('/api/service/order').set('Authorization', `Bearer ${member.token}`);
  if (idempotencyKey !== undefined) request.set('Idempotency-Key', idempotencyKey);
  return request.send(body);
}

export async function ledgerOf(t: TestApp, memberId: number) {
  return em(t).execute<{ kind: string; amount: string; reference_type: string; reference_id: string }[]>(
    'select kind, amount, reference_type, reference_id from point_ledger_entry where member_id = ? order by id',
    [memberId],
  );
}
