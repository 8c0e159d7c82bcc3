import { writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { CHARGE_BONUS_MESSAGES, ERROR_CODES } from '../../../server/src/contracts/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { setSettings, sql } from '../../support/identity.js';
import { createMember, type TestMember } from '../../support/members.js';
import { operatorWithRole } from '../../support/operators.js';
import { payByCard, receiveTossWebhooks, startFakeToss, tossEnv, type FakeToss } from '../../support/fake-toss.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { auditOf, bearer, configureBilling, openCharge } from './billing-support.js';

const BANK_ALERT_KEY = 'bank-alert-secret-charge-bonus-0123';

/**
 * 충전 보너스: the operator's tiers at /api/admin/charge-bonuses, the bonus credited as its own ledger row
 * (CHARGE_BONUS, reference = the charge) when a charge is accepted by any path, and taken back in proportion
 * by every refund path, exact to the won over several partial refunds.
 */
describe('charge bonuses', () => {
  let t: TestApp;
  let toss: FakeToss;
  let wallet: WalletFacade;
  let owner: string;
  const evidence: Record<string, unknown> = {};

  beforeAll(async () => {
    toss = await startFakeToss();
    t = await startTestApp({ ...tossEnv(toss), BANK_ALERT_KEY });
    await receiveTossWebhooks(toss, t.app);
    await configureBilling(t);
    await setSettings(t, { ENABLE_TOSS_PAYMENT: true, APPROVAL_THRESHOLD: 1_000_000 });
    wallet = t.app.get(WalletFacade);
    owner = bearer(await t.operatorToken());
  }, 120_000);
  afterAll(async () => {
    if (process.env.EVIDENCE_FILE) writeFileSync(process.env.EVIDENCE_FILE, JSON.stringify(evidence, null, 2));
    if (t) expect(await wallet.invariantViolations()).toEqual([]);
    await t?.close();
    await toss?.close();
  });

  const admin = (method: 'get' | 'post' | 'put' | 'delete', path: string, auth = owner) =>
    t.http[method](`/api/admin/charge-bonuses${path}`).set('Authorization', auth);
  const tierCount = async () =>
    Number((await sql<{ n: string }>(t, 'select count(*) as n from charge_bonus_tier'))[0]!.n);

  /** Replaces every tier with these (through the console's API). */
  async function setTiers(tiers: Record<string, unknown>[]) {
    const existing = (await admin('get', '').query({ range: '[0,999]' }).expect(200)).body as { id: number }[];
    for (const { id } of existing) await admin('delete', `/${id}`).expect(200);
    for (const tier of tiers) await admin('post', '').send(tier).expect(201);
  }

  const ledger = (memberId: number) =>
    sql<{ kind: string; amount: string; balance_after: string; reference_type: string; reference_id: string }>(
      t,
      `select kind, amount::text, balance_after::text, reference_type, reference_id from point_ledger_entry
        where member_id = ? order by id`,
      [memberId],
    );
  const bonusRows = (memberId: number) =>
    ledger(memberId).then((rows) => rows.filter((r) => r.kind === 'CHARGE_BONUS'));
  const bonusOf = async (chargeId: number) =>
    (
      await sql<{ amount: string; reclaimed: string; unrecovered: string }>(
        t,
        'select amount::text, reclaimed::text, unrecovered::text from charge_bonus where charge_id = ?',
        [chargeId],
      )
    )[0];
  const accept = (chargeId: number) => t.http.post(`/api/admin/charges/${chargeId}/accept`).set('Authorization', owner);
  async function bankCharge(member: TestMember, point: number): Promise<number> {
    const { chargeId } = await openCharge(t, member, point);
    await accept(chargeId).expect(200);
    return chargeId;
  }

  /** The storefront's Toss checkout, the window and the success page's confirm. */
  async function payThroughToss(member: TestMember, point: number, method: 'VIRTUAL_ACCOUNT' | 'TRANSFER') {
    const c = (
      await t.http
        .post('/api/service/point/toss')
        .set('Authorization', bearer(member.token))
        .send({ point, method })
        .expect(201)
    ).body as { chargeId: number; orderId: string; amount: number };
    const paymentKey = toss.authorize(c.orderId, c.amount, method);
    await t.http
      .post('/api/service/point/toss/confirm')
      .set('Authorization', bearer(member.token))
      .send({ paymentKey, orderId: c.orderId, amount: c.amount })
      .expect(200);
    return { ...c, paymentKey };
  }

  it('tiers: created, listed, changed and deleted by the console, each write audited; bad input refused with its code', async () => {
    const created = await admin('post', '').send({ minAmount: 50_000, kind: 'PERCENT', value: 5 }).expect(201);
    expect(created.body).toMatchObject({ minAmount: 50_000, kind: 'PERCENT', value: 5, method: null, enabled: true });
    const id = created.body.id as number;
    const card = await admin('post', '')
      .send({ minAmount: 50_000, kind: 'FIXED', value: 4_000, method: 'TOSS_CARD', enabled: false })
      .expect(201);

    const list = await admin('get', '').query({ sort: '["minAmount","ASC"]', range: '[0,9]' }).expect(200);
    expect(list.headers['content-range']).toBe('charge-bonuses 0-1/2');
    expect((await admin('get', `/${id}`).expect(200)).body).toMatchObject({ id, value: 5 });
    const enabledOnly = await admin('get', '')
      .query({ filter: JSON.stringify({ enabled: true }) })
      .expect(200);
    expect(enabledOnly.body.map((r: { id: number }) => r.id)).toEqual([id]);

    // The storefront reads the enabled tiers only, without logging in.
    expect((await t.http.get('/api/service/charge-bonuses').expect(200)).body).toEqual([
      { id, minAmount: 50_000, kind: 'PERCENT', value: 5, method: null },
    ]);

    const changed = await admin('put', `/${card.body.id}`).send({ enabled: true, value: 4_500 }).expect(200);
    expect(changed.body).toMatchObject({ enabled: true, value: 4_500, method: 'TOSS_CARD', minAmount: 50_000 });

    // Refusals: the Korean message and its code, nothing written.
    const refusals: [Record<string, unknown>, number, keyof typeof ERROR_CODES][] = [
      [{ minAmount: 0, kind: 'PERCENT', value: 5 }, 400, 'CHARGE_BONUS_MIN_AMOUNT_INVALID'],
      [{ minAmount: 1.5, kind: 'PERCENT', value: 5 }, 400, 'CHARGE_BONUS_MIN_AMOUNT_INVALID'],
      [{ minAmount: '10000', kind: 'PERCENT', value: 5 }, 400, 'CHARGE_BONUS_MIN_AMOUNT_INVALID'],
      [{ minAmount: 100_000_001, kind: 'PERCENT', value: 5 }, 400, 'CHARGE_BONUS_MIN_AMOUNT_INVALID'],
      [{ minAmount: 10_000, kind: 'BONUS', value: 5 }, 400, 'CHARGE_BONUS_KIND_INVALID'],
      [{ minAmount: 10_000, kind: 'PERCENT', value: 101 }, 400, 'CHARGE_BONUS_PERCENT_INVALID'],
      [{ minAmount: 10_000, kind: 'PERCENT', value: 0 }, 400, 'CHARGE_BONUS_PERCENT_INVALID'],
      [{ minAmount: 10_000, kind: 'FIXED', value: 0 }, 400, 'CHARGE_BONUS_FIXED_INVALID'],
      [{ minAmount: 10_000, kind: 'FIXED', value: 10_000_001 }, 400, 'CHARGE_BONUS_FIXED_INVALID'],
      [{ minAmount: 10_000, kind: 'FIXED', value: 2.5 }, 400, 'CHARGE_BONUS_FIXED_INVALID'],
      [{ minAmount: 10_000, kind: 'FIXED', value: 100, method: 'CASH' }, 400, 'CHARGE_BONUS_METHOD_INVALID'],
      [{ minAmount: 10_000, kind: 'FIXED', value: 100, enabled: 'yes' }, 400, 'CHARGE_BONUS_ENABLED_INVALID'],
      [{ minAmount: 50_000, kind: 'FIXED', value: 100 }, 409, 'CHARGE_BONUS_DUPLICATE'],
      [{ minAmount: 50_000, kind: 'PERCENT', value: 3, method: 'TOSS_CARD' }, 409, 'CHARGE_BONUS_DUPLICATE'],
    ];
    for (const [body, status, code] of refusals) {
      const res = await admin('post', '').send(body);
      expect([JSON.stringify(body), res.status, res.body.code, res.body.message]).toEqual([
        JSON.stringify(body),
        status,
        code,
        ERROR_CODES[code],
      ]);
    }
    expect(await tierCount()).toBe(2);
    // A PUT is checked on the whole tier: a percent above 100 is refused, the tier unchanged.
    const badPut = await admin('put', `/${id}`).send({ value: 150 }).expect(400);
    expect(badPut.body).toMatchObject({
      code: 'CHARGE_BONUS_PERCENT_INVALID',
      message: CHARGE_BONUS_MESSAGES.percentInvalid,
    });
    const dupPut = await admin('put', `/${card.body.id}`).send({ method: null }).expect(409);
    expect(dupPut.body.code).toBe('CHARGE_BONUS_DUPLICATE');
    expect((await admin('get', `/${id}`).expect(200)).body.value).toBe(5);
    await admin('put', '/999999').send({ value: 3 }).expect(404);
    await admin('get', '/abc').expect(400);
    // Only who settles charges (owner, accountant) may set bonuses.
    const support = await operatorWithRole(t, 'SUPPORT');
    await admin('post', '', support.auth).send({ minAmount: 1_000, kind: 'FIXED', value: 10 }).expect(403);
    await t.http.get('/api/admin/charge-bonuses').expect(401);

    const deleted = await admin('delete', `/${card.body.id}`).expect(200);
    expect(deleted.body).toMatchObject({ id: card.body.id, method: 'TOSS_CARD' });
    expect((await auditOf(t, 'charge-bonuses', card.body.id)).map((a) => [a.action, a.operatorLoginId])).toEqual([
      ['create', 'operator'],
      ['update', 'operator'],
      ['delete', 'operator'],
    ]);
    await admin('delete', `/${id}`).expect(200);
    expect(await tierCount()).toBe(0);
  });

  const TIERS = [
    { minAmount: 10_000, kind: 'PERCENT', value: 3 },
    { minAmount: 50_000, kind: 'PERCENT', value: 5 },
    { minAmount: 50_000, kind: 'FIXED', value: 4_000, method: 'TOSS_CARD' },
    { minAmount: 30_000, kind: 'FIXED', value: 1_000, method: 'TOSS_VIRTUAL_ACCOUNT' },
    { minAmount: 20_000, kind: 'FIXED', value: 9_999, enabled: false },
  ];

  it('bank transfer: the bonus credited as its own ledger row on the operator’s approval and on a matched deposit; none below the threshold', async () => {
    await setTiers(TIERS);
    const m = await createMember(t);
    const approved = await bankCharge(m, 50_000);
    expect(await ledger(m.id)).toEqual([
      {
        kind: 'CHARGE',
        amount: '50000',
        balance_after: '50000',
        reference_type: 'charge',
        reference_id: `${approved}`,
      },
      {
        kind: 'CHARGE_BONUS',
        amount: '2500',
        balance_after: '52500',
        reference_type: 'charge',
        reference_id: `${approved}`,
      },
    ]);
    // Accepting again is refused and credits nothing more.
    await accept(approved).expect(409);

    // 9,999: below every threshold; 25,000: the 10,000 tier (3 %), the disabled 20,000 tier ignored.
    const below = await createMember(t);
    await bankCharge(below, 9_999);
    expect(await bonusRows(below.id)).toEqual([]);
    expect(await wallet.balanceOf(below.id)).toBe(9_999n);
    const mid = await createMember(t);
    await bankCharge(mid, 25_000);
    expect((await bonusRows(mid.id)).map((r) => r.amount)).toEqual(['750']);

    // A deposit the bank alert matches to the charge accepts it the same way.
    const matched = await createMember(t);
    const c = await openCharge(t, matched, 12_345);
    const deposit = await t.http
      .post('/api/admin/deposits')
      .set('x-bank-alert-key', BANK_ALERT_KEY)
      .send({
        bankTransactionId: `bonus-${randomBytes(6).toString('hex')}`,
        depositedAt: new Date().toISOString(),
        depositorName: c.name,
        amount: 12_345,
      })
      .expect(201);
    expect(deposit.body).toMatchObject({ status: 'MATCHED', chargeId: c.chargeId });
    // floor(12,345 × 3 %) = 370.
    expect(await bonusRows(matched.id)).toEqual([
      expect.objectContaining({ amount: '370', reference_type: 'charge', reference_id: `${c.chargeId}` }),
    ]);
    expect(await wallet.balanceOf(matched.id)).toBe(12_715n);
  });

  it('Toss: the card tier on a card payment, the virtual-account tier when the deposit arrives, nothing before', async () => {
    await setTiers(TIERS);
    const m = await createMember(t);
    // 50,000 by card: the card tier and the all-method 5 % share the threshold; the card's own tier wins.
    const { chargeId } = await payByCard(t.http, toss, m.token, 50_000);
    expect(await bonusRows(m.id)).toEqual([
      expect.objectContaining({ amount: '4000', reference_type: 'charge', reference_id: `${chargeId}` }),
    ]);

    // 40,000 by virtual account: 3 % (10,000 tier) would be 1,200, but the highest threshold met is the
    // virtual account's 30,000 tier: 1,000, credited only once the money is deposited.
    const va = await createMember(t);
    const checkout = await payThroughToss(va, 40_000, 'VIRTUAL_ACCOUNT');
    const paymentKey = checkout.paymentKey;
    expect(await bonusRows(va.id)).toEqual([]);
    expect(await toss.deposit(paymentKey)).toBe(200);
    expect(await toss.deposit(paymentKey)).toBe(200);
    expect((await bonusRows(va.id)).map((r) => [r.amount, r.reference_id])).toEqual([['1000', `${checkout.chargeId}`]]);
    expect(await wallet.balanceOf(va.id)).toBe(41_000n);

    // A Toss transfer (계좌이체) is none of the three methods: only the all-method tiers apply (5 %).
    const transfer = await createMember(t);
    await payThroughToss(transfer, 50_000, 'TRANSFER');
    expect((await bonusRows(transfer.id)).map((r) => r.amount)).toEqual(['2500']);
  });

  it('bank refund in three parts: the bonus taken back in proportion, exact to the won, summing to the bonus', async () => {
    await setTiers(TIERS);
    const m = await createMember(t);
    const chargeId = await bankCharge(m, 50_000);
    const refund = (amount: number) =>
      t.http
        .post(`/api/admin/charges/${chargeId}/refund`)
        .set('Authorization', owner)
        .send({ amount, reason: '고객 요청' })
        .expect(200);
    // 10,001 + 20,003 + 19,996 won. Rounding each part alone would take 500 + 1,000 + 999 = 2,499; measured on
    // the running total it takes floor(2,500 × 10,001 / 50,000) = 500, then 1,500 − 500, then 2,500 − 1,500.
    const answers = [];
    for (const amount of [10_001, 20_003, 19_996]) answers.push((await refund(amount)).body);
    const rows = await ledger(m.id);
    const takeBacks = rows.filter((r) => r.kind === 'CHARGE_BONUS' && r.reference_type === 'charge-refund');
    expect(takeBacks.map((r) => [r.amount, r.reference_id])).toEqual([
      ['-500', `bank:${chargeId}:0`],
      ['-1000', `bank:${chargeId}:10001`],
      ['-1000', `bank:${chargeId}:30004`],
    ]);
    expect(takeBacks.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(-2_500);
    expect(await wallet.balanceOf(m.id)).toBe(0n);
    expect(await bonusOf(chargeId)).toEqual({ amount: '2500', reclaimed: '2500', unrecovered: '0' });
    // Every row's (kind, reference) is its own.
    expect(new Set(rows.map((r) => `${r.kind}:${r.reference_type}:${r.reference_id}`)).size).toBe(rows.length);
    evidence.bankRefundInThreeParts = { chargeId, answers, ledger: rows, bonus: await bonusOf(chargeId) };

    // A member who spent the bonus: it is taken back only down to zero (never a debt, as a referral reward);
    // the rest is kept as unrecovered. The charge's own points still become a debt, as before.
    const spender = await createMember(t);
    const spent = await bankCharge(spender, 10_000);
    await t.http
      .post(`/api/admin/members/${spender.id}/adjust-points`)
      .set('Authorization', owner)
      .send({ amount: -10_300, reason: '사용분' })
      .expect(200);
    await t.http
      .post(`/api/admin/charges/${spent}/refund`)
      .set('Authorization', owner)
      .send({ amount: 10_000, reason: '고객 요청' })
      .expect(200);
    expect(await bonusOf(spent)).toEqual({ amount: '300', reclaimed: '0', unrecovered: '300' });
    expect(await wallet.outstandingOf(spender.id)).toBe(10_000n);
    expect(await wallet.balanceOf(spender.id)).toBe(0n);
  });

  it('Toss: a cancel made at Toss and the operator’s refunds take the bonus back in proportion, once each', async () => {
    await setTiers(TIERS);
    const m = await createMember(t);
    const { chargeId, paymentKey } = await payByCard(t.http, toss, m.token, 50_000);
    // 4,000 bonus. 20,000 cancelled on Toss's dashboard (the webhook delivered twice), then the rest.
    expect(await toss.cancelElsewhere(paymentKey, 20_000, '부분 취소 (대시보드)')).toBe(200);
    await toss.postWebhook({
      eventType: 'PAYMENT_STATUS_CHANGED',
      createdAt: new Date().toISOString(),
      data: { ...toss.payments.get(paymentKey)!, version: '2022-11-16' },
    });
    expect((await bonusRows(m.id)).map((r) => r.amount)).toEqual(['4000', '-1600']);
    expect(await toss.cancelElsewhere(paymentKey, undefined, '차지백')).toBe(200);
    const rows = await bonusRows(m.id);
    expect(rows.map((r) => [r.amount, r.reference_type])).toEqual([
      ['4000', 'charge'],
      ['-1600', 'charge-refund'],
      ['-2400', 'charge-refund'],
    ]);
    expect(await bonusOf(chargeId)).toEqual({ amount: '4000', reclaimed: '4000', unrecovered: '0' });
    expect(await wallet.balanceOf(m.id)).toBe(0n);

    // The operator's refund through Toss (points). 40,000 by card is below the card tier (50,000): the
    // 10,000 tier's 3 %, 1,200. Refunded as 13,333 then 26,667 points.
    const r = await createMember(t);
    const paid = await payByCard(t.http, toss, r.token, 40_000);
    const refund = (point: number) =>
      t.http
        .post(`/api/admin/charges/${paid.chargeId}/refund`)
        .set('Authorization', owner)
        .send({ point, reason: '고객 요청' })
        .expect(200);
    await refund(13_333);
    await refund(26_667);
    // floor(1,200 × 13,333 / 40,000) = 399, then 1,200 − 399 = 801.
    expect((await bonusRows(r.id)).map((x) => x.amount)).toEqual(['1200', '-399', '-801']);
    expect(await wallet.balanceOf(r.id)).toBe(0n);
    evidence.tossCancels = { chargeId, bonusRows: rows, refunded: await bonusRows(r.id) };
  });
});
