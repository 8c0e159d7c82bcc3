import { seedDemoContent } from '../../../server/src/database/demo/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, registerReferred, type TestMember } from '../../support/members.js';
import { setSettings, sql } from '../../support/identity.js';
import { startFakeToss, tossEnv, type FakeToss } from '../../support/fake-toss.js';
import { LedgerKind, WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { BANK, bearer, openCharge } from '../billing/billing-support.js';

/** The referral reward round trip: a code, a sign-up with it, charges by every method, a refund, and what each side sees. */
describe('referral rewards', () => {
  let t: TestApp;
  let toss: FakeToss;
  let wallet: WalletFacade;
  let admin: string;
  let referrer: TestMember;
  let referred: TestMember;
  let code: string;

  beforeAll(async () => {
    toss = await startFakeToss();
    t = await startTestApp(tossEnv(toss));
    await seedDemoContent(t.app);
    await setSettings(t, { ...BANK, ENABLE_TOSS_PAYMENT: true, ENABLE_REFERRAL: true });
    wallet = t.app.get(WalletFacade);
    admin = bearer(await t.operatorToken());
    referrer = await createMember(t);
    code = (await t.http.post('/api/auth/referral-code').set('Authorization', bearer(referrer.token)).expect(200)).body
      .referralCode;
    referred = await registerReferred(t, code, 'referred1');
  });
  afterAll(async () => {
    expect(await wallet.invariantViolations()).toEqual([]);
    await t.close();
    await toss.close();
  });

  const rewards = async () =>
    sql<{ amount: string; reference_type: string; reference_id: string }>(
      t,
      `select amount, reference_type, reference_id from point_ledger_entry where kind = 'REFERRAL' and member_id = ? order by id`,
      [referrer.id],
    );
  const summary = async (m: TestMember) =>
    (await t.http.get('/api/service/referral').set('Authorization', bearer(m.token)).expect(200)).body;

  it('round trip: bank transfer, Toss and a refund; the account page, the console and the dashboard', async () => {
    // 1. A bank-transfer charge accepted by the operator: 3 % (the default) of 33,333 → 999 (floored).
    const bank = await openCharge(t, referred, 33_333);
    await t.http.post(`/api/admin/charges/${bank.chargeId}/accept`).set('Authorization', admin).expect(200);
    expect(await wallet.balanceOf(referrer.id)).toBe(999n);
    // Accepting again is refused and rewards nothing more.
    await t.http.post(`/api/admin/charges/${bank.chargeId}/accept`).set('Authorization', admin).expect(409);

    // 1b. A bank deposit the operator records, matched to the open charge automatically: 3 % of 10,000 → 300.
    const matched = await openCharge(t, referred, 10_000, '추천받은회원');
    const dep = await t.http
      .post('/api/admin/deposits')
      .set('Authorization', admin)
      .send({
        bankTransactionId: 'tx-referral-1',
        depositorName: '추천받은회원',
        amount: 10_000,
        depositedAt: new Date().toISOString(),
      })
      .expect(201);
    expect(dep.body).toMatchObject({ status: 'MATCHED', chargeId: matched.chargeId });
    expect(await wallet.balanceOf(referrer.id)).toBe(1_299n);

    // 2. The operator raises REFERRAL_RATE to 5; a Toss card payment of 20,000 → 1,000.
    await setSettings(t, { REFERRAL_RATE: '5' });
    const c = (
      await t.http
        .post('/api/service/point/toss')
        .set('Authorization', bearer(referred.token))
        .send({ point: 20_000, method: 'CARD' })
        .expect(201)
    ).body;
    const paymentKey = toss.authorize(c.orderId, c.amount, 'CARD');
    await Promise.all(
      Array.from({ length: 5 }, () =>
        t.http
          .post('/api/service/point/toss/confirm')
          .set('Authorization', bearer(referred.token))
          .send({ paymentKey, orderId: c.orderId, amount: c.amount }),
      ),
    );
    expect(await wallet.balanceOf(referrer.id)).toBe(2_299n);
    expect((await rewards()).map((r) => [r.amount, r.reference_type, r.reference_id])).toEqual([
      ['999', 'charge', String(bank.chargeId)],
      ['300', 'charge', String(matched.chargeId)],
      ['1000', 'charge', String(c.chargeId)],
    ]);

    // 3. The account page.
    expect(await summary(referrer)).toEqual({ code, joined: 1, earned: 2_299, rate: 5 });
    expect(await summary(referred)).toMatchObject({ code: null, joined: 0, earned: 0 });

    // 4. The referrer spends all but 300 points (2,299 − 1,999); the Toss charge is refunded in full: its 1,000
    //    reward is taken back as far as it goes (300), the rest recorded for the operator.
    const em = t.app.get(MikroORM).em.fork();
    await wallet.debit(em, {
      memberId: referrer.id,
      amount: 1_999n,
      kind: LedgerKind.ORDER,
      reference: { type: 'test-spend', id: referrer.id },
    });
    await t.http
      .post(`/api/admin/charges/${c.chargeId}/refund`)
      .set('Authorization', admin)
      .send({ point: 20_000, reason: '고객 요청' })
      .expect(200);
    expect(await wallet.balanceOf(referrer.id)).toBe(0n);
    const after = await rewards();
    expect(after.at(-1)).toMatchObject({ amount: '-300', reference_type: 'charge-refund' });
    expect(after).toHaveLength(4);
    // Taken back once: the charge has nothing left to refund.
    await t.http
      .post(`/api/admin/charges/${c.chargeId}/refund`)
      .set('Authorization', admin)
      .send({ point: 1, reason: '다시' })
      .expect(400);
    expect(await rewards()).toHaveLength(4);
    // Earned is net of what was taken back: 999 + 300 + 1,000 − 300 (the 700 it could not take back stays recorded).
    expect(await summary(referrer)).toMatchObject({ joined: 1, earned: 1_999 });

    // 5. The console: rewards listed, per member figures, the dashboard's counts.
    const list = await t.http
      .get('/api/admin/referrals')
      .query({ filter: JSON.stringify({ referrerId: referrer.id }) })
      .set('Authorization', admin)
      .expect(200);
    expect(list.body).toHaveLength(3);
    expect((list.body as { chargeId: number }[]).find((r) => r.chargeId === c.chargeId)).toMatchObject({
      amount: 1000,
      reclaimed: 300,
      unrecovered: 700,
      rate: 5,
    });
    const member = await t.http
      .get(`/api/admin/referrals/members/${referrer.id}`)
      .set('Authorization', admin)
      .expect(200);
    expect(member.body).toEqual({ id: referrer.id, joined: 1, rewards: 3, earned: 1_999, unrecovered: 700 });
    const ledger = await t.http
      .get('/api/admin/ledger-entries')
      .query({ filter: JSON.stringify({ kind: 'REFERRAL' }) })
      .set('Authorization', admin)
      .expect(200);
    expect(ledger.body).toHaveLength(4);
    const dashboard = await t.http.get('/api/admin/dashboard').set('Authorization', admin).expect(200);
    expect(dashboard.body.referrals).toMatchObject({ referredMembers: 1, rewards: 3 });
    expect(Number(dashboard.body.referrals.unrecoveredPoints)).toBe(700);
  });

  it('pays nothing while ENABLE_REFERRAL is off', async () => {
    await setSettings(t, { ENABLE_REFERRAL: false });
    const before = await wallet.balanceOf(referrer.id);
    const bank = await openCharge(t, referred, 10_000);
    await t.http.post(`/api/admin/charges/${bank.chargeId}/accept`).set('Authorization', admin).expect(200);
    expect(await wallet.balanceOf(referrer.id)).toBe(before);
    await setSettings(t, { ENABLE_REFERRAL: true });
  });

  it('pays a withdrawn referrer nothing, and the account page counts only members still here', async () => {
    const second = await createMember(t);
    const secondCode = (
      await t.http.post('/api/auth/referral-code').set('Authorization', bearer(second.token)).expect(200)
    ).body.referralCode;
    const join = (id: string) => registerReferred(t, secondCode, id);
    const stays = await join('referred2');
    const leaves = await join('referred3');
    expect(await summary(second)).toEqual({ code: secondCode, joined: 2, earned: 0, rate: 5 });
    await t.http.delete('/api/auth/account').set('Authorization', bearer(leaves.token)).expect(200);
    expect(await summary(second)).toEqual({ code: secondCode, joined: 1, earned: 0, rate: 5 });
    // The console counts every member who joined with the code, withdrawn or not.
    const figures = await t.http
      .get(`/api/admin/referrals/members/${second.id}`)
      .set('Authorization', admin)
      .expect(200);
    expect(figures.body).toEqual({ id: second.id, joined: 2, rewards: 0, earned: 0, unrecovered: 0 });

    await t.http.delete('/api/auth/account').set('Authorization', bearer(second.token)).expect(200);
    const bank = await openCharge(t, stays, 10_000);
    await t.http.post(`/api/admin/charges/${bank.chargeId}/accept`).set('Authorization', admin).expect(200);
    expect(await wallet.balanceOf(stays.id)).toBe(10_000n);
    expect(
      await sql(t, `select count(*)::int as n from point_ledger_entry where kind = 'REFERRAL' and member_id = ?`, [
        second.id,
      ]),
    ).toEqual([{ n: 0 }]);
    expect(await sql(t, 'select count(*)::int as n from referral_reward where referred_id = ?', [stays.id])).toEqual([
      { n: 0 },
    ]);
  });

  it('REFERRAL_RATE refuses anything but a whole percent', async () => {
    const res = await t.http
      .put('/api/admin/settings/REFERRAL_RATE')
      .set('Authorization', admin)
      .send({ value: '3.5' })
      .expect(400);
    expect(res.body.message).toContain('REFERRAL_RATE');
  });
});
