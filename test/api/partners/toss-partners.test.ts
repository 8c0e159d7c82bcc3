import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { clientIp, createMember, type TestMember } from '../../support/members.js';
import { setSettings, sql } from '../../support/identity.js';
import { startFakeToss, type FakeToss } from '../../support/fake-toss.js';
import { ContentFacade } from '../../../server/src/modules/content/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { BANK, bearer } from '../billing/billing-support.js';
import { ledgerRows, recordEvidence } from './evidence.js';

/** Issue 23, cases 3, 5 and 6: where money meets Toss, the shop settles with what Toss says. */
describe('Toss: refunds, cancels made elsewhere, and referral take-back', () => {
  let t: TestApp;
  let toss: FakeToss;
  let wallet: WalletFacade;
  let admin: string;
  let referrer: TestMember;
  let referred: TestMember;

  beforeAll(async () => {
    toss = await startFakeToss();
    t = await startTestApp({
      TOSS_CLIENT_KEY: toss.clientKey,
      TOSS_SECRET_KEY: toss.secretKey,
      TOSS_API_URL: toss.url,
      TOSS_TIMEOUT_MS: '500',
    });
    await t.app.listen(0, '127.0.0.1');
    toss.webhookUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/api/toss/webhook`;
    await t.app.get(ContentFacade).seedDemo();
    await setSettings(t, { ...BANK, ENABLE_TOSS_PAYMENT: true, ENABLE_REFERRAL: true, REFERRAL_RATE: '3' });
    wallet = t.app.get(WalletFacade);
    admin = bearer(await t.operatorToken());
    referrer = await createMember(t);
    const code = (await t.http.post('/api/auth/referral-code').set('Authorization', bearer(referrer.token)).expect(200))
      .body.referralCode;
    const signup = {
      id: 'partnerref1',
      password: 'secret123',
      email: 'partnerref1@example.com',
      registerWhere: '유튜브',
      phoneNumber: '',
      sendCode: '',
      referral: code,
      emailCode: '',
      agreeTerms: true,
      agreePrivacy: true,
    };
    await t.http.post('/api/auth/register').set('X-Forwarded-For', clientIp()).send(signup).expect(201);
    const login = await t.http
      .post('/api/auth/login')
      .set('X-Forwarded-For', clientIp())
      .send({ id: signup.id, password: signup.password })
      .expect(200);
    const [row] = await sql<{ id: number }>(t, 'select id from member where login_id = ?', [signup.id]);
    referred = { id: row!.id, loginId: signup.id, password: signup.password, token: login.body.accessToken };
  });
  afterAll(async () => {
    expect(await wallet.invariantViolations()).toEqual([]);
    await t.close();
    await toss.close();
  });

  /** A card payment of `point` by the referred member, confirmed: its charge id and payment key. */
  async function paidByCard(point: number) {
    const c = (
      await t.http
        .post('/api/service/point/toss')
        .set('Authorization', bearer(referred.token))
        .send({ point, method: 'CARD' })
        .expect(201)
    ).body;
    const paymentKey = toss.authorize(c.orderId, c.amount, 'CARD');
    await t.http
      .post('/api/service/point/toss/confirm')
      .set('Authorization', bearer(referred.token))
      .send({ paymentKey, orderId: c.orderId, amount: c.amount })
      .expect(200);
    return { chargeId: c.chargeId as number, paymentKey, orderId: c.orderId as string };
  }
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
});
