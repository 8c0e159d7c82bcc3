import { seedDemoContent } from '../../../server/src/database/demo/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, registerReferred, type TestMember } from '../../support/members.js';
import { setSettings, sql } from '../../support/identity.js';
import { payByCard, receiveTossWebhooks, startFakeToss, tossEnv, type FakeToss } from '../../support/fake-toss.js';
import { LedgerKind, WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { TossRecheckJob } from '../../../server/src/modules/billing/index.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { BANK, bearer } from '../billing/billing-support.js';
import { createService } from '../ordering/fixtures.js';
import { ledgerRows, recordEvidence } from './evidence.js';

/** Where money meets Toss, the shop settles with what Toss says. */
describe('Toss: refunds, cancels made elsewhere, and referral take-back', () => {
  let t: TestApp;
  let toss: FakeToss;
  let wallet: WalletFacade;
  let admin: string;
  let referrer: TestMember;
  let referred: TestMember;

  beforeAll(async () => {
    toss = await startFakeToss();
    t = await startTestApp({ ...tossEnv(toss), TOSS_TIMEOUT_MS: '500' });
    await receiveTossWebhooks(toss, t.app);
    await seedDemoContent(t.app);
    await setSettings(t, { ...BANK, ENABLE_TOSS_PAYMENT: true, ENABLE_REFERRAL: true, REFERRAL_RATE: '3' });
    wallet = t.app.get(WalletFacade);
    admin = bearer(await t.operatorToken());
    referrer = await createMember(t);
    const code: string = (
      await t.http.post('/api/auth/referral-code').set('Authorization', bearer(referrer.token)).expect(200)
    ).body.referralCode;
    referred = await registerReferred(t, code, 'partnerref1');
  });
  afterAll(async () => {
    expect(await wallet.invariantViolations()).toEqual([]);
    await t.close();
    await toss.close();
  });

  /** A card payment of `point` by the referred member, confirmed: its charge id and payment key. */
  const paidByCard = (point: number) => payByCard(t.http, toss, referred.token, point);
  const referralRows = async (chargeId: number) =>
    sql<{ amount: string; reference_type: string; reference_id: string }>(
      t,
      `select amount, reference_type, reference_id from point_ledger_entry where kind = 'REFERRAL' and member_id = ? and (reference_id = ? or reference_id like ?) order by id`,
      [referrer.id, String(chargeId), `${chargeId}:%`],
    );

  it('case 5: four partial refunds of 33, 33, 33 and 9,901 on a 10,000 charge take back the whole 300 reward', async () => {
    const { chargeId } = await paidByCard(10_000);
    expect((await referralRows(chargeId)).map((r) => r.amount)).toEqual(['300']);
    for (const point of [33, 33, 33, 9_901])
      await t.http
        .post(`/api/admin/charges/${chargeId}/refund`)
        .set('Authorization', admin)
        .send({ point, reason: '부분 환불' })
        .expect(200);
    const rows = await referralRows(chargeId);
    recordEvidence('case5-referral-takeback', { chargeId, referral: rows, rows: await ledgerRows(t, [referrer.id]) });
    // Cumulative: ⌊300 × 33/10,000⌋ = 0, ⌊300 × 66/10,000⌋ = 1, ⌊300 × 99/10,000⌋ = 2, the whole charge 300.
    expect(rows.map((r) => r.amount)).toEqual(['300', '-1', '-1', '-298']);
    expect(rows.slice(1).reduce((sum, r) => sum + Number(r.amount), 0)).toBe(-300);
  });

  const chargeRow = async (id: number) =>
    (
      await sql<Record<string, unknown>>(
        t,
        'select status, toss_status, refunded_point, refunded_amount, toss_failure from charge where id = ?',
        [id],
      )
    )[0]!;
  const alertsOf = async (kind: string) =>
    sql<{ text: string }>(t, 'select text from operator_alert where kind = ? order by id', [kind]);
  const debtsOf = async (memberId: number) =>
    sql<{ id: number; amount: string; collected: string; written_off: string; closed_at: Date | null }>(
      t,
      'select id, amount, collected, written_off, closed_at from point_debt where member_id = ? order by id',
      [memberId],
    );
  const spend = async (memberId: number, amount: bigint, id: string) =>
    t.app
      .get(MikroORM)
      .em.fork()
      .transactional((tx) =>
        wallet.debit(tx, { memberId, amount, kind: LedgerKind.ORDER, reference: { type: 'test-spend', id } }),
      );

  it("case 3: a partial cancel made on Toss's dashboard, then the rest as a chargeback: points and reward taken back once, the shortfall owed, ordering blocked until settled", async () => {
    const before = await wallet.balanceOf(referred.id);
    const referrerBefore = await wallet.balanceOf(referrer.id);
    const { chargeId, paymentKey } = await paidByCard(20_000);
    expect(await wallet.balanceOf(referrer.id)).toBe(referrerBefore + 600n);

    // 1. 5,000 won cancelled on Toss's dashboard (PARTIAL_CANCELED); the webhook is delivered twice.
    expect(await toss.cancelElsewhere(paymentKey, 5_000, '부분 취소 (대시보드)')).toBe(200);
    await toss.postWebhook({
      eventType: 'PAYMENT_STATUS_CHANGED',
      createdAt: new Date().toISOString(),
      data: { ...toss.payments.get(paymentKey)!, version: '2022-11-16' },
    });
    const afterPartial = {
      charge: await chargeRow(chargeId),
      rows: await ledgerRows(t, [referred.id, referrer.id]),
    };
    recordEvidence('case3-partial-cancel', afterPartial);
    expect(afterPartial.charge).toMatchObject({
      status: 'SUCCESS',
      toss_status: 'PARTIAL_CANCELED',
      refunded_point: '5000',
    });
    expect(await wallet.balanceOf(referred.id)).toBe(before + 15_000n);
    expect(await wallet.balanceOf(referrer.id)).toBe(referrerBefore + 450n);

    // 2. The member spends most of what is left; the rest (15,000) comes back as a chargeback, seen by the re-check job (no webhook).
    await spend(referred.id, before + 12_000n, `spend-${chargeId}`);
    await toss.cancelElsewhere(paymentKey, undefined, '차지백', false);
    await sql(t, 'update charge set next_check_at = now() where id = ?', [chargeId]);
    await t.app.get(TossRecheckJob).runOnce();
    await t.app.get(TossRecheckJob).runOnce();
    const charge = await chargeRow(chargeId);
    const rows = await ledgerRows(t, [referred.id, referrer.id]);
    const debts = await debtsOf(referred.id);
    recordEvidence('case3-chargeback', { charge, rows, debts, alerts: await alertsOf('PAYMENT_CANCELED') });
    expect(charge).toMatchObject({
      status: 'SUCCESS',
      toss_status: 'CANCELED',
      refunded_point: '20000',
      refunded_amount: '20000',
    });
    // 3,000 taken (all the balance), 12,000 owed; the whole 600 reward back.
    expect(await wallet.balanceOf(referred.id)).toBe(0n);
    expect(debts.map((d) => [d.amount, d.closed_at])).toEqual([['12000', null]]);
    expect(await wallet.balanceOf(referrer.id)).toBe(referrerBefore);
    const takeBacks = rows.filter((r) => r.reference_type === 'toss-cancel');
    expect(takeBacks.map((r) => [r.member_id, r.kind, r.amount])).toEqual([
      [referred.id, 'CHARGE_REFUND', '-5000'],
      [referred.id, 'CHARGE_REFUND', '-3000'],
    ]);
    expect((await alertsOf('PAYMENT_CANCELED')).map((a) => a.text)).toEqual([
      expect.stringContaining('포인트 5000 회수: 5000 차감, 0 미회수'),
      expect.stringContaining('포인트 15000 회수: 3000 차감, 12000 미회수'),
    ]);

    // 3. Ordering is refused while the debt is open, with the reason.
    const service = (await createService(t, { point: '1', min: 10, max: 1000 })).id;
    await fundDirect(referred.id, 1_000n);
    const refused = await t.http
      .post('/api/service/order')
      .set('Authorization', bearer(referred.token))
      .send({ serviceId: service, link: 'https://instagram.com/p/debt', amount: 100 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('12,000원');

    // 4. The operator collects what the balance covers now (1,000), then writes off the rest; ordering is open again.
    const [debt] = await debtsOf(referred.id);
    const collected = await t.http
      .post(`/api/admin/point-debts/${debt!.id}/collect`)
      .set('Authorization', admin)
      .expect(200);
    expect(collected.body).toMatchObject({ collected: 1000, outstanding: 11_000, closedAt: null });
    await t.http.post(`/api/admin/point-debts/${debt!.id}/write-off`).set('Authorization', admin).send({}).expect(400);
    const off = await t.http
      .post(`/api/admin/point-debts/${debt!.id}/write-off`)
      .set('Authorization', admin)
      .send({ reason: '차지백 손실 처리' })
      .expect(200);
    expect(off.body).toMatchObject({ writtenOff: 11_000, outstanding: 0, closedReason: '차지백 손실 처리' });
    await t.http
      .post(`/api/admin/point-debts/${debt!.id}/write-off`)
      .set('Authorization', admin)
      .send({ reason: 'x' })
      .expect(409);
    const list = await t.http
      .get('/api/admin/point-debts')
      .query({ filter: JSON.stringify({ memberId: referred.id }) })
      .set('Authorization', admin)
      .expect(200);
    expect(list.body).toHaveLength(1);
    expect(await wallet.outstandingOf(referred.id)).toBe(0n);
    expect(await wallet.invariantViolations()).toEqual([]);
  });

  it('case 3: a debt is collected from the next top-up before anything else', async () => {
    const m = await createMember(t);
    const c = (
      await t.http
        .post('/api/service/point/toss')
        .set('Authorization', bearer(m.token))
        .send({ point: 10_000, method: 'CARD' })
        .expect(201)
    ).body;
    const paymentKey = toss.authorize(c.orderId, c.amount, 'CARD');
    await t.http
      .post('/api/service/point/toss/confirm')
      .set('Authorization', bearer(m.token))
      .send({ paymentKey, orderId: c.orderId, amount: c.amount })
      .expect(200);
    await spend(m.id, 10_000n, `spend-all-${c.chargeId}`);
    await toss.cancelElsewhere(paymentKey);
    expect(await wallet.outstandingOf(m.id)).toBe(10_000n);
    const next = (
      await t.http
        .post('/api/service/point/toss')
        .set('Authorization', bearer(m.token))
        .send({ point: 30_000, method: 'CARD' })
        .expect(201)
    ).body;
    const nextKey = toss.authorize(next.orderId, next.amount, 'CARD');
    await t.http
      .post('/api/service/point/toss/confirm')
      .set('Authorization', bearer(m.token))
      .send({ paymentKey: nextKey, orderId: next.orderId, amount: next.amount })
      .expect(200);
    expect(await wallet.balanceOf(m.id)).toBe(20_000n);
    expect(await wallet.outstandingOf(m.id)).toBe(0n);
    expect((await debtsOf(m.id)).map((d) => [d.amount, d.collected, d.closed_at !== null])).toEqual([
      ['10000', '10000', true],
    ]);
  });

  it("case 6: a deleted member's virtual-account deposit (DONE on a closed charge) raises an alert and is refunded from the console", async () => {
    const m = await createMember(t);
    const c = (
      await t.http
        .post('/api/service/point/toss')
        .set('Authorization', bearer(m.token))
        .send({ point: 10_000, method: 'VIRTUAL_ACCOUNT' })
        .expect(201)
    ).body;
    const paymentKey = toss.authorize(c.orderId, c.amount, 'VIRTUAL_ACCOUNT');
    const waiting = await t.http
      .post('/api/service/point/toss/confirm')
      .set('Authorization', bearer(m.token))
      .send({ paymentKey, orderId: c.orderId, amount: c.amount })
      .expect(200);
    expect(waiting.body.status).toBe('WAITING_FOR_DEPOSIT');
    await t.http.delete('/api/auth/account').set('Authorization', bearer(m.token)).expect(200);
    expect((await chargeRow(c.chargeId)).status).toBe('FAIL');

    expect(await toss.deposit(paymentKey)).toBe(200);
    const closed = await chargeRow(c.chargeId);
    const alerts = await alertsOf('PAYMENT_CLOSED_PAID');
    recordEvidence('case6-closed-paid', { charge: closed, alerts, rows: await ledgerRows(t, [m.id]) });
    expect(closed).toMatchObject({ status: 'FAIL', toss_status: 'DONE' });
    expect(String(closed.toss_failure)).toContain('[마감 후 결제됨]');
    expect(alerts.at(-1)!.text).toContain(`마감된 충전 #${c.chargeId}`);
    expect(await ledgerRows(t, [m.id])).toEqual([]);

    await t.http
      .post(`/api/admin/charges/${c.chargeId}/refund`)
      .set('Authorization', admin)
      .send({ point: 5_000, reason: '탈퇴 회원 입금 반환' })
      .expect(400);
    const refunded = await t.http
      .post(`/api/admin/charges/${c.chargeId}/refund`)
      .set('Authorization', admin)
      .send({ point: 10_000, reason: '탈퇴 회원 입금 반환' })
      .expect(200);
    expect(refunded.body).toMatchObject({ status: 'FAIL', tossStatus: 'CANCELED' });
    expect(toss.payments.get(paymentKey)).toMatchObject({ status: 'CANCELED', balanceAmount: 0 });
    await t.http
      .post(`/api/admin/charges/${c.chargeId}/refund`)
      .set('Authorization', admin)
      .send({ point: 10_000, reason: '다시' })
      .expect(409);
    expect(await ledgerRows(t, [m.id])).toEqual([]);
    recordEvidence('case6-closed-paid-refunded', {
      charge: await chargeRow(c.chargeId),
      toss: toss.payments.get(paymentKey),
    });
  });

  const fundDirect = (memberId: number, amount: bigint) =>
    t.app
      .get(MikroORM)
      .em.fork()
      .transactional((tx) =>
        wallet.credit(tx, {
          memberId,
          amount,
          kind: LedgerKind.ADJUST,
          reference: { type: 'test-fund', id: `${memberId}-${amount}` },
        }),
      );
});
