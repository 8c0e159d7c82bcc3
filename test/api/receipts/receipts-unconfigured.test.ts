import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { sql } from '../../support/identity.js';
import { bearer, clock, configureBilling } from '../billing/billing-support.js';
import { acceptedCharge, GOOD_INVOICE, receiptOf, runJob } from './receipts-support.js';

/** Without Toss's secret key or Popbill's keys, every request waits as 대기 and the operator records what they issued by hand. */
describe('receipts: partners not configured', () => {
  let t: TestApp;
  let member: TestMember;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    await configureBilling(t);
    member = await createMember(t);
    admin = bearer(await t.operatorToken());
  }, 120_000);
  afterAll(() => t?.close());

  it('records 대기, refuses "issue again" with the reason, takes the 홈택스 승인번호, and alerts after a day', async () => {
    const invoice = await acceptedCharge(t, member, 10_000, { feeType: 'FEE', feeValue: GOOD_INVOICE });
    const cash = await acceptedCharge(t, member, 3_000, { feeType: 'CASH', feeValue: { phone: '01012345678' } });
    expect(await runJob(t)).toEqual({ worked: 0, waiting: 0 });
    const waiting = await receiptOf(t, invoice);
    expect(waiting).toMatchObject({
      status: 'PENDING',
      kind: 'TAX_INVOICE',
      amount: 11_000,
      supplyCost: 10_000,
      tax: 1_000,
    });
    const refused = await t.http
      .post(`/api/admin/receipts/${waiting.id}/issue`)
      .set('Authorization', admin)
      .expect(409);
    expect(refused.body).toMatchObject({
      code: 'RECEIPT_PARTNER_NOT_CONFIGURED',
      message: '발행 대행사가 설정되지 않았습니다. 홈택스에서 발행한 뒤 승인번호를 기록해 주세요.',
    });

    // A day later nothing was issued: one alert names both.
    clock(t).travel(25 * 60 * 60_000);
    expect(await runJob(t)).toEqual({ worked: 0, waiting: 2 });
    await runJob(t);
    const alerts = await sql<{ kind: string; text: string }>(
      t,
      `select kind, text from operator_alert where kind = 'RECEIPT_WAITING'`,
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('하루 넘게 발행되지 않은 증빙이 2건');

    const manual = await t.http
      .post(`/api/admin/receipts/${waiting.id}/manual`)
      .set('Authorization', admin)
      .send({ approvalNumber: '20261128-41000000-00000001' })
      .expect(200);
    expect(manual.body).toMatchObject({ status: 'MANUAL', approvalNumber: '20261128-41000000-00000001' });
    const cashReceipt = await receiptOf(t, cash);
    await t.http.post(`/api/admin/receipts/${cashReceipt.id}/cancel`).set('Authorization', admin).expect(200);
    expect(await receiptOf(t, cash)).toMatchObject({ status: 'CANCELED' });

    const mine = await t.http.get('/api/service/receipts').set('Authorization', bearer(member.token)).expect(200);
    expect(mine.body).toEqual([
      expect.objectContaining({ chargeId: cash, status: 'CANCELED', editable: false }),
      expect.objectContaining({ chargeId: invoice, status: 'MANUAL', approvalNumber: '20261128-41000000-00000001' }),
    ]);
    // A charge with no receipt asked for has no document; bad ids are the usual 400/404.
    await t.http.get('/api/admin/receipts/abc').set('Authorization', admin).expect(400);
    await t.http.get('/api/admin/receipts/999999').set('Authorization', admin).expect(404);
  });
});
