import { MikroORM } from '@mikro-orm/postgresql';
import type { TestApp } from '../../support/test-app.js';
import type { TestMember } from '../../support/members.js';
import { bearer, requestCharge, TAX_INVOICE } from '../billing/billing-support.js';
import { validBusinessNumber } from '../../support/fake-popbill.js';
import { ReceiptIssueJob, ReceiptsFacade } from '../../../server/src/modules/receipts/index.js';
import type { AdminReceiptView } from '../../../server/src/contracts/receipts.js';

/** A buyer whose 사업자등록번호 passes the 국세청 check digit (the charge form's sample number does not). */
export const GOOD_INVOICE = { ...TAX_INVOICE, businessNumber: validBusinessNumber('104816530') };
/** The form's sample: ten digits, but a wrong check digit, so Popbill refuses it. */
export const BAD_INVOICE = TAX_INVOICE;

export const SHOP = {
  FOOTER_COMPANY: '주식회사 팔로우랩',
  FOOTER_CEO: '이사장',
  FOOTER_ADDRESS: '서울특별시 마포구 월드컵북로 1',
};

/** A bank-transfer charge asking for a receipt, accepted by the operator; answers its id. */
export async function acceptedCharge(
  t: TestApp,
  member: TestMember,
  point: number,
  fee: { feeType: 'FEE'; feeValue: object } | { feeType: 'CASH'; feeValue: { phone: string } },
): Promise<number> {
  const res = await requestCharge(t, member, { name: member.loginId.slice(0, 20), point, ...fee }).expect(201);
  const id = res.body.chargeId as number;
  await t.http
    .post(`/api/admin/charges/${id}/accept`)
    .set('Authorization', bearer(await t.operatorToken()))
    .expect(200);
  return id;
}

export async function receiptsOf(t: TestApp, chargeId: number): Promise<AdminReceiptView[]> {
  const res = await t.http
    .get('/api/admin/receipts')
    .query({ filter: JSON.stringify({ chargeId }), sort: JSON.stringify(['id', 'ASC']) })
    .set('Authorization', bearer(await t.operatorToken()))
    .expect(200);
  return res.body as AdminReceiptView[];
}

export async function receiptOf(t: TestApp, chargeId: number): Promise<AdminReceiptView> {
  const [receipt, ...more] = await receiptsOf(t, chargeId);
  expect(more).toEqual([]);
  return receipt!;
}

export const runJob = (t: TestApp) => t.app.get(ReceiptIssueJob).runOnce();

/** What billing's refund does to the documents, called as billing calls it (in a transaction of its own). */
export async function refundCharge(t: TestApp, chargeId: number, refundedAmount: bigint): Promise<void> {
  const facade = t.app.get(ReceiptsFacade);
  await t.app
    .get(MikroORM)
    .em.fork()
    .transactional((tx) => facade.chargeRefunded(tx, { id: chargeId, refundedAmount }));
}

/** The document's fields that change step by step (for the evidence and the assertions). */
export const brief = (r: AdminReceiptView) => ({
  status: r.status,
  amount: r.amount,
  supplyCost: r.supplyCost,
  tax: r.tax,
  refundedAmount: r.refundedAmount,
  partnerKey: r.partnerKey,
  approvalNumber: r.approvalNumber,
  failure: r.failure,
  adjustments: r.adjustments.map((a) => ({ amount: a.amount, approvalNumber: a.approvalNumber })),
});
