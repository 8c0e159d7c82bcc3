import { seedDemoContent } from '../../../server/src/database/demo/index.js';
import { writeFileSync } from 'node:fs';
import { BANK_REFUND_MESSAGES } from '../../../server/src/contracts/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { setSettings, sql } from '../../support/identity.js';
import { createMember, registerReferred, type TestMember } from '../../support/members.js';
import { operatorWithRole } from '../../support/operators.js';
import { startFakePopbill, popbillEnv, type FakePopbill } from '../../support/fake-popbill.js';
import { startFakeToss, tossEnv, type FakeToss } from '../../support/fake-toss.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { acceptedCharge, GOOD_INVOICE, receiptOf, runJob, SHOP } from '../receipts/receipts-support.js';
import { auditOf, bearer, configureBilling, openCharge } from './billing-support.js';

/**
 * The operator's refund of an accepted bank-transfer charge (`POST /api/admin/charges/:id/refund {amount, reason}`):
 * the won go back by bank transfer outside the product; the command takes back the points they paid for, the
 * referrer's share, the member's standing, and the charge's documents follow at the partners.
 */
describe('bank-transfer refund', () => {
  let t: TestApp;
  let toss: FakeToss;
  let popbill: FakePopbill;
  let wallet: WalletFacade;
  let owner: string;
  let referrer: TestMember;
  const evidence: Record<string, unknown> = {};

  beforeAll(async () => {
    toss = await startFakeToss();
    popbill = await startFakePopbill();
    t = await startTestApp({ ...tossEnv(toss), ...popbillEnv(popbill) });
    // The sign-up form's choices (유입 경로) come from the content a shop seeds.
    await seedDemoContent(t.app);
    await configureBilling(t);
    await setSettings(t, { ...SHOP, ENABLE_TOSS_PAYMENT: true, ENABLE_REFERRAL: true, APPROVAL_THRESHOLD: 1_000_000 });
    wallet = t.app.get(WalletFacade);
    owner = bearer(await t.operatorToken());
    referrer = await createMember(t);
  }, 120_000);
  afterAll(async () => {
    if (process.env.EVIDENCE_FILE) writeFileSync(process.env.EVIDENCE_FILE, JSON.stringify(evidence, null, 2));
    if (t) expect(await wallet.invariantViolations()).toEqual([]);
    await t?.close();
    await toss?.close();
    await popbill?.close();
  });

  const refund = (id: number, body: unknown, auth = owner) =>
    t.http
      .post(`/api/admin/charges/${id}/refund`)
      .set('Authorization', auth)
      .send(body as object);
  const charge = async (id: number) =>
    (await t.http.get(`/api/admin/charges/${id}`).set('Authorization', owner).expect(200)).body as {
      status: string;
      refundedAmount: number;
      refundedPoint: number;
    };
  const refundRows = (memberId: number) =>
    sql<{ amount: string; balance_after: string; reference_type: string; reference_id: string }>(
      t,
      `select amount::text, balance_after::text, reference_type, reference_id from point_ledger_entry
        where member_id = ? and kind = 'CHARGE_REFUND' order by id`,
      [memberId],
    );
  /** The referrer's rewards net of what refunds took back (only one referred charge in this suite). */
  const referralNet = async () =>
    Number(
      (
        await sql<{ net: string }>(
          t,
          "select coalesce(sum(amount), 0)::text as net from point_ledger_entry where member_id = ? and kind = 'REFERRAL'",
          [referrer.id],
        )
      )[0]!.net,
    );
  const debt = async (memberId: number) => Number(await wallet.outstandingOf(memberId));

  it('in part, then the rest: points in proportion, exact to the last point, the referral share and the audit', async () => {
    const code = (await t.http.post('/api/auth/referral-code').set('Authorization', bearer(referrer.token)).expect(200))
      .body.referralCode as string;
    const member = await registerReferred(t, code, 'bankrefund1');
    // A 세금계산서 charge: 10,000 points for 11,000 won (+10 %).
    const chargeId = await acceptedCharge(t, member, 10_000, { feeType: 'FEE', feeValue: GOOD_INVOICE });
    expect(await wallet.balanceOf(member.id)).toBe(10_000n);
    expect(await referralNet()).toBe(300);

    // 3,000 won of 11,000: ⌈3,000 × 10,000 / 11,000⌉ = 2,728 points.
    const first = await refund(chargeId, { amount: 3_000, reason: '고객 요청 (일부)' }).expect(200);
    expect(first.body).toEqual({
      chargeId,
      amount: 3_000,
      point: 2_728,
      taken: 2_728,
      unrecovered: 0,
      reference: `${chargeId}:0`,
      refundedAmount: 3_000,
      refundedPoint: 2_728,
      status: 'SUCCESS',
    });
    // 3,000 more: 2,728 again.
    const second = await refund(chargeId, { amount: 3_000, reason: '고객 요청 (일부)' }).expect(200);
    expect(second.body).toMatchObject({ point: 2_728, reference: `${chargeId}:3000`, refundedPoint: 5_456 });
    expect(await wallet.balanceOf(member.id)).toBe(4_544n);

    // The member spends 1,000 of what is left; the rest of the payment (5,000 won) takes back the last 4,544
    // points: 3,544 from the balance, 1,000 as the member's debt.
    await t.http
      .post(`/api/admin/members/${member.id}/adjust-points`)
      .set('Authorization', owner)
      .send({ amount: -1_000, reason: '사용분' })
      .expect(200);
    const last = await refund(chargeId, { amount: 5_000, reason: '고객 요청 (나머지)' }).expect(200);
    expect(last.body).toMatchObject({
      amount: 5_000,
      point: 4_544,
      taken: 3_544,
      unrecovered: 1_000,
      refundedAmount: 11_000,
      refundedPoint: 10_000,
    });

    const rows = await refundRows(member.id);
    expect(rows).toEqual([
      { amount: '-2728', balance_after: '7272', reference_type: 'bank-refund', reference_id: `${chargeId}:0` },
      { amount: '-2728', balance_after: '4544', reference_type: 'bank-refund', reference_id: `${chargeId}:3000` },
      { amount: '-3544', balance_after: '0', reference_type: 'bank-refund', reference_id: `${chargeId}:6000` },
    ]);
    expect(await wallet.balanceOf(member.id)).toBe(0n);
    expect(await debt(member.id)).toBe(1_000);
    // The referrer's 300 went back with the charge.
    expect(await referralNet()).toBe(0);
    expect(await charge(chargeId)).toMatchObject({ status: 'SUCCESS', refundedAmount: 11_000, refundedPoint: 10_000 });

    // Nothing left: a further refund is refused and writes nothing.
    const more = await refund(chargeId, { amount: 1, reason: '중복' }).expect(400);
    expect(more.body).toMatchObject({
      code: 'BANK_REFUND_AMOUNT_TOO_LARGE',
      message: BANK_REFUND_MESSAGES.amountTooLarge,
    });
    expect(await refundRows(member.id)).toHaveLength(3);

    const audits = (await auditOf(t, 'charges', chargeId)).filter((a) => a.action === 'refund');
    expect(audits).toHaveLength(3);
    expect(audits[0]!.after).toMatchObject({ refund: { amount: 3000, points: 2728, reason: '고객 요청 (일부)' } });
    evidence.partialThenFull = { chargeId, answers: [first.body, second.body, last.body], ledger: rows };
  });

  it('refusals: Korean message and code, nothing written', async () => {
    const member = await createMember(t);
    const accepted = await acceptedCharge(t, member, 5_000, { feeType: 'CASH', feeValue: { phone: '01012345678' } });
    const pending = await openCharge(t, member, 4_000);
    const rejected = await openCharge(t, member, 3_000);
    await t.http.post(`/api/admin/charges/${rejected.chargeId}/reject`).set('Authorization', owner).expect(200);
    const tossCharge = await t.http
      .post('/api/service/point/toss')
      .set('Authorization', bearer(member.token))
      .send({ point: 5_000, method: 'CARD' })
      .expect(201);

    const cases: [number, unknown, number, string, string][] = [
      [
        tossCharge.body.chargeId,
        { amount: 1_000, reason: '환불' },
        409,
        'BANK_REFUND_NOT_BANK_TRANSFER',
        BANK_REFUND_MESSAGES.notBankTransfer,
      ],
      [
        pending.chargeId,
        { amount: 1_000, reason: '환불' },
        409,
        'BANK_REFUND_NOT_ACCEPTED',
        BANK_REFUND_MESSAGES.notAccepted,
      ],
      [
        rejected.chargeId,
        { amount: 1_000, reason: '환불' },
        409,
        'BANK_REFUND_NOT_ACCEPTED',
        BANK_REFUND_MESSAGES.notAccepted,
      ],
      [
        accepted,
        { amount: 0, reason: '환불' },
        400,
        'BANK_REFUND_AMOUNT_REQUIRED',
        BANK_REFUND_MESSAGES.amountRequired,
      ],
      [
        accepted,
        { amount: -5, reason: '환불' },
        400,
        'BANK_REFUND_AMOUNT_REQUIRED',
        BANK_REFUND_MESSAGES.amountRequired,
      ],
      [
        accepted,
        { amount: 5_001, reason: '환불' },
        400,
        'BANK_REFUND_AMOUNT_TOO_LARGE',
        BANK_REFUND_MESSAGES.amountTooLarge,
      ],
      [
        accepted,
        { amount: '1000', reason: '환불' },
        400,
        'BANK_REFUND_AMOUNT_REQUIRED',
        BANK_REFUND_MESSAGES.amountRequired,
      ],
      [
        accepted,
        { amount: 10.5, reason: '환불' },
        400,
        'BANK_REFUND_AMOUNT_REQUIRED',
        BANK_REFUND_MESSAGES.amountRequired,
      ],
      [accepted, { amount: 1_000 }, 400, 'CHARGE_REFUND_REASON_REQUIRED', BANK_REFUND_MESSAGES.reasonRequired],
      [
        accepted,
        { amount: 1_000, reason: '   ' },
        400,
        'CHARGE_REFUND_REASON_REQUIRED',
        BANK_REFUND_MESSAGES.reasonRequired,
      ],
      [
        accepted,
        { amount: 1_000, reason: 'x'.repeat(201) },
        400,
        'CHARGE_REFUND_REASON_TOO_LONG',
        BANK_REFUND_MESSAGES.reasonTooLong,
      ],
      [accepted, {}, 400, 'BANK_REFUND_AMOUNT_REQUIRED', BANK_REFUND_MESSAGES.amountRequired],
    ];
    const answers: unknown[] = [];
    for (const [id, body, status, code, message] of cases) {
      const res = await refund(id, body);
      answers.push({ body, status: res.status, answer: res.body });
      expect({ body, status: res.status, code: res.body.code, message: res.body.message }).toEqual({
        body,
        status,
        code,
        message,
      });
    }
    await refund(999_999, { amount: 1_000, reason: '환불' }).expect(404);
    expect(await refundRows(member.id)).toEqual([]);
    expect(await wallet.balanceOf(member.id)).toBe(5_000n);
    expect(await charge(accepted)).toMatchObject({ refundedAmount: 0, refundedPoint: 0 });
    expect((await auditOf(t, 'charges', accepted)).filter((a) => a.action === 'refund')).toEqual([]);
    const unapproved = await sql<{ n: number }>(
      t,
      'select count(*)::int as n from unapproved_move where member_id = ?',
      [member.id],
    );
    expect(unapproved[0]!.n).toBe(0);
    evidence.refusals = answers;
  });

  it('parallel refunds of one charge never refund more than was paid', async () => {
    const member = await createMember(t);
    const { chargeId } = await openCharge(t, member, 10_000);
    await t.http.post(`/api/admin/charges/${chargeId}/accept`).set('Authorization', owner).expect(200);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => refund(chargeId, { amount: 3_000, reason: '동시 환불' })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.code).toBe('BANK_REFUND_AMOUNT_TOO_LARGE');
    expect(await charge(chargeId)).toMatchObject({ refundedAmount: 9_000, refundedPoint: 9_000 });
    const rows = await refundRows(member.id);
    expect(rows.map((r) => r.reference_id).sort()).toEqual([`${chargeId}:0`, `${chargeId}:3000`, `${chargeId}:6000`]);
    expect(await wallet.balanceOf(member.id)).toBe(1_000n);
    // The refused ones do not count toward the operator's rolling day.
    const moves = await sql<{ n: number }>(
      t,
      "select count(*)::int as n from unapproved_move where member_id = ? and kind = 'charge.refund'",
      [member.id],
    );
    expect(moves[0]!.n).toBe(3);
  });

  it('above APPROVAL_THRESHOLD over the rolling day it waits in 승인 대기; approved, it runs once as the approver', async () => {
    await setSettings(t, { APPROVAL_THRESHOLD: 5_000 });
    try {
      const accountant = await operatorWithRole(t, 'ACCOUNTANT');
      const approver = await operatorWithRole(t, 'OWNER');
      const member = await createMember(t);
      const { chargeId } = await openCharge(t, member, 20_000);
      await t.http.post(`/api/admin/charges/${chargeId}/accept`).set('Authorization', owner).expect(200);

      // 3,000 runs at once; 3,000 more takes the day's unapproved refunds to 6,000 > 5,000: held.
      await refund(chargeId, { amount: 3_000, reason: '일부 환불' }, accountant.auth).expect(200);
      const held = await refund(chargeId, { amount: 3_000, reason: '추가 환불' }, accountant.auth).expect(202);
      expect(held.body).toMatchObject({
        kind: 'charge.refund',
        targetId: chargeId,
        amount: 3_000,
        status: 'PENDING',
        reason: '추가 환불',
      });
      expect(await charge(chargeId)).toMatchObject({ refundedAmount: 3_000 });
      expect(await wallet.balanceOf(member.id)).toBe(17_000n);

      // The requester cannot approve it; another operator does, and it runs once.
      await t.http
        .post(`/api/admin/approvals/${held.body.id}/approve`)
        .set('Authorization', accountant.auth)
        .expect(403);
      const approved = await t.http
        .post(`/api/admin/approvals/${held.body.id}/approve`)
        .set('Authorization', approver.auth)
        .expect(200);
      expect(approved.body).toMatchObject({
        status: 'APPROVED',
        result: { chargeId, amount: 3_000, point: 3_000, reference: `${chargeId}:3000`, refundedAmount: 6_000 },
      });
      await t.http.post(`/api/admin/approvals/${held.body.id}/approve`).set('Authorization', approver.auth).expect(409);
      expect(await charge(chargeId)).toMatchObject({ refundedAmount: 6_000, refundedPoint: 6_000 });
      expect((await refundRows(member.id)).map((r) => r.amount)).toEqual(['-3000', '-3000']);
      const audits = (await auditOf(t, 'charges', chargeId)).filter((a) => a.action === 'refund');
      expect(audits.map((a) => a.operatorLoginId)).toEqual([accountant.loginId, approver.loginId]);
      evidence.approval = { held: held.body, approved: approved.body };
    } finally {
      await setSettings(t, { APPROVAL_THRESHOLD: 1_000_000 });
    }
  });

  it('현금영수증: issued on acceptance, a partial bank refund cancels that part at Toss', async () => {
    const member = await createMember(t);
    const from = toss.calls.length;
    const chargeId = await acceptedCharge(t, member, 10_000, { feeType: 'CASH', feeValue: { phone: '010-1234-5678' } });
    await runJob(t);
    const issued = await receiptOf(t, chargeId);
    expect(issued).toMatchObject({ kind: 'CASH_RECEIPT', status: 'ISSUED', amount: 10_000 });

    await refund(chargeId, { amount: 4_000, reason: '고객 요청' }).expect(200);
    await runJob(t);
    expect(await receiptOf(t, chargeId)).toMatchObject({ status: 'ISSUED', amount: 6_000, refundedAmount: 4_000 });
    // This charge's requests (an earlier test's receipt may be issued by the same job round).
    const sent = toss.calls
      .slice(from)
      .filter((c) => c.body?.orderId === `receipt-${chargeId}` || c.path.includes(String(issued.partnerKey)));
    expect(sent.map((c) => c.path)).toEqual(['/v1/cash-receipts', `/v1/cash-receipts/${issued.partnerKey}/cancel`]);
    expect(sent[1]!.body).toMatchObject({ amount: 4_000 });
    expect(toss.cashReceipts.get(issued.partnerKey!)).toMatchObject({
      amount: 10_000,
      balance: 6_000,
      canceled: [4_000],
    });
    evidence.cashReceipt = {
      chargeId,
      requests: sent.map((c) => ({ path: c.path, body: c.body })),
      record: await receiptOf(t, chargeId),
    };
  });

  it('세금계산서: a partial bank refund issues the 수정세금계산서 for that part', async () => {
    const member = await createMember(t);
    const chargeId = await acceptedCharge(t, member, 20_000, { feeType: 'FEE', feeValue: GOOD_INVOICE });
    await runJob(t);
    const issued = await receiptOf(t, chargeId);
    expect(issued).toMatchObject({ kind: 'TAX_INVOICE', status: 'ISSUED', amount: 22_000, partnerKey: `C${chargeId}` });
    const from = popbill.calls.length;

    await refund(chargeId, { amount: 5_500, reason: '고객 요청' }).expect(200);
    expect(await wallet.balanceOf(member.id)).toBe(15_000n);
    await runJob(t);
    const modified = await receiptOf(t, chargeId);
    expect(modified).toMatchObject({ status: 'ISSUED', amount: 16_500, supplyCost: 15_000, tax: 1_500 });
    expect(popbill.invoices.get(`C${chargeId}-R5500`)).toMatchObject({
      modifyCode: 2,
      orgNTSConfirmNum: issued.approvalNumber,
      supplyCostTotal: -5_000,
      taxTotal: -500,
      totalAmount: -5_500,
    });
    evidence.taxInvoice = {
      chargeId,
      requests: popbill.calls
        .slice(from)
        .map((c) => ({ method: c.method, path: c.path, override: c.override, body: c.body })),
      record: modified,
    };
  });
});
