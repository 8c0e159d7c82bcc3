import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { LedgerKind, WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { ChargeExpiryJob } from '../../../server/src/modules/billing/index.js';
import { Charge } from '../../../server/src/modules/billing/entities.js';
import {
  auditOf,
  bearer,
  clock,
  configureBilling,
  em,
  HOUR,
  openCharge,
  requestCharge,
  TAX_INVOICE,
} from './billing-support.js';

describe('settling charges: accept, reject, bulk accept, 3-hour expiry', () => {
  let t: TestApp;
  let admin: string;
  let wallet: WalletFacade;
  let m: TestMember;

  beforeAll(async () => {
    t = await startTestApp();
    admin = bearer(await t.operatorToken());
    wallet = t.app.get(WalletFacade);
    await configureBilling(t);
    m = await createMember(t);
  });
  afterEach(() => clock(t).reset());
  afterAll(async () => {
    expect(await wallet.invariantViolations()).toEqual([]);
    await t.close();
  });

  const accept = (id: number) => t.http.post(`/api/admin/charges/${id}/accept`).set('Authorization', admin);
  const reject = (id: number) => t.http.post(`/api/admin/charges/${id}/reject`).set('Authorization', admin);
  const history = async (member: TestMember) =>
    (await t.http.get('/api/service/point-history').set('Authorization', bearer(member.token)).expect(200)).body;
  const creditsOf = async (chargeId: number) =>
    (
      await em(t).execute('select count(*)::int as n from point_ledger_entry where kind = ? and reference_id = ?', [
        'CHARGE',
        String(chargeId),
      ])
    )[0].n;

  it('accepts: SUCCESS, the points credited once, the CHARGE ledger entry answered, and an audit row', async () => {
    const c = await openCharge(t, m, 25_000);
    const before = await wallet.balanceOf(m.id);
    const res = await accept(c.chargeId).expect(200);
    expect(res.body.charge).toMatchObject({
      id: c.chargeId,
      status: 'SUCCESS',
      resolvedBy: 'operator:operator',
      point: 25000,
    });
    expect(res.body.ledgerEntry).toMatchObject({
      memberId: m.id,
      kind: 'CHARGE',
      referenceType: 'charge',
      referenceId: String(c.chargeId),
    });
    expect(Number(res.body.ledgerEntry.amount)).toBe(25_000);
    expect(await wallet.balanceOf(m.id)).toBe(before + 25_000n);
    const profile = await t.http.get('/api/auth/profile').set('Authorization', bearer(m.token)).expect(200);
    expect(profile.body.point).toBe(Number(before + 25_000n));
    expect((await history(m)).find((h: { id: number }) => h.id === c.chargeId)).toMatchObject({
      status: 'SUCCESS',
      responseAt: expect.any(String),
    });

    const audit = await auditOf(t, 'charges', c.chargeId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'accept',
      operatorLoginId: 'operator',
      before: { status: 'PENDING' },
      after: { status: 'SUCCESS' },
    });
  });

  it('credits a tax-invoice charge with point, not with the amount deposited', async () => {
    const member = await createMember(t);
    const res = await requestCharge(t, member, {
      name: '홍길동',
      point: 10000,
      feeType: 'FEE',
      feeValue: TAX_INVOICE,
    }).expect(201);
    expect(res.body.depositAmount).toBe(11000);
    await accept(res.body.chargeId).expect(200);
    expect(await wallet.balanceOf(member.id)).toBe(10_000n);
  });

  it('refuses a second accept, a reject after accept, and an accept after reject (409), moving no money', async () => {
    const a = await openCharge(t, m);
    await accept(a.chargeId).expect(200);
    const balance = await wallet.balanceOf(m.id);
    expect((await accept(a.chargeId).expect(409)).body.message).toBe('이미 승인된 충전입니다.');
    expect((await reject(a.chargeId).expect(409)).body.message).toBe('이미 승인된 충전입니다.');
    const b = await openCharge(t, m);
    const rejected = await reject(b.chargeId).expect(200);
    expect(rejected.body).toMatchObject({
      id: b.chargeId,
      status: 'FAIL',
      resolvedBy: 'operator:operator',
      responseAt: expect.any(String),
    });
    expect((await accept(b.chargeId).expect(409)).body.message).toBe('이미 거절된 충전입니다.');
    expect(await wallet.balanceOf(m.id)).toBe(balance);
    expect(await creditsOf(b.chargeId)).toBe(0);
    expect((await auditOf(t, 'charges', b.chargeId)).map((a) => a.action)).toEqual(['reject']);
  });

  it('answers 404 for an unknown charge and 400 for a malformed id', async () => {
    expect((await accept(999_999).expect(404)).body.message).toBe('충전 요청을 찾을 수 없습니다.');
    await reject(999_999).expect(404);
    await t.http.get('/api/admin/charges/999999').set('Authorization', admin).expect(404);
    await t.http.post('/api/admin/charges/abc/accept').set('Authorization', admin).expect(400);
  });

  it('credits once when operators accept the same charge at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const member = await createMember(t);
      const c = await openCharge(t, member, 7_000);
      const results = await Promise.all(Array.from({ length: 6 }, () => accept(c.chargeId)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await wallet.balanceOf(member.id)).toBe(7_000n);
      expect(await creditsOf(c.chargeId)).toBe(1);
      expect((await auditOf(t, 'charges', c.chargeId)).map((a) => a.action)).toEqual(['accept']);
    }
  });

  it('lets either an accept or a reject win when both arrive at once, never both', async () => {
    const member = await createMember(t);
    const c = await openCharge(t, member, 4_000);
    const [a, r] = await Promise.all([accept(c.chargeId), reject(c.chargeId)]);
    expect([a.status, r.status].sort()).toEqual([200, 409]);
    const row = await em(t).findOneOrFail(Charge, c.chargeId);
    expect(await wallet.balanceOf(member.id)).toBe(row.status === 'SUCCESS' ? 4_000n : 0n);
  });

  it('expires requests 3 hours after they were made, by the job, and refuses to accept them after the deadline', async () => {
    const member = await createMember(t);
    const early = await openCharge(t, member, 1_000);
    clock(t).travel(HOUR);
    const later = await openCharge(t, member, 2_000);
    const job = t.app.get(ChargeExpiryJob);

    clock(t).travel(2 * HOUR - 1_000);
    expect(await job.runOnce()).toBe(0);
    clock(t).travel(1_000); // exactly 3 h after the first request
    expect((await accept(early.chargeId).expect(409)).body.message).toBe('입금 기한(3시간)이 지난 충전 요청입니다.');
    expect(await job.runOnce()).toBe(1);
    expect(await job.runOnce()).toBe(0);
    let rows = await history(member);
    expect(rows.find((h: { id: number }) => h.id === early.chargeId)).toMatchObject({
      status: 'FAIL',
      responseAt: expect.any(String),
    });
    expect(rows.find((h: { id: number }) => h.id === later.chargeId)).toMatchObject({ status: 'PENDING' });
    expect((await t.http.get(`/api/admin/charges/${early.chargeId}`).set('Authorization', admin)).body).toMatchObject({
      status: 'FAIL',
      resolvedBy: 'expiry',
    });

    clock(t).travel(HOUR);
    expect(await job.runOnce()).toBe(1);
    rows = await history(member);
    expect(rows.every((h: { status: string }) => h.status === 'FAIL')).toBe(true);
    expect((await accept(later.chargeId).expect(409)).body.message).toBe('입금 기한(3시간)이 지난 충전 요청입니다.');
    expect(await wallet.balanceOf(member.id)).toBe(0n);
  });

  it('shares the expiry between concurrent runners (replicas) without expiring a charge twice', async () => {
    const members = await Promise.all(Array.from({ length: 3 }, () => createMember(t)));
    const ids: number[] = [];
    for (const member of members) for (let i = 0; i < 5; i++) ids.push((await openCharge(t, member, 100 + i)).chargeId);
    clock(t).travel(3 * HOUR);
    const job = t.app.get(ChargeExpiryJob);
    const counts = await Promise.all([job.runOnce(), job.runOnce(), job.runOnce()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ids.length);
    const rows = await em(t).find(Charge, { id: { $in: ids } });
    expect(rows.every((r) => r.status === 'FAIL' && r.resolvedBy === 'expiry')).toBe(true);
  });

  it('bulk accepts each id on its own and answers every outcome', async () => {
    const member = await createMember(t);
    const a = await openCharge(t, member, 1_000);
    const b = await openCharge(t, member, 2_000);
    const done = await openCharge(t, member, 3_000);
    await reject(done.chargeId).expect(200);
    const res = await t.http
      .post('/api/admin/charges/accept')
      .set('Authorization', admin)
      .send({ ids: [a.chargeId, done.chargeId, 987_654, b.chargeId, a.chargeId] })
      .expect(200);
    expect(res.body).toEqual([
      {
        id: a.chargeId,
        ok: true,
        ledgerEntry: expect.objectContaining({ kind: 'CHARGE', referenceId: String(a.chargeId) }),
      },
      { id: done.chargeId, ok: false, statusCode: 409, message: '이미 거절된 충전입니다.' },
      { id: 987_654, ok: false, statusCode: 404, message: '충전 요청을 찾을 수 없습니다.' },
      {
        id: b.chargeId,
        ok: true,
        ledgerEntry: expect.objectContaining({ kind: 'CHARGE', referenceId: String(b.chargeId) }),
      },
    ]);
    expect(await wallet.balanceOf(member.id)).toBe(3_000n);
    expect(await wallet.findEntry(LedgerKind.CHARGE, { type: 'charge', id: a.chargeId })).not.toBeNull();
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      await t.http.post('/api/admin/charges/accept').set('Authorization', admin).send(body).expect(400);
    }
  });
});

describe('the expiry job with JOBS on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ JOBS: 'true' });
  });
  afterAll(() => t.close());

  it('is scheduled every minute', async () => {
    const { SchedulerRegistry } = await import('@nestjs/schedule');
    const interval = t.app.get(SchedulerRegistry).getInterval('charge-expiry') as { _repeat: number };
    expect(interval._repeat).toBe(60_000);
  });
});
