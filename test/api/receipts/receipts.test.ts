import { writeFileSync } from 'node:fs';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { setSettings, sql } from '../../support/identity.js';
import { operatorWithRole } from '../../support/operators.js';
import { startFakeToss, tossEnv, type FakeToss } from '../../support/fake-toss.js';
import { startFakePopbill, popbillEnv, type FakePopbill } from '../../support/fake-popbill.js';
import { bearer, clock, configureBilling } from '../billing/billing-support.js';
import {
  acceptedCharge,
  BAD_INVOICE,
  brief,
  GOOD_INVOICE,
  receiptOf,
  receiptsOf,
  NO_APPROVAL,
  refundCharge,
  runJob,
  SHOP,
} from './receipts-support.js';

/** 현금영수증 through Toss's cash-receipt API and 세금계산서 through Popbill, against loopback fakes of both. */
describe('receipts: issued by the product', () => {
  let t: TestApp;
  let toss: FakeToss;
  let popbill: FakePopbill;
  let member: TestMember;
  let admin: string;
  /** What the closing note shows, written at the end when EVIDENCE_FILE is set. */
  const evidence: Record<string, unknown> = {};

  beforeAll(async () => {
    toss = await startFakeToss();
    popbill = await startFakePopbill();
    t = await startTestApp({ ...tossEnv(toss), ...popbillEnv(popbill) });
    await configureBilling(t);
    await setSettings(t, { ...SHOP, ...NO_APPROVAL, ENABLE_TOSS_PAYMENT: true });
    member = await createMember(t);
    admin = bearer(await t.operatorToken());
  }, 120_000);
  afterAll(async () => {
    if (process.env.EVIDENCE_FILE) writeFileSync(process.env.EVIDENCE_FILE, JSON.stringify(evidence, null, 2));
    await t?.close();
    await toss?.close();
    await popbill?.close();
  });

  const tossCalls = (from: number) =>
    toss.calls
      .slice(from)
      .filter((c) => c.path.startsWith('/v1/cash-receipts'))
      .map((c) => ({
        path: c.path,
        idempotencyKey: c.idempotencyKey,
        body: c.body,
      }));
  const popbillCalls = (from: number) =>
    popbill.calls.slice(from).map((c) => ({ method: c.method, path: c.path, override: c.override, body: c.body }));

  it('현금영수증 for a bank transfer: 대기 on accept, issued by the job, cancelled in part after a refund', async () => {
    const from = toss.calls.length;
    const chargeId = await acceptedCharge(t, member, 10_000, { feeType: 'CASH', feeValue: { phone: '010-1234-5678' } });
    const steps: Record<string, unknown> = { accepted: brief(await receiptOf(t, chargeId)) };
    expect(await receiptOf(t, chargeId)).toMatchObject({ kind: 'CASH_RECEIPT', status: 'PENDING', amount: 10_000 });
    // Nothing is sent inside the accepting transaction: the partner hears of it only when the job runs.
    expect(tossCalls(from)).toEqual([]);

    await runJob(t);
    const issued = await receiptOf(t, chargeId);
    steps.issued = brief(issued);
    expect(issued).toMatchObject({ status: 'ISSUED', amount: 10_000, approvalNumber: expect.any(String) });
    expect(issued.partnerKey).toMatch(/^cr_/);
    expect(issued.receiptUrl).toContain('/cash-receipt');
    const sent = tossCalls(from);
    expect(sent).toEqual([
      {
        path: '/v1/cash-receipts',
        idempotencyKey: `cash-receipt-receipt-${chargeId}`,
        body: {
          amount: 10_000,
          orderId: `receipt-${chargeId}`,
          orderName: `포인트 충전 #${chargeId}`,
          customerIdentityNumber: '01012345678',
          type: '소득공제',
        },
      },
    ]);

    // The operator refunds 3,000 won by bank transfer (POST /refund {amount}): Toss cancels that part of the receipt.
    await refundCharge(t, chargeId, 3_000n);
    await runJob(t);
    const partial = await receiptOf(t, chargeId);
    steps.refundedInPart = brief(partial);
    expect(partial).toMatchObject({ status: 'ISSUED', amount: 7_000, refundedAmount: 3_000 });
    expect(partial.adjustments).toHaveLength(1);
    expect(toss.cashReceipts.get(issued.partnerKey!)).toMatchObject({
      amount: 10_000,
      balance: 7_000,
      canceled: [3_000],
    });
    // The rest refunded: the receipt is cancelled, nothing left at Toss.
    await refundCharge(t, chargeId, 10_000n);
    await runJob(t);
    steps.refundedInWhole = brief(await receiptOf(t, chargeId));
    expect(await receiptOf(t, chargeId)).toMatchObject({ status: 'CANCELED', amount: 0 });
    expect(toss.cashReceipts.get(issued.partnerKey!)).toMatchObject({ balance: 0, canceled: [3_000, 7_000] });
    evidence.cashReceipt = { chargeId, requests: tossCalls(from), records: steps };
  });

  it('세금계산서 for a Toss transfer: issued through Popbill, a partial refund issues the 수정세금계산서', async () => {
    const from = popbill.calls.length;
    const start = await t.http
      .post('/api/service/point/toss')
      .set('Authorization', bearer(member.token))
      .send({ point: 20_000, method: 'TRANSFER', feeType: 'FEE', feeValue: GOOD_INVOICE })
      .expect(201);
    const { chargeId, orderId, amount } = start.body as { chargeId: number; orderId: string; amount: number };
    expect(amount).toBe(22_000);
    const paymentKey = toss.authorize(orderId, amount, 'TRANSFER');
    await t.http
      .post('/api/service/point/toss/confirm')
      .set('Authorization', bearer(member.token))
      .send({ paymentKey, orderId, amount })
      .expect(200);
    const steps: Record<string, unknown> = { accepted: brief(await receiptOf(t, chargeId)) };
    expect(await receiptOf(t, chargeId)).toMatchObject({
      kind: 'TAX_INVOICE',
      status: 'PENDING',
      supplyCost: 20_000,
      tax: 2_000,
    });

    await runJob(t);
    const issued = await receiptOf(t, chargeId);
    steps.issued = brief(issued);
    expect(issued).toMatchObject({ status: 'ISSUED', partnerKey: `C${chargeId}`, amount: 22_000 });
    expect(issued.approvalNumber).toHaveLength(24);
    const issue = popbill.calls.find((c) => c.override === 'ISSUE' && c.body.invoicerMgtKey === `C${chargeId}`)!;
    expect(issue.body).toMatchObject({
      issueType: '정발행',
      taxType: '과세',
      purposeType: '영수',
      chargeDirection: '정과금',
      invoicerCorpNum: popbill.corpNum,
      invoicerCorpName: SHOP.FOOTER_COMPANY,
      invoicerCEOName: SHOP.FOOTER_CEO,
      invoiceeType: '사업자',
      invoiceeCorpNum: GOOD_INVOICE.businessNumber,
      invoiceeCorpName: GOOD_INVOICE.company,
      invoiceeCEOName: GOOD_INVOICE.leader,
      invoiceeEmail1: GOOD_INVOICE.email,
      supplyCostTotal: '20000',
      taxTotal: '2000',
      totalAmount: '22000',
    });

    // The operator refunds 5,000 points through Toss: 5,500 won back, the invoice follows with a minus 5,500.
    await t.http
      .post(`/api/admin/charges/${chargeId}/refund`)
      .set('Authorization', admin)
      .send({ point: 5_000, reason: '고객 요청' })
      .expect(200);
    expect(await receiptOf(t, chargeId)).toMatchObject({ status: 'ISSUED', refundedAmount: 5_500 });
    await runJob(t);
    const modified = await receiptOf(t, chargeId);
    steps.refundedInPart = brief(modified);
    expect(modified).toMatchObject({ status: 'ISSUED', amount: 16_500, supplyCost: 15_000, tax: 1_500 });
    const modify = popbill.invoices.get(`C${chargeId}-R5500`)!;
    expect(modify).toMatchObject({
      modifyCode: 2,
      orgNTSConfirmNum: issued.approvalNumber,
      supplyCostTotal: -5_000,
      taxTotal: -500,
      totalAmount: -5_500,
    });
    expect(modified.adjustments).toEqual([
      { amount: 5_500, partnerKey: `C${chargeId}-R5500`, approvalNumber: modify.ntsConfirmNum, at: expect.any(String) },
    ]);
    evidence.taxInvoice = { chargeId, requests: popbillCalls(from), records: steps };
  });

  it("a refusal is held with Popbill's message in Korean; the member fixes the number and it is issued", async () => {
    const chargeId = await acceptedCharge(t, member, 30_000, { feeType: 'FEE', feeValue: BAD_INVOICE });
    await runJob(t);
    const held = await receiptOf(t, chargeId);
    expect(held).toMatchObject({
      status: 'FAILED',
      failure: '팝빌: 공급받는자 사업자등록번호가 유효하지 않습니다. (-11001021)',
    });
    // Held: the job does not try it again by itself.
    const issues = () => popbill.calls.filter((c) => c.override === 'ISSUE').length;
    const before = issues();
    clock(t).travel(3 * 60 * 60_000);
    await runJob(t);
    expect(issues()).toBe(before);
    const operatorSees = await t.http.get(`/api/admin/receipts/${held.id}`).set('Authorization', admin).expect(200);
    evidence.refusalAsOperatorSees = operatorSees.body;

    // The member reads the same message and corrects the business number.
    const mine = (await t.http.get('/api/service/receipts').set('Authorization', bearer(member.token)).expect(200))
      .body as { id: number; status: string; failure: string | null; editable: boolean }[];
    expect(mine.find((r) => r.id === held.id)).toMatchObject({
      status: 'FAILED',
      failure: held.failure,
      editable: true,
    });
    const bad = await t.http
      .put(`/api/service/receipts/${held.id}`)
      .set('Authorization', bearer(member.token))
      .send({ feeValue: { ...GOOD_INVOICE, businessNumber: '12345' } })
      .expect(400);
    expect(bad.body.message).toBe('사업자등록번호 10자리를 입력해 주세요.');
    const other = await createMember(t);
    await t.http
      .put(`/api/service/receipts/${held.id}`)
      .set('Authorization', bearer(other.token))
      .send({ feeValue: GOOD_INVOICE })
      .expect(404);
    const fixed = await t.http
      .put(`/api/service/receipts/${held.id}`)
      .set('Authorization', bearer(member.token))
      .send({ feeValue: GOOD_INVOICE })
      .expect(200);
    expect(fixed.body).toMatchObject({ status: 'PENDING', failure: null });
    await runJob(t);
    // The refused document number is spent: the fixed one is issued under the next.
    expect(await receiptOf(t, chargeId)).toMatchObject({ status: 'ISSUED', partnerKey: `C${chargeId}-1` });
    await t.http
      .put(`/api/service/receipts/${held.id}`)
      .set('Authorization', bearer(member.token))
      .send({ feeValue: GOOD_INVOICE })
      .expect(409);
  });

  it("Toss's refusal of a phone that is not a mobile number is held; the fixed phone is issued under a fresh key", async () => {
    const chargeId = await acceptedCharge(t, member, 5_000, { feeType: 'CASH', feeValue: { phone: '02012345678' } });
    await runJob(t);
    const held = await receiptOf(t, chargeId);
    expect(held.status).toBe('FAILED');
    expect(held.failure).toBe(
      '토스페이먼츠: 현금영수증 발급 번호(휴대폰 번호, 사업자등록번호, 카드번호)가 올바르지 않습니다. (INVALID_REQUEST)',
    );
    // The operator's "issue again" with the same number is refused again, by Toss, and held again.
    const again = await t.http.post(`/api/admin/receipts/${held.id}/issue`).set('Authorization', admin).expect(200);
    expect(again.body).toMatchObject({ status: 'FAILED' });
    await t.http
      .put(`/api/service/receipts/${held.id}`)
      .set('Authorization', bearer(member.token))
      .send({ feeValue: { phone: '01099998888' } })
      .expect(200);
    await runJob(t);
    const issued = await receiptOf(t, chargeId);
    expect(issued).toMatchObject({ status: 'ISSUED' });
    const sent = toss.calls.filter(
      (c) => c.path === '/v1/cash-receipts' && c.body.orderId.startsWith(`receipt-${chargeId}`),
    );
    expect(sent.map((c) => c.idempotencyKey)).toEqual([
      `cash-receipt-receipt-${chargeId}`,
      `cash-receipt-receipt-${chargeId}-1`,
      `cash-receipt-receipt-${chargeId}-2`,
    ]);
  });

  it('transient failures are retried with backoff; a lost answer is looked up, never issued twice', async () => {
    const chargeId = await acceptedCharge(t, member, 40_000, { feeType: 'FEE', feeValue: GOOD_INVOICE });
    popbill.failNext(2, 503);
    await runJob(t);
    expect(await receiptOf(t, chargeId)).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect((await receiptOf(t, chargeId)).failure).toMatch(/^일시적 오류/);
    // Not due yet: the next round leaves it alone.
    await runJob(t);
    expect(await receiptOf(t, chargeId)).toMatchObject({ attempts: 1 });
    clock(t).travel(61_000);
    await runJob(t);
    expect(await receiptOf(t, chargeId)).toMatchObject({ status: 'PENDING', attempts: 2 });
    // The third try reaches Popbill, which issues, but the answer is lost on the way back.
    popbill.loseNextAnswer();
    clock(t).travel(5 * 60_000 + 1_000);
    await runJob(t);
    expect(await receiptOf(t, chargeId)).toMatchObject({ status: 'PENDING', attempts: 3 });
    expect(popbill.invoices.has(`C${chargeId}`)).toBe(true);
    clock(t).travel(30 * 60_000 + 1_000);
    await runJob(t);
    const issued = await receiptOf(t, chargeId);
    expect(issued).toMatchObject({
      status: 'ISSUED',
      approvalNumber: popbill.invoices.get(`C${chargeId}`)!.ntsConfirmNum,
    });
    // Every try after the first asks for the document first (503, not there, there); one invoice on Popbill's books.
    const forCharge = popbill.calls.filter(
      (c) => c.path === `/Taxinvoice/SELL/C${chargeId}` || c.body?.invoicerMgtKey === `C${chargeId}`,
    );
    expect(forCharge.map((c) => c.override ?? c.method)).toEqual(['ISSUE', 'GET', 'GET', 'ISSUE', 'GET']);
    expect([...popbill.invoices.keys()].filter((k) => k === `C${chargeId}`)).toHaveLength(1);

    // Toss: a lost answer and the retry with the same Idempotency-Key: one receipt at Toss.
    const cashId = await acceptedCharge(t, member, 6_000, { feeType: 'CASH', feeValue: { phone: '01055556666' } });
    toss.loseNextCashReceiptAnswer();
    await runJob(t);
    expect(await receiptOf(t, cashId)).toMatchObject({ status: 'PENDING', attempts: 1 });
    clock(t).travel(61_000);
    await runJob(t);
    const cash = await receiptOf(t, cashId);
    expect(cash.status).toBe('ISSUED');
    expect([...toss.cashReceipts.values()].filter((r) => r.orderId === `receipt-${cashId}`)).toHaveLength(1);
  });

  it('no double issue: parallel job rounds and an operator\'s "issue again" send one request', async () => {
    const chargeId = await acceptedCharge(t, member, 12_000, { feeType: 'FEE', feeValue: GOOD_INVOICE });
    const id = (await receiptOf(t, chargeId)).id;
    const results = await Promise.all([
      runJob(t),
      runJob(t),
      t.http.post(`/api/admin/receipts/${id}/issue`).set('Authorization', admin),
      runJob(t),
    ]);
    // The operator's command either ran it or found it held by a round (409, 발행 중).
    expect([200, 409]).toContain(results[2].status);
    expect(await receiptOf(t, chargeId)).toMatchObject({ status: 'ISSUED' });
    expect(
      popbill.calls.filter((c) => c.override === 'ISSUE' && c.body.invoicerMgtKey === `C${chargeId}`),
    ).toHaveLength(1);

    // Two operators accept the same charge at once: one accept, one document.
    const res = await t.http
      .post('/api/service/point')
      .set('Authorization', bearer(member.token))
      .send({ name: 'parallel', point: 7_000, feeType: 'CASH', feeValue: { phone: '01011112222' } })
      .expect(201);
    const accepts = await Promise.all(
      [0, 1, 2].map(() => t.http.post(`/api/admin/charges/${res.body.chargeId}/accept`).set('Authorization', admin)),
    );
    expect(accepts.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await receiptsOf(t, res.body.chargeId)).toHaveLength(1);
  });

  it('the operator records one issued by hand, cancels, filters by month and status, and downloads the CSV', async () => {
    const chargeId = await acceptedCharge(t, member, 9_000, { feeType: 'FEE', feeValue: BAD_INVOICE });
    await runJob(t);
    const held = await receiptOf(t, chargeId);
    const accountant = await operatorWithRole(t, 'ACCOUNTANT');
    const badNumber = await t.http
      .post(`/api/admin/receipts/${held.id}/manual`)
      .set('Authorization', accountant.auth)
      .send({ approvalNumber: '' })
      .expect(400);
    expect(badNumber.body.code).toBe('RECEIPT_APPROVAL_NUMBER_INVALID');
    const manual = await t.http
      .post(`/api/admin/receipts/${held.id}/manual`)
      .set('Authorization', accountant.auth)
      .send({ approvalNumber: '20261128-41000000-12345678' })
      .expect(200);
    expect(manual.body).toMatchObject({ status: 'MANUAL', approvalNumber: '20261128-41000000-12345678' });
    await t.http.post(`/api/admin/receipts/${held.id}/issue`).set('Authorization', accountant.auth).expect(409);
    const audit = await sql<{ action: string }>(
      t,
      `select action from audit_log where resource = 'receipts' and resource_id = ?`,
      [String(held.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['manual']);

    // Cancel an issued 현금영수증: Toss cancels all of it.
    const cashId = await acceptedCharge(t, member, 4_000, { feeType: 'CASH', feeValue: { phone: '01033334444' } });
    await runJob(t);
    const cash = await receiptOf(t, cashId);
    const canceled = await t.http.post(`/api/admin/receipts/${cash.id}/cancel`).set('Authorization', admin).expect(200);
    expect(canceled.body).toMatchObject({ status: 'CANCELED' });
    expect(toss.cashReceipts.get(cash.partnerKey!)).toMatchObject({ balance: 0 });
    const last = toss.calls.at(-1)!;
    expect(last).toMatchObject({ path: `/v1/cash-receipts/${cash.partnerKey}/cancel`, body: {} });
    await t.http.post(`/api/admin/receipts/${cash.id}/cancel`).set('Authorization', admin).expect(409);

    // Roles: SUPPORT and MANAGER may not see the list.
    for (const role of ['SUPPORT', 'MANAGER'] as const) {
      const op = await operatorWithRole(t, role);
      await t.http.get('/api/admin/receipts').set('Authorization', op.auth).expect(403);
    }

    const month = new Date(clock(t).now().getTime() + 9 * 3600_000).toISOString().slice(0, 7);
    const list = await t.http
      .get('/api/admin/receipts')
      .query({ filter: JSON.stringify({ month, status: 'MANUAL' }) })
      .set('Authorization', accountant.auth)
      .expect(200);
    expect(list.body.map((r: { id: number }) => r.id)).toEqual([held.id]);
    expect(list.headers['content-range']).toBe('receipts 0-0/1');
    const badMonth = await t.http
      .get('/api/admin/receipts')
      .query({ filter: JSON.stringify({ month: '2026-13' }) })
      .set('Authorization', accountant.auth)
      .expect(400);
    expect(badMonth.body.message).toContain('YYYY-MM');
    const totals = await t.http.get('/api/admin/receipts/totals').set('Authorization', accountant.auth).expect(200);
    expect(totals.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ month, kind: 'TAX_INVOICE', failed: 0 })]),
    );
    evidence.totals = totals.body;
    const csv = await t.http
      .get('/api/admin/receipts.csv')
      .query({ filter: JSON.stringify({ kind: 'TAX_INVOICE' }) })
      .set('Authorization', accountant.auth)
      .expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      '번호,충전 번호,회원 번호,종류,상태,금액,공급가액,세액,환불,상호/고객,식별번호,승인번호,발행일시,사유,요청일시',
    );
    expect(lines.slice(1).every((l) => l.includes('세금계산서'))).toBe(true);
    // Identity numbers are masked in lists and the CSV.
    expect(csv.text).not.toContain(GOOD_INVOICE.businessNumber);
  });
});
