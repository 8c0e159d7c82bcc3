import pg from 'pg';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import {
  auditOf,
  bearer,
  clock,
  configureBilling,
  HOUR,
  openCharge,
  requestCharge,
  TAX_INVOICE,
} from './billing-support.js';

const KEY = 'bank-alert-secret-0123456789';
let seq = 0;
const txId = () => `BANK-${Date.now()}-${++seq}`;

describe('deposits: recording, automatic matching, manual match, bank-alert key', () => {
  let t: TestApp;
  let admin: string;
  let wallet: WalletFacade;

  beforeAll(async () => {
    t = await startTestApp({ BANK_ALERT_KEY: KEY });
    admin = bearer(await t.operatorToken());
    wallet = t.app.get(WalletFacade);
    await configureBilling(t);
  });
  afterEach(() => clock(t).reset());
  afterAll(async () => {
    expect(await wallet.invariantViolations()).toEqual([]);
    await t.close();
  });

  const deposit = (body: Record<string, unknown>, auth: { key?: string; token?: string } = { key: KEY }) => {
    const req = t.http.post('/api/admin/deposits');
    if (auth.key !== undefined) req.set('x-bank-alert-key', auth.key);
    if (auth.token) req.set('Authorization', auth.token);
    return req.send({ bankTransactionId: txId(), depositedAt: new Date().toISOString(), ...body });
  };
  const charge = (id: number) =>
    t.http
      .get(`/api/admin/charges/${id}`)
      .set('Authorization', admin)
      .expect(200)
      .then((r) => r.body);

  it('accepts the one open charge with the same depositor name and amount to deposit, and credits it once', async () => {
    const m = await createMember(t);
    const c = await openCharge(t, m, 33_000, '박 서준');
    const res = await deposit({ depositorName: '박서준', amount: 33_000 }).expect(201);
    expect(res.body).toMatchObject({
      status: 'MATCHED',
      chargeId: c.chargeId,
      amount: 33000,
      depositorName: '박서준',
      recordedBy: 'bank-alert',
      resolvedBy: 'bank-alert',
      reason: null,
    });
    expect(await charge(c.chargeId)).toMatchObject({
      status: 'SUCCESS',
      depositId: res.body.id,
      resolvedBy: 'bank-alert',
    });
    expect(await wallet.balanceOf(m.id)).toBe(33_000n);
    // Not an operator action: nothing audited.
    expect(await auditOf(t, 'charges', c.chargeId)).toEqual([]);
  });

  it('matches on the amount to deposit of a tax-invoice charge (point × 1.1) and credits point', async () => {
    const m = await createMember(t);
    const res = await requestCharge(t, m, {
      name: '이도윤',
      point: 20000,
      feeType: 'FEE',
      feeValue: TAX_INVOICE,
    }).expect(201);
    await deposit({ depositorName: '이도윤', amount: 20_000 })
      .expect(201)
      .expect((r) => expect(r.body).toMatchObject({ status: 'UNMATCHED', reason: 'NO_MATCH' }));
    await deposit({ depositorName: '이도윤', amount: 22_000 })
      .expect(201)
      .expect((r) => expect(r.body).toMatchObject({ status: 'MATCHED', chargeId: res.body.chargeId }));
    expect(await wallet.balanceOf(m.id)).toBe(20_000n);
  });

  it('leaves an ambiguous deposit (two open charges alike) for an operator, who matches it by hand', async () => {
    const m1 = await createMember(t);
    const m2 = await createMember(t);
    const c1 = await openCharge(t, m1, 15_000, '최지우');
    const c2 = await openCharge(t, m2, 15_000, '최지우');
    const d = await deposit({ depositorName: '최지우', amount: 15_000 }).expect(201);
    expect(d.body).toMatchObject({ status: 'UNMATCHED', reason: 'AMBIGUOUS', chargeId: null });
    expect((await charge(c1.chargeId)).status).toBe('PENDING');
    expect((await charge(c2.chargeId)).status).toBe('PENDING');

    const matched = await t.http
      .post(`/api/admin/deposits/${d.body.id}/match`)
      .set('Authorization', admin)
      .send({ chargeId: c2.chargeId })
      .expect(200);
    expect(matched.body).toMatchObject({ status: 'MATCHED', chargeId: c2.chargeId, resolvedBy: 'operator:operator' });
    expect(await charge(c2.chargeId)).toMatchObject({ status: 'SUCCESS', depositId: d.body.id });
    expect(await wallet.balanceOf(m2.id)).toBe(15_000n);
    expect(await wallet.balanceOf(m1.id)).toBe(0n);
    expect((await auditOf(t, 'deposits', d.body.id)).map((a) => a.action)).toEqual(['match']);
    expect((await auditOf(t, 'charges', c2.chargeId)).map((a) => a.action)).toEqual(['accept']);

    // The deposit is spent: matching it again, or to the other charge, is refused.
    const again = await t.http
      .post(`/api/admin/deposits/${d.body.id}/match`)
      .set('Authorization', admin)
      .send({ chargeId: c1.chargeId })
      .expect(409);
    expect(again.body.message).toBe('이미 충전 요청과 매칭된 입금입니다.');
    expect(await wallet.balanceOf(m1.id)).toBe(0n);
  });

  it('leaves an unmatched deposit waiting, then an operator matches it to a charge made under another name', async () => {
    const m = await createMember(t);
    const c = await openCharge(t, m, 8_000, '정하은');
    const d = await deposit({ depositorName: '정하은엄마', amount: 8_000 }).expect(201);
    expect(d.body).toMatchObject({ status: 'UNMATCHED', reason: 'NO_MATCH' });
    expect((await charge(c.chargeId)).status).toBe('PENDING');
    await t.http
      .post(`/api/admin/deposits/${d.body.id}/match`)
      .set('Authorization', admin)
      .send({ chargeId: c.chargeId })
      .expect(200);
    expect(await wallet.balanceOf(m.id)).toBe(8_000n);
  });

  it('refuses a manual match whose amounts differ, to a settled or expired charge, or to nothing', async () => {
    const m = await createMember(t);
    const c = await openCharge(t, m, 9_000, '강민준');
    const d = await deposit({ depositorName: '강민준', amount: 9_500 }).expect(201);
    const wrong = await t.http
      .post(`/api/admin/deposits/${d.body.id}/match`)
      .set('Authorization', admin)
      .send({ chargeId: c.chargeId })
      .expect(409);
    expect(wrong.body.message).toBe(`입금액(9500원)이 충전 요청 #${c.chargeId}의 입금할 금액(9000원)과 다릅니다.`);
    await t.http
      .post(`/api/admin/deposits/${d.body.id}/match`)
      .set('Authorization', admin)
      .send({ chargeId: 424242 })
      .expect(404);
    await t.http
      .post(`/api/admin/deposits/424242/match`)
      .set('Authorization', admin)
      .send({ chargeId: c.chargeId })
      .expect(404);
    await t.http.post(`/api/admin/deposits/${d.body.id}/match`).set('Authorization', admin).send({}).expect(400);

    const late = await openCharge(t, m, 9_500, '강민준');
    clock(t).travel(3 * HOUR);
    const expired = await t.http
      .post(`/api/admin/deposits/${d.body.id}/match`)
      .set('Authorization', admin)
      .send({ chargeId: late.chargeId })
      .expect(409);
    expect(expired.body.message).toBe('입금 기한(3시간)이 지난 충전 요청입니다.');
    // Nothing moved, and the deposit still waits.
    expect(await wallet.balanceOf(m.id)).toBe(0n);
    const row = await t.http.get(`/api/admin/deposits/${d.body.id}`).set('Authorization', admin).expect(200);
    expect(row.body).toMatchObject({ status: 'UNMATCHED', chargeId: null });
  });

  it('does not match a deposit to a charge past its deadline', async () => {
    const m = await createMember(t);
    await openCharge(t, m, 6_000, '윤서아');
    clock(t).travel(3 * HOUR + 1);
    const d = await deposit({ depositorName: '윤서아', amount: 6_000 }).expect(201);
    expect(d.body).toMatchObject({ status: 'UNMATCHED', reason: 'NO_MATCH' });
    expect(await wallet.balanceOf(m.id)).toBe(0n);
  });

  it('ignores a repeated bank transaction id: 200 with the deposit already recorded, nothing credited twice', async () => {
    const m = await createMember(t);
    const c = await openCharge(t, m, 12_000, '한지민');
    const body = {
      bankTransactionId: txId(),
      depositorName: '한지민',
      amount: 12_000,
      depositedAt: '2026-11-22T10:00:00+09:00',
    };
    const first = await deposit(body).expect(201);
    const again = await deposit({ ...body, amount: 99_999, depositorName: '다른사람' }).expect(200);
    expect(again.body).toEqual(first.body);
    expect(again.body).toMatchObject({
      status: 'MATCHED',
      chargeId: c.chargeId,
      depositedAt: '2026-11-22T01:00:00.000Z',
    });

    const burst = {
      bankTransactionId: txId(),
      depositorName: '아무개',
      amount: 1_234,
      depositedAt: new Date().toISOString(),
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => deposit(burst)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const listed = await t.http
      .get('/api/admin/deposits')
      .query({ filter: JSON.stringify({ q: '아무개' }) })
      .set('Authorization', admin)
      .expect(200);
    expect(listed.body).toHaveLength(1);
    expect(await wallet.balanceOf(m.id)).toBe(12_000n);
  });

  it('credits once when the bank alert and an operator settle the same charge at once', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await createMember(t);
      const c = await openCharge(t, m, 5_000, `동시${round}`);
      const [alert, op] = await Promise.all([
        deposit({ depositorName: `동시${round}`, amount: 5_000 }),
        t.http.post(`/api/admin/charges/${c.chargeId}/accept`).set('Authorization', admin),
      ]);
      expect(alert.status).toBe(201);
      expect(await wallet.balanceOf(m.id)).toBe(5_000n);
      expect((await charge(c.chargeId)).status).toBe('SUCCESS');
      // The deposit either paid the charge, or the operator was first and it waits (CONFLICT or NO_MATCH).
      if (op.status === 200) expect(alert.body).toMatchObject({ status: 'UNMATCHED' });
      else expect(alert.body).toMatchObject({ status: 'MATCHED', chargeId: c.chargeId });
    }
  });

  it('leaves a deposit waiting (CONFLICT) when its one charge is settled between the lookup and the match', async () => {
    const m = await createMember(t);
    const c = await openCharge(t, m, 3_300, '배유나');
    const [other, watcher] = [
      new pg.Client({ connectionString: t.databaseUrl }),
      new pg.Client({ connectionString: t.databaseUrl }),
    ];
    await Promise.all([other.connect(), watcher.connect()]);
    try {
      // Another transaction settles the charge and holds its row while the deposit arrives ...
      await other.query('begin');
      await other.query(
        "update charge set status = 'FAIL', version = version + 1, resolved_by = 'test' where id = $1",
        [c.chargeId],
      );
      const pending = deposit({ depositorName: '배유나', amount: 3_300 }).then((r) => r);
      // ... until the deposit's match is waiting for that row.
      const blocked = async () =>
        (
          await watcher.query('select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [
            (other as unknown as { processID: number }).processID,
          ])
        ).rows[0].n > 0;
      while (!(await blocked())) await new Promise((r) => setTimeout(r, 10));
      await other.query('commit');
      const res = await pending;
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'UNMATCHED', reason: 'CONFLICT', chargeId: null });
    } finally {
      await Promise.all([other.end(), watcher.end()]);
    }
    expect(await wallet.balanceOf(m.id)).toBe(0n);
    expect((await charge(c.chargeId)).status).toBe('FAIL');
  });

  it('takes deposits from an operator token (audited) as well as from the key', async () => {
    const m = await createMember(t);
    const c = await openCharge(t, m, 4_400, '서민재');
    const d = await deposit({ depositorName: '서민재', amount: '4400' }, { token: admin }).expect(201);
    expect(d.body).toMatchObject({ status: 'MATCHED', recordedBy: 'operator:operator', chargeId: c.chargeId });
    expect((await auditOf(t, 'deposits', d.body.id)).map((a) => a.action)).toEqual(['create', 'match']);
    expect((await auditOf(t, 'charges', c.chargeId)).map((a) => a.action)).toEqual(['accept']);
  });

  it('refuses a wrong, empty or member key (401), and no credentials at all (401)', async () => {
    const m = await createMember(t);
    const body = { depositorName: '누구', amount: 1000 };
    for (const auth of [{ key: 'wrong-key-wrong-key' }, { key: '' }, { key: KEY.toUpperCase() }]) {
      const res = await deposit(body, auth).expect(401);
      expect(res.body).toEqual({
        statusCode: 401,
        code: expect.any(String),
        message: '입금 알림 키가 올바르지 않습니다.',
      });
    }
    // A valid operator token does not rescue a wrong key: the header is judged alone.
    await deposit(body, { key: 'wrong-key-wrong-key', token: admin }).expect(401);
    await deposit(body, { token: bearer(m.token) }).expect(401);
    await deposit(body, {}).expect(401);
    // The key only records deposits: it opens no other operator route.
    await t.http.get('/api/admin/deposits').set('x-bank-alert-key', KEY).expect(401);
    await t.http.post('/api/admin/deposits/1/match').set('x-bank-alert-key', KEY).send({ chargeId: 1 }).expect(401);
    const listed = await t.http
      .get('/api/admin/deposits')
      .query({ filter: JSON.stringify({ q: '누구' }) })
      .set('Authorization', admin)
      .expect(200);
    expect(listed.body).toEqual([]);
  });

  it.each([
    [{ depositorName: '누구', amount: 1000, bankTransactionId: '' }, '거래 번호(bankTransactionId)가 필요합니다.'],
    [{ amount: 1000 }, '입금자명(depositorName)이 필요합니다.'],
    [{ depositorName: '누구', amount: 0 }, '입금액(amount)은 1원 이상의 정수여야 합니다.'],
    [{ depositorName: '누구', amount: 10.5 }, '입금액(amount)은 1원 이상의 정수여야 합니다.'],
    [{ depositorName: '누구', amount: '1,000' }, '입금액(amount)은 1원 이상의 정수여야 합니다.'],
    [
      { depositorName: '누구', amount: 1000, depositedAt: 'yesterday' },
      '입금 시각(depositedAt)은 ISO 8601 형식이어야 합니다.',
    ],
  ])('refuses the deposit %j with 400 %s', async (body, message) => {
    const res = await deposit(body).expect(400);
    expect(res.body.message).toBe(message);
  });

  it('lets an operator dismiss a deposit that pays for nothing (audited), once', async () => {
    const d = await deposit({ depositorName: '모르는분', amount: 70_000 }).expect(201);
    const res = await t.http
      .post(`/api/admin/deposits/${d.body.id}/dismiss`)
      .set('Authorization', admin)
      .send({ memo: '오입금: 고객에게 반환' })
      .expect(200);
    expect(res.body).toMatchObject({
      status: 'DISMISSED',
      memo: '오입금: 고객에게 반환',
      resolvedBy: 'operator:operator',
    });
    expect(
      (await t.http.post(`/api/admin/deposits/${d.body.id}/dismiss`).set('Authorization', admin).send({}).expect(409))
        .body.message,
    ).toBe('이미 보류 처리된 입금입니다.');
    expect(
      (
        await t.http
          .post(`/api/admin/deposits/${d.body.id}/match`)
          .set('Authorization', admin)
          .send({ chargeId: 1 })
          .expect(409)
      ).body.message,
    ).toBe('이미 보류 처리된 입금입니다.');
    expect((await auditOf(t, 'deposits', d.body.id)).map((a) => a.action)).toEqual(['dismiss']);
  });
});

describe('deposits without BANK_ALERT_KEY configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refuses any key (401) and still takes an operator', async () => {
    const body = {
      bankTransactionId: 'x-1',
      depositorName: '누구',
      amount: 1000,
      depositedAt: new Date().toISOString(),
    };
    await t.http
      .post('/api/admin/deposits')
      .set('x-bank-alert-key', 'anything-anything-anything')
      .send(body)
      .expect(401);
    await t.http
      .post('/api/admin/deposits')
      .set('Authorization', bearer(await t.operatorToken()))
      .send(body)
      .expect(201);
  });
});
