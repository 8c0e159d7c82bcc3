import { MikroORM } from '@mikro-orm/postgresql';
import { LedgerKind, WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { sql } from '../../support/identity.js';

describe('operator console: members and outbox', () => {
  let t: TestApp;
  let admin: string;
  let kim: TestMember;
  let lee: TestMember;
  const charge = (memberId: number, amount: bigint) =>
    t.app
      .get(MikroORM)
      .em.fork()
      .transactional((em) =>
        t.app.get(WalletFacade).credit(em, {
          memberId,
          amount,
          kind: LedgerKind.CHARGE,
          reference: { type: 'charge', id: `c${memberId}-${amount}` },
        }),
      );
  const list = (query: Record<string, unknown>) =>
    t.http
      .get('/api/admin/members')
      .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
      .set('Authorization', admin);
  const auditOf = async (memberId: number) =>
    (
      await t.http
        .get('/api/admin/audit-logs')
        .query({ filter: JSON.stringify({ resource: 'members', resourceId: String(memberId) }) })
        .set('Authorization', admin)
        .expect(200)
    ).body;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.operatorToken()}`;
    kim = await createMember(t, 'kimchulsoo');
    lee = await createMember(t, 'leeyounghee');
    await sql(t, "update member set phone = '01077778888' where id = ?", [lee.id]);
    await charge(kim.id, 12_000n);
    await charge(lee.id, 3_000n);
  });
  afterAll(() => t.close());

  it('lists members with their balances, paged with Content-Range', async () => {
    const res = await list({ sort: ['id', 'ASC'], range: [0, 9] }).expect(200);
    expect(res.headers['content-range']).toBe('members 0-1/2');
    expect(res.body.map((m: { loginId: string; point: number }) => [m.loginId, m.point])).toEqual([
      ['kimchulsoo', 12000],
      ['leeyounghee', 3000],
    ]);
    expect(res.body[0]).toMatchObject({
      id: kim.id,
      email: 'kimchulsoo@example.com',
      status: 'ACTIVE',
      hasApiKey: false,
    });
    for (const secret of ['passwordHash', 'password_hash', 'apiKeyHash', 'apiKeyCipher', 'sessionVersion'])
      expect(res.body[0]).not.toHaveProperty(secret);
  });

  it('searches by id, email or phone (q) and filters by status', async () => {
    const ids = async (filter: Record<string, unknown>) =>
      (await list({ filter }).expect(200)).body.map((m: { loginId: string }) => m.loginId);
    expect(await ids({ q: 'CHUL' })).toEqual(['kimchulsoo']);
    expect(await ids({ q: 'leeyounghee@example' })).toEqual(['leeyounghee']);
    expect(await ids({ q: '7777' })).toEqual(['leeyounghee']);
    expect(await ids({ q: '%' })).toEqual([]);
    expect(await ids({ status: 'SUSPENDED' })).toEqual([]);
    expect(await ids({ id: [lee.id] })).toEqual(['leeyounghee']);
    expect((await list({ filter: { status: 'NOPE' } }).expect(400)).body.message).toBe(
      "목록 필터 'status'의 값이 올바르지 않습니다. 다음 중 하나로 입력해 주세요: ACTIVE, SUSPENDED, DELETED",
    );
    expect((await list({ filter: { password: 'x' } }).expect(400)).body.message).toBe(
      '알 수 없는 목록 필터입니다: password',
    );
    expect((await list({ sort: ['passwordHash', 'ASC'] }).expect(400)).body.message).toBe(
      '이 필드로는 정렬할 수 없습니다: passwordHash',
    );
  });

  it('shows one member with the balance from the wallet', async () => {
    const res = await t.http.get(`/api/admin/members/${kim.id}`).set('Authorization', admin).expect(200);
    expect(res.body).toMatchObject({ id: kim.id, loginId: 'kimchulsoo', point: 12000, socialProviders: [] });
    await t.http.get('/api/admin/members/999999').set('Authorization', admin).expect(404);
    for (const bad of ['abc', '-1', '1.5', '99999999999'])
      expect((await t.http.get(`/api/admin/members/${bad}`).set('Authorization', admin)).status).toBe(400);
  });

  it('suspends and reinstates, refusing repeats with 409, each change audited', async () => {
    await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${lee.token}`).expect(200);
    const suspended = await t.http.post(`/api/admin/members/${lee.id}/suspend`).set('Authorization', admin).expect(200);
    expect(suspended.body.status).toBe('SUSPENDED');
    // The session read a moment ago ends at once, not when a kept copy expires.
    await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${lee.token}`).expect(401);
    expect((await list({ filter: { status: 'SUSPENDED' } }).expect(200)).body.map((m: { id: number }) => m.id)).toEqual(
      [lee.id],
    );
    const again = await t.http.post(`/api/admin/members/${lee.id}/suspend`).set('Authorization', admin).expect(409);
    expect(again.body.message).toBe('이미 정지된 회원입니다.');
    await t.http.post(`/api/admin/members/${lee.id}/reinstate`).set('Authorization', admin).expect(200);
    expect(
      (await t.http.post(`/api/admin/members/${lee.id}/reinstate`).set('Authorization', admin).expect(409)).body
        .message,
    ).toBe('이미 정상 상태인 회원입니다.');
    const audit = await auditOf(lee.id);
    expect(
      audit.map((a: { action: string; before: unknown; after: unknown }) => [a.action, a.before, a.after]),
    ).toEqual([
      ['reinstate', { status: 'SUSPENDED' }, { status: 'ACTIVE' }],
      ['suspend', { status: 'ACTIVE' }, { status: 'SUSPENDED' }],
    ]);
    expect(audit[0].operatorLoginId).toBe('operator');
  });

  it('adjusts points both ways with a reason, as an audited ADJUST ledger entry, never below zero', async () => {
    const m = await createMember(t);
    const credit = await t.http
      .post(`/api/admin/members/${m.id}/adjust-points`)
      .set('Authorization', admin)
      .send({ amount: 5000, reason: '이벤트 지급' })
      .expect(200);
    // The wallet's ledger entry, as GET /api/admin/ledger-entries shows it (Number(): the entity serializer writes bigints as strings today).
    const money = (entry: { amount: unknown; balanceAfter: unknown }) => [
      Number(entry.amount),
      Number(entry.balanceAfter),
    ];
    expect(credit.body).toMatchObject({
      memberId: m.id,
      kind: 'ADJUST',
      memo: '이벤트 지급',
      referenceType: 'operator-adjust',
    });
    expect(money(credit.body)).toEqual([5000, 5000]);
    const debit = await t.http
      .post(`/api/admin/members/${m.id}/adjust-points`)
      .set('Authorization', admin)
      .send({ amount: '-1500', reason: '오지급 회수' })
      .expect(200);
    expect(money(debit.body)).toEqual([-1500, 3500]);
    const tooMuch = await t.http
      .post(`/api/admin/members/${m.id}/adjust-points`)
      .set('Authorization', admin)
      .send({ amount: -3501, reason: '과회수' })
      .expect(400);
    expect(tooMuch.body.message).toBe('포인트가 부족합니다.');
    expect(
      (await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${m.token}`).expect(200)).body.point,
    ).toBe(3500);
    const audit = await auditOf(m.id);
    expect(
      audit.map((a: { action: string; after: { amount: number; reason: string } }) => [
        a.action,
        a.after.amount,
        a.after.reason,
      ]),
    ).toEqual([
      ['adjust-points', -1500, '오지급 회수'],
      ['adjust-points', 5000, '이벤트 지급'],
    ]);
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
  });

  it.each([
    ['a zero amount', { amount: 0, reason: 'x' }, '조정 금액(amount)은 0일 수 없습니다.'],
    ['a fractional amount', { amount: 1.5, reason: 'x' }, '조정 금액(amount)은 원 단위 정수로 입력해 주세요.'],
    ['a text amount', { amount: 'lots', reason: 'x' }, '조정 금액(amount)은 원 단위 정수로 입력해 주세요.'],
    ['a huge amount', { amount: 10 ** 13, reason: 'x' }, '조정 금액(amount)이 너무 큽니다.'],
    ['no amount', { reason: 'x' }, '조정 금액(amount)은 원 단위 정수로 입력해 주세요.'],
    ['no reason', { amount: 100 }, '조정 사유(reason)를 입력해 주세요.'],
    ['a blank reason', { amount: 100, reason: '   ' }, '조정 사유(reason)를 입력해 주세요.'],
    ['a huge reason', { amount: 100, reason: 'x'.repeat(501) }, '조정 사유(reason)는 500자 이하로 입력해 주세요.'],
  ])('refuses an adjustment with %s, moving nothing', async (_, body, message) => {
    const before = await sql(t, 'select count(*) as n from point_ledger_entry');
    expect(
      (
        await t.http
          .post(`/api/admin/members/${kim.id}/adjust-points`)
          .set('Authorization', admin)
          .send(body)
          .expect(400)
      ).body.message,
    ).toBe(message);
    expect(await sql(t, 'select count(*) as n from point_ledger_entry')).toEqual(before);
  });

  it('refuses to adjust a missing or withdrawn member', async () => {
    await t.http
      .post('/api/admin/members/999999/adjust-points')
      .set('Authorization', admin)
      .send({ amount: 100, reason: 'x' })
      .expect(404);
    const gone = await createMember(t);
    await t.http.delete('/api/auth/account').set('Authorization', `Bearer ${gone.token}`).expect(200);
    await t.http
      .post(`/api/admin/members/${gone.id}/adjust-points`)
      .set('Authorization', admin)
      .send({ amount: 100, reason: 'x' })
      .expect(409);
    await t.http.post(`/api/admin/members/${gone.id}/suspend`).set('Authorization', admin).expect(409);
  });

  it('lists the outbox read-only', async () => {
    await t.http.post('/api/auth/send-email').send({ email: 'outbox-reader@example.com' }).expect(200);
    const res = await t.http
      .get('/api/admin/outbox')
      .query({ filter: JSON.stringify({ channel: 'EMAIL' }) })
      .set('Authorization', admin)
      .expect(200);
    expect(res.headers['content-range']).toMatch(/^outbox 0-\d+\/\d+$/);
    const row = res.body.find((m: { recipient: string }) => m.recipient === 'outbox-reader@example.com');
    expect(row).toMatchObject({ channel: 'EMAIL', status: 'STORED', subject: '[SMM 패널] 이메일 인증코드' });
    expect(row.createdAt).toBeTruthy();
    expect((await t.http.get(`/api/admin/outbox/${row.id}`).set('Authorization', admin).expect(200)).body.body).toBe(
      row.body,
    );
    await t.http.get('/api/admin/outbox/999999').set('Authorization', admin).expect(404);
    for (const method of ['post', 'put', 'delete'] as const)
      expect((await t.http[method](`/api/admin/outbox/${row.id}`).set('Authorization', admin)).status).toBe(404);
    await t.http.get('/api/admin/outbox').expect(401);
  });
});
