import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { balance, createService, fund, ledgerOf, placeOrder } from '../ordering/fixtures.js';

export { balance, createService, fund, ledgerOf, placeOrder, startTestApp, createMember };
export type { TestApp, TestMember };

let seq = 0;

/** A coupon made through the console's API; answers its view. */
export async function createCoupon(t: TestApp, admin: string, fields: Record<string, unknown>) {
  const res = await t.http
    .post('/api/admin/coupons')
    .set('Authorization', admin)
    .send({ name: `쿠폰 ${++seq}`, perMemberLimit: 1, ...fields });
  if (res.status !== 201) throw new Error(`coupon not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; code: string | null; name: string };
}

/** A shared code unique to this run. */
export const sharedCode = (prefix = 'CP') => `${prefix}${process.env.JEST_WORKER_ID}X${++seq}X${Date.now() % 100000}`;

/** A batch of single-use codes of a coupon. */
export async function batch(t: TestApp, admin: string, couponId: number, count: number): Promise<string[]> {
  const res = await t.http.post(`/api/admin/coupons/${couponId}/codes`).set('Authorization', admin).send({ count });
  if (res.status !== 200) throw new Error(`codes not made: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { codes: string[] }).codes;
}

export const redeem = (t: TestApp, member: TestMember, code: unknown) =>
  t.http.post('/api/service/coupons/redeem').set('Authorization', `Bearer ${member.token}`).send({ code });

export const quote = (t: TestApp, member: TestMember, body: Record<string, unknown>) =>
  t.http.post('/api/service/coupons/quote').set('Authorization', `Bearer ${member.token}`).send(body);

/** A member with `amount` won charged. */
export async function fundedMember(t: TestApp, amount: bigint): Promise<TestMember> {
  const member = await createMember(t);
  if (amount > 0n) await fund(t, member.id, amount);
  return member;
}
