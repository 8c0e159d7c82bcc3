import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { payByCard, receiveTossWebhooks, startFakeToss, tossEnv, type FakeToss } from '../../support/fake-toss.js';
import { SettingsService } from '../../../server/src/modules/settings/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { setSettings, sql } from '../../support/identity.js';
import { bearer } from '../billing/billing-support.js';

/**
 * A level (회원 등급) follows the money that earned it: a card charge that is refunded (in full or in part) or
 * taken back at Toss (a chargeback, a cancel made outside the shop) no longer counts, and the level is
 * recomputed; a level an operator set by hand stays.
 */
describe('member levels follow refunds and chargebacks', () => {
  let t: TestApp;
  let toss: FakeToss;
  let admin: string;
  let ten: { id: number; name: string };
  let vip: { id: number; name: string };

  beforeAll(async () => {
    toss = await startFakeToss();
    t = await startTestApp(tossEnv(toss));
    await receiveTossWebhooks(toss, t.app);
    await t.app.get(SettingsService).setMany({ ENABLE_TOSS_PAYMENT: true, ENABLE_PAYMENT_TYPE: 'ALL' });
    admin = bearer(await t.operatorToken());
    // One operator refunds every charge here: its day of refunds is not what this suite is about.
    await setSettings(t, { APPROVAL_THRESHOLD: '10000000' });
    const level = async (name: string, threshold: number, discountPercent: string) =>
      (
        await t.http
          .post('/api/admin/member-levels')
          .set('Authorization', admin)
          .send({ name, threshold, discountPercent })
          .expect(201)
      ).body as { id: number; name: string };
    ten = await level('10% 등급', 50_000, '10');
    vip = await level('VIP', 1_000_000, '15');
  }, 120_000);
  afterAll(async () => {
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
    await t.close();
    await toss.close();
  });

  const levelOf = async (m: TestMember) =>
    (await t.http.get('/api/auth/profile').set('Authorization', bearer(m.token)).expect(200)).body.level as {
      name: string | null;
      discountPercent: string;
      charged: number;
    };
  /** A 50,000 card charge paid and credited: the member reaches the 10 % level. */
  async function paidByCard(m: TestMember, point = 50_000) {
    const paid = await payByCard(t.http, toss, m.token, point);
    expect(await levelOf(m)).toMatchObject({ name: ten.name, discountPercent: '10', charged: point });
    return paid;
  }
  const refund = (chargeId: number, point: number) =>
    t.http
      .post(`/api/admin/charges/${chargeId}/refund`)
      .set('Authorization', admin)
      .send({ point, reason: '고객 요청' })
      .expect(200);

  it('a full refund takes the level away', async () => {
    const m = await createMember(t);
    const { chargeId } = await paidByCard(m);
    await refund(chargeId, 50_000);
    expect(await levelOf(m)).toMatchObject({ name: null, discountPercent: '0', charged: 0 });
  });

  it('a partial refund below the level’s threshold takes it away too', async () => {
    const m = await createMember(t);
    const { chargeId } = await paidByCard(m, 60_000);
    await refund(chargeId, 5_000);
    expect(await levelOf(m)).toMatchObject({ name: ten.name, charged: 55_000 });
    await refund(chargeId, 20_000);
    expect(await levelOf(m)).toMatchObject({ name: null, charged: 35_000 });
  });

  it('a chargeback at Toss (webhook cancel) takes the level away', async () => {
    const m = await createMember(t);
    const { chargeId, paymentKey } = await paidByCard(m);
    await toss.cancelElsewhere(paymentKey, undefined, '카드사 차지백');
    expect(await sql(t, 'select refunded_point::int as refunded from charge where id = ?', [chargeId])).toEqual([
      { refunded: 50_000 },
    ]);
    expect(await levelOf(m)).toMatchObject({ name: null, discountPercent: '0', charged: 0 });
  });

  it('a level an operator set by hand stays through a refund', async () => {
    const m = await createMember(t);
    const { chargeId } = await paidByCard(m);
    await t.http
      .put(`/api/admin/members/${m.id}/level`)
      .set('Authorization', admin)
      .send({ levelId: vip.id })
      .expect(200);
    await refund(chargeId, 50_000);
    expect(await levelOf(m)).toMatchObject({ name: vip.name, discountPercent: '15', charged: 0 });

    // A hand-set level the charges had also reached stays as well.
    const other = await createMember(t);
    const paid = await paidByCard(other);
    await t.http
      .put(`/api/admin/members/${other.id}/level`)
      .set('Authorization', admin)
      .send({ levelId: ten.id })
      .expect(200);
    await refund(paid.chargeId, 50_000);
    expect(await levelOf(other)).toMatchObject({ name: ten.name, charged: 0 });
  });
});
