import type { TestApp } from '../../support/test-app.js';
import type { TestMember } from '../../support/members.js';
import { bearer, requestCharge, TAX_INVOICE } from '../billing/billing-support.js';
import { validBusinessNumber } from '../../support/fake-popbill.js';
import { ReceiptIssueJob } from '../../../server/src/modules/receipts/index.js';
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

/**
 * The operator refunds the bank-transfer charge up to `refundedAmount` won in all (the part not refunded yet), through
 * the console's route, as it happens in the product. Tests set APPROVAL_THRESHOLD above their refunds, so it runs.
 */
export async function refundCharge(t: TestApp, chargeId: number, refundedAmount: bigint): Promise<void> {
  const admin = bearer(await t.operatorToken());
  const charge = await t.http.get(`/api/admin/charges/${chargeId}`).set('Authorization', admin).expect(200);
  const amount = Number(refundedAmount) - Number(charge.body.refundedAmount);
  await t.http
    .post(`/api/admin/charges/${chargeId}/refund`)
    .set('Authorization', admin)
    .send({ amount, reason: '고객 요청 계좌 환불' })
    .expect(200);
}

/** No refund of these suites waits for a second operator. */
export const NO_APPROVAL = { APPROVAL_THRESHOLD: 1_000_000_000 };

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
