import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { bearer, clock, configureBilling, HOUR, openCharge, requestCharge, TAX_INVOICE } from './billing-support.js';

const KEY = 'bank-alert-secret-0123456789';

describe('operator API for charges and deposits: lists, filters, sort, Content-Range, guards', () => {
  let t: TestApp;
  let admin: string;
  let alice: TestMember;
  let bob: TestMember;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp({ BANK_ALERT_KEY: KEY });
    admin = bearer(await t.operatorToken());
    await configureBilling(t);
    [alice, bob] = [await createMember(t), await createMember(t)];
    // Five charges a minute apart: alice 1000 (accepted), 2000 FEE, 3000 (rejected); bob 4000, 5000 CASH.
    const make = async (key: string, member: TestMember, body: Record<string, unknown>) => {
      ids[key] = (await requestCharge(t, member, body).expect(201)).body.chargeId;
      clock(t).travel(60_000);
    };
    await make('a1', alice, { name: '김앨리스', point: 1000 });
    await make('a2', alice, { name: '김앨리스', point: 2000, feeType: 'FEE', feeValue: TAX_INVOICE });
    await make('a3', alice, { name: '김앨리스', point: 3000 });
    await make('b1', bob, { name: '박밥', point: 4000 });
    await make('b2', bob, { name: '박밥', point: 5000, feeType: 'CASH', feeValue: { phone: '01012345678' } });
    await t.http.post(`/api/admin/charges/${ids.a1}/accept`).set('Authorization', admin).expect(200);
    await t.http.post(`/api/admin/charges/${ids.a3}/reject`).set('Authorization', admin).expect(200);
    // Deposits: one that pays b1, two waiting.
    const deposit = (bankTransactionId: string, depositorName: string, amount: number, depositedAt: string) =>
      t.http
        .post('/api/admin/deposits')
        .set('x-bank-alert-key', KEY)
        .send({ bankTransactionId, depositorName, amount, depositedAt })
        .expect(201);
    ids.d1 = (await deposit('T1', '박밥', 4000, '2026-11-20T01:00:00Z')).body.id;
    ids.d2 = (await deposit('T2', '모르는사람', 777, '2026-11-20T02:00:00Z')).body.id;
    ids.d3 = (await deposit('T3', '김 앨리스', 50, '2026-11-20T03:00:00Z')).body.id;
  });
  afterAll(async () => {
    clock(t).reset();
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
    await t.close();
  });

  const list = (resource: string, query: Record<string, unknown> = {}) =>
    t.http
      .get(`/api/admin/${resource}`)
      .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
      .set('Authorization', admin);

  it('lists charges newest first by default, with Content-Range and the fee data', async () => {
    const res = await list('charges').expect(200);
    expect(res.headers['content-range']).toBe('charges 0-4/5');
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([ids.b2, ids.b1, ids.a3, ids.a2, ids.a1]);
    const fee = res.body.find((c: { id: number }) => c.id === ids.a2);
    expect(fee).toMatchObject({
      depositorName: '김앨리스',
      point: 2000,
      depositAmount: 2200,
      feeType: 'FEE',
      feeValue: { company: TAX_INVOICE.company, businessNumber: '1234567890' },
    });
    expect(Object.keys(fee)).toEqual(
      expect.arrayContaining([
        'id',
        'memberId',
        'createdAt',
        'expiresAt',
        'responseAt',
        'status',
        'resolvedBy',
        'depositId',
      ]),
    );
    expect(fee).not.toHaveProperty('depositorKey');
  });

  it('pages charges with range', async () => {
    const page = await list('charges', { sort: ['point', 'ASC'], range: [1, 2] }).expect(200);
    expect(page.headers['content-range']).toBe('charges 1-2/5');
    expect(page.body.map((c: { point: number }) => c.point)).toEqual([2000, 3000]);
    const empty = await list('charges', { range: [10, 19] }).expect(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers['content-range']).toBe('charges */5');
  });

  it.each([
    [{ status: 'PENDING' }, ['a2', 'b2']],
    [{ status: 'SUCCESS' }, ['a1', 'b1']],
    [{ status: 'FAIL' }, ['a3']],
    [{ feeType: 'CASH' }, ['b2']],
    [{ q: '앨리스' }, ['a1', 'a2', 'a3']],
    [{ q: '%' }, []],
    [{ status: 'PENDING', q: '밥' }, ['b2']],
  ])('filters charges by %j', async (filter, expected) => {
    const res = await list('charges', { filter, sort: ['id', 'ASC'] }).expect(200);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual(expected.map((k) => ids[k]));
    expect(res.headers['content-range']).toMatch(new RegExp(`/${expected.length}$`));
  });

  it('filters charges by member, by ids (getMany) and by request time', async () => {
    const byMember = await list('charges', { filter: { memberId: bob.id }, sort: ['id', 'ASC'] }).expect(200);
    expect(byMember.body.map((c: { id: number }) => c.id)).toEqual([ids.b1, ids.b2]);
    const many = await list('charges', { filter: { id: [ids.a1, ids.b2] }, sort: ['id', 'ASC'] }).expect(200);
    expect(many.body.map((c: { id: number }) => c.id)).toEqual([ids.a1, ids.b2]);
    const all = (await list('charges', { sort: ['createdAt', 'ASC'] }).expect(200)).body;
    const since = await list('charges', {
      filter: { createdAt_gte: all[3].createdAt },
      sort: ['createdAt', 'ASC'],
    }).expect(200);
    expect(since.body.map((c: { id: number }) => c.id)).toEqual([ids.b1, ids.b2]);
  });

  it('sorts charges by every sortable field and refuses unknown sorts and filters with 400', async () => {
    const byAmount = await list('charges', { sort: ['depositAmount', 'DESC'] }).expect(200);
    expect(byAmount.body.map((c: { depositAmount: number }) => c.depositAmount)).toEqual([
      5000, 4000, 3000, 2200, 1000,
    ]);
    for (const field of ['id', 'createdAt', 'point', 'status', 'expiresAt', 'responseAt', 'memberId'])
      await list('charges', { sort: [field, 'ASC'] }).expect(200);
    await list('charges', { sort: ['depositorKey', 'ASC'] }).expect(400);
    await list('charges', { filter: { status: 'DONE' } }).expect(400);
    await list('charges', { filter: { memberId: 'abc' } }).expect(400);
    await list('charges', { filter: { createdAt_gte: 'yesterday' } }).expect(400);
    await list('charges', { filter: { nope: 1 } }).expect(400);
    await t.http.get('/api/admin/charges?range=oops').set('Authorization', admin).expect(400);
  });

  it('answers 400, never 500, for ids and filters the database could not hold', async () => {
    for (const path of [
      '/api/admin/charges/99999999999',
      '/api/admin/charges/0',
      '/api/admin/deposits/-1',
      '/api/admin/deposits/1.5',
    ]) {
      await t.http.get(path).set('Authorization', admin).expect(400);
    }
    await t.http.post('/api/admin/charges/99999999999/accept').set('Authorization', admin).expect(400);
    await t.http
      .post('/api/admin/charges/accept')
      .set('Authorization', admin)
      .send({ ids: [99999999999] })
      .expect(400);
    await t.http
      .post(`/api/admin/deposits/${ids.d2}/match`)
      .set('Authorization', admin)
      .send({ chargeId: 99999999999 })
      .expect(400);
    await list('charges', { filter: { memberId: 99999999999 } }).expect(400);
    await list('deposits', { filter: { chargeId: 99999999999 } }).expect(400);
    await list('charges', { filter: { createdAt_gte: '+275760-09-13T00:00:00Z' } }).expect(400);
  });

  it('lists deposits with status, reason, charge and depositor filters, sorted and paged', async () => {
    const all = await list('deposits', { sort: ['depositedAt', 'ASC'] }).expect(200);
    expect(all.headers['content-range']).toBe('deposits 0-2/3');
    expect(all.body.map((d: { id: number }) => d.id)).toEqual([ids.d1, ids.d2, ids.d3]);
    expect(all.body[0]).toMatchObject({
      bankTransactionId: 'T1',
      depositorName: '박밥',
      amount: 4000,
      status: 'MATCHED',
      chargeId: ids.b1,
      recordedBy: 'bank-alert',
    });
    const waiting = await list('deposits', { filter: { status: 'UNMATCHED' }, sort: ['amount', 'DESC'] }).expect(200);
    expect(waiting.body.map((d: { amount: number }) => d.amount)).toEqual([777, 50]);
    expect((await list('deposits', { filter: { reason: 'NO_MATCH' } }).expect(200)).body).toHaveLength(2);
    expect(
      (await list('deposits', { filter: { chargeId: ids.b1 } }).expect(200)).body.map((d: { id: number }) => d.id),
    ).toEqual([ids.d1]);
    expect(
      (await list('deposits', { filter: { q: '앨리스' } }).expect(200)).body.map((d: { id: number }) => d.id),
    ).toEqual([ids.d3]);
    const page = await list('deposits', { sort: ['id', 'ASC'], range: [2, 5] }).expect(200);
    expect(page.headers['content-range']).toBe('deposits 2-2/3');
    const early = await list('deposits', { filter: { depositedAt_lte: '2026-11-20T01:30:00Z' } }).expect(200);
    expect(early.body.map((d: { id: number }) => d.id)).toEqual([ids.d1]);
    await list('deposits', { filter: { status: 'LOST' } }).expect(400);
    await list('deposits', { sort: ['memo', 'ASC'] }).expect(400);
    await t.http.get(`/api/admin/deposits/${ids.d2}`).set('Authorization', admin).expect(200);
    await t.http.get('/api/admin/deposits/999999').set('Authorization', admin).expect(404);
  });

  it('refuses member tokens and missing tokens on every billing operator route, changing nothing', async () => {
    const c = await openCharge(t, alice, 100);
    const routes: [string, string, object?][] = [
      ['get', '/api/admin/charges'],
      ['get', `/api/admin/charges/${c.chargeId}`],
      ['post', `/api/admin/charges/${c.chargeId}/accept`],
      ['post', `/api/admin/charges/${c.chargeId}/reject`],
      ['post', '/api/admin/charges/accept', { ids: [c.chargeId] }],
      ['get', '/api/admin/deposits'],
      ['get', `/api/admin/deposits/${ids.d2}`],
      [
        'post',
        '/api/admin/deposits',
        { bankTransactionId: 'M1', depositorName: '김앨리스', amount: 100, depositedAt: new Date().toISOString() },
      ],
      ['post', `/api/admin/deposits/${ids.d2}/match`, { chargeId: c.chargeId }],
      ['post', `/api/admin/deposits/${ids.d2}/dismiss`, {}],
    ];
    for (const [method, path, body] of routes) {
      for (const auth of [bearer(alice.token), undefined]) {
        const req = (t.http as unknown as Record<string, (p: string) => import('supertest').Test>)[method]!(path);
        if (auth) req.set('Authorization', auth);
        const res = await req.send(body ?? {});
        expect([path, res.status]).toEqual([path, 401]);
      }
    }
    const after = await t.http.get(`/api/admin/charges/${c.chargeId}`).set('Authorization', admin).expect(200);
    expect(after.body.status).toBe('PENDING');
    expect((await t.http.get(`/api/admin/deposits/${ids.d2}`).set('Authorization', admin)).body.status).toBe(
      'UNMATCHED',
    );
    expect((await list('deposits', { filter: { q: '김앨리스' } })).body).toHaveLength(0);
  });

  it('keeps charges of past the 3-hour deadline refusing acceptance in bulk too', async () => {
    clock(t).travel(3 * HOUR);
    const res = await t.http
      .post('/api/admin/charges/accept')
      .set('Authorization', admin)
      .send({ ids: [ids.a2] })
      .expect(200);
    expect(res.body).toEqual([
      { id: ids.a2, ok: false, statusCode: 409, message: '입금 기한(3시간)이 지난 충전 요청입니다.' },
    ]);
  });
});
