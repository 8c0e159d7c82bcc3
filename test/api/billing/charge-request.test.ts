import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { SettingsService } from '../../../server/src/modules/settings/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { MAX_OPEN_CHARGES } from '../../../server/src/modules/billing/index.js';
import {
  BANK,
  bearer,
  clock,
  configureBilling,
  HOUR,
  openCharge,
  requestCharge,
  TAX_INVOICE,
} from './billing-support.js';

describe('POST /api/service/point and GET /api/service/point-history', () => {
  let t: TestApp;
  let m: TestMember;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = bearer(await t.operatorToken());
    m = await createMember(t);
  });
  afterEach(() => clock(t).reset());
  afterAll(async () => {
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
    await t.close();
  });

  const chargeCount = async () =>
    Number(
      (await t.http.get('/api/admin/charges').set('Authorization', admin).expect(200)).headers['content-range']?.split(
        '/',
      )[1],
    );

  it('refuses a request while the shop has no bank account configured (503 with a reason) and records nothing', async () => {
    const res = await requestCharge(t, m, { name: '홍길동', point: 10000 }).expect(503);
    expect(res.body).toEqual({
      statusCode: 503,
      code: expect.any(String),
      message: '입금 계좌가 준비되지 않았습니다. 고객센터에 문의해 주세요.',
    });
    expect(await chargeCount()).toBe(0);
    await configureBilling(t);
  });

  it('needs a logged-in member', async () => {
    await t.http.post('/api/service/point').send({ name: '홍길동', point: 10000 }).expect(401);
    await t.http.get('/api/service/point-history').expect(401);
    await t.http
      .post('/api/service/point')
      .set('Authorization', bearer(await t.operatorToken()))
      .send({ name: '홍길동', point: 10000 })
      .expect(401);
  });

  it.each([
    [{ point: 10000 }, '이름을 입력해 주세요.'],
    [{ name: '  ', point: 10000 }, '이름을 입력해 주세요.'],
    [{ name: '홍길동' }, '충전금액을 설정해주세요'],
    [{ name: '홍길동', point: 0 }, '충전금액을 설정해주세요'],
    [{ name: '홍길동', point: -5000 }, '충전금액을 설정해주세요'],
    [{ name: '홍길동', point: 1000.5 }, '충전금액을 설정해주세요'],
    [{ name: '홍길동', point: '10000' }, '충전금액을 설정해주세요'],
    [{ name: '홍길동', point: 100_000_001 }, '1회 충전금액은 100,000,000원 이하로 설정해주세요'],
    [{ name: '홍길동', point: 10000, feeType: 'CARD' }, '증빙 유형을 선택해 주세요.'],
    [{ name: '홍길동', point: 10000, feeType: 'FEE' }, '상호를 입력해 주세요.'],
    [
      { name: '홍길동', point: 10000, feeType: 'FEE', feeValue: { ...TAX_INVOICE, businessNumber: '12345' } },
      '사업자등록번호 10자리를 입력해 주세요.',
    ],
    [
      { name: '홍길동', point: 10000, feeType: 'FEE', feeValue: { ...TAX_INVOICE, leader: '' } },
      '대표자명을 입력해 주세요.',
    ],
    [
      { name: '홍길동', point: 10000, feeType: 'FEE', feeValue: { ...TAX_INVOICE, phone: 'abc' } },
      '연락처를 올바르게 입력해 주세요.',
    ],
    [
      { name: '홍길동', point: 10000, feeType: 'FEE', feeValue: { ...TAX_INVOICE, jobType: '' } },
      '업태를 입력해 주세요.',
    ],
    [
      { name: '홍길동', point: 10000, feeType: 'FEE', feeValue: { ...TAX_INVOICE, jobType2: '' } },
      '종목을 입력해 주세요.',
    ],
    [
      { name: '홍길동', point: 10000, feeType: 'FEE', feeValue: { ...TAX_INVOICE, address: '' } },
      '주소를 입력해 주세요.',
    ],
    [
      { name: '홍길동', point: 10000, feeType: 'FEE', feeValue: { ...TAX_INVOICE, email: 'nope' } },
      '이메일 형식을 맞춰주세요',
    ],
    [{ name: '홍길동', point: 10000, feeType: 'CASH' }, '휴대전화 번호가 올바르지 않습니다'],
    [
      { name: '홍길동', point: 10000, feeType: 'CASH', feeValue: { phone: '0101234567' } },
      '휴대전화 번호가 올바르지 않습니다',
    ],
  ])('refuses %j with 400 %s and records nothing', async (body, message) => {
    const before = await chargeCount();
    const res = await requestCharge(t, m, body).expect(400);
    expect(res.body).toEqual({ statusCode: 400, code: expect.any(String), message });
    expect(await chargeCount()).toBe(before);
  });

  it('answers the deposit-instruction panel: account, amount to deposit, points, deadline 3 h later', async () => {
    const res = await requestCharge(t, m, { name: ' 홍길동 ', point: 50000, feeType: 'NONE' }).expect(201);
    const { chargeId, createdAt, deadline, ...rest } = res.body;
    expect(rest).toEqual({
      status: 'PENDING',
      name: '홍길동',
      feeType: 'NONE',
      point: 50000,
      fee: 0,
      depositAmount: 50000,
      bankName: BANK.BANKING_NAME,
      accountNumber: BANK.BANKING_ACCOUNT_NUMBER,
      displayText: BANK.BANKING_DISPLAY_TEXT,
      bankCode: BANK.BANKING_BANKING_CODE,
    });
    expect(Number.isInteger(chargeId)).toBe(true);
    expect(new Date(deadline).getTime() - new Date(createdAt).getTime()).toBe(3 * HOUR);
    const row = await t.http.get(`/api/admin/charges/${chargeId}`).set('Authorization', admin).expect(200);
    expect(row.body).toMatchObject({
      id: chargeId,
      memberId: m.id,
      depositorName: '홍길동',
      point: 50000,
      depositAmount: 50000,
      feeType: 'NONE',
      feeValue: null,
      status: 'PENDING',
    });
    expect(row.body).not.toHaveProperty('version');
  });

  it('asks for point × 1.1 with a tax invoice (rounded down to whole won) and keeps the invoice details', async () => {
    const res = await requestCharge(t, m, {
      name: '홍길동',
      point: 12345,
      feeType: 'FEE',
      feeValue: TAX_INVOICE,
    }).expect(201);
    expect(res.body).toMatchObject({ feeType: 'FEE', point: 12345, fee: 1234, depositAmount: 13579 });
    const row = await t.http.get(`/api/admin/charges/${res.body.chargeId}`).set('Authorization', admin).expect(200);
    expect(row.body.feeValue).toEqual({ ...TAX_INVOICE, businessNumber: '1234567890', phone: '0212345678' });
  });

  it('adds the 부가세 only while ENABLE_PAYMENT_FEE is on; off, a tax invoice deposits the points', async () => {
    const settings = t.app.get(SettingsService);
    const m = await createMember(t); // its own member: three requests stay under the open-request limit
    const admin_ = (id: number) => t.http.get(`/api/admin/charges/${id}`).set('Authorization', admin).expect(200);
    try {
      await settings.set('ENABLE_PAYMENT_FEE', false);
      const off = await requestCharge(t, m, {
        name: '홍길동',
        point: 20000,
        feeType: 'FEE',
        feeValue: TAX_INVOICE,
      }).expect(201);
      expect(off.body).toMatchObject({ feeType: 'FEE', point: 20000, fee: 0, depositAmount: 20000 });
      expect((await admin_(off.body.chargeId)).body).toMatchObject({ point: 20000, depositAmount: 20000 });
      await settings.set('ENABLE_PAYMENT_FEE', true);
      const on = await requestCharge(t, m, {
        name: '홍길동',
        point: 20000,
        feeType: 'FEE',
        feeValue: TAX_INVOICE,
      }).expect(201);
      expect(on.body).toMatchObject({ feeType: 'FEE', point: 20000, fee: 2000, depositAmount: 22000 });
      expect((await admin_(on.body.chargeId)).body).toMatchObject({ point: 20000, depositAmount: 22000 });
      // Turning the switch later never changes a request already made.
      await settings.set('ENABLE_PAYMENT_FEE', false);
      expect((await admin_(on.body.chargeId)).body).toMatchObject({ depositAmount: 22000 });
      const cash = await requestCharge(t, m, {
        name: '홍길동',
        point: 20000,
        feeType: 'CASH',
        feeValue: { phone: '01012345678' },
      }).expect(201);
      expect(cash.body).toMatchObject({ fee: 0, depositAmount: 20000 });
    } finally {
      await settings.set('ENABLE_PAYMENT_FEE', true);
    }
  });

  it('keeps the cash-receipt phone and asks for the plain amount', async () => {
    const res = await requestCharge(t, m, {
      name: '홍길동',
      point: 30000,
      feeType: 'CASH',
      feeValue: { phone: '010-1234-5678' },
    }).expect(201);
    expect(res.body).toMatchObject({ feeType: 'CASH', point: 30000, depositAmount: 30000 });
    const row = await t.http.get(`/api/admin/charges/${res.body.chargeId}`).set('Authorization', admin).expect(200);
    expect(row.body.feeValue).toEqual({ phone: '01012345678' });
  });

  it.each([
    ['ALL', ['NONE', 'FEE', 'CASH'], []],
    ['CASH_AND_FEE', ['FEE', 'CASH'], ['NONE']],
    ['FEE', ['FEE'], ['NONE', 'CASH']],
    ['CASH', ['CASH'], ['NONE', 'FEE']],
    ['NO_FEE', ['NONE'], ['FEE', 'CASH']],
  ])('with ENABLE_PAYMENT_TYPE %s accepts %j and refuses %j', async (paymentType, allowed, refused) => {
    await t.app.get(SettingsService).set('ENABLE_PAYMENT_TYPE', paymentType);
    const member = await createMember(t);
    const body = (feeType: string) => ({
      name: '홍길동',
      point: 1000,
      feeType,
      feeValue: feeType === 'FEE' ? TAX_INVOICE : { phone: '01012345678' },
    });
    for (const feeType of allowed) await requestCharge(t, member, body(feeType)).expect(201);
    for (const feeType of refused) {
      const res = await requestCharge(t, member, body(feeType)).expect(400);
      expect(res.body.message).toBe('선택할 수 없는 증빙 유형입니다.');
    }
    await t.app.get(SettingsService).set('ENABLE_PAYMENT_TYPE', 'ALL');
  });

  it(`allows ${MAX_OPEN_CHARGES} open requests per member, also when asked all at once, and frees a slot when one expires`, async () => {
    const member = await createMember(t);
    const results = await Promise.all(
      Array.from({ length: MAX_OPEN_CHARGES + 3 }, () => requestCharge(t, member, { name: '김민수', point: 10000 })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_OPEN_CHARGES);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409]);
    expect(refused[0]!.body.message).toBe(
      '입금 대기 중인 충전 요청이 너무 많습니다. 입금하시거나 3시간 후 다시 시도해 주세요.',
    );
    // Someone else is not limited by this member's requests.
    await openCharge(t, await createMember(t));
    // Past the deadline the open requests no longer count, even before the expiry job ran.
    clock(t).travel(3 * HOUR);
    await requestCharge(t, member, { name: '김민수', point: 10000 }).expect(201);
  });

  it("lists the member's own charges of the last 3 months, newest first, as {id, createdAt, point, status, responseAt}", async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    await openCharge(t, other);
    clock(t).travel(-100 * 24 * HOUR);
    const old = await openCharge(t, member, 1000);
    clock(t).reset();
    clock(t).travel(-80 * 24 * HOUR);
    const recent = await openCharge(t, member, 2000);
    clock(t).reset();
    const latest = await openCharge(t, member, 3000);
    await t.http.post(`/api/admin/charges/${latest.chargeId}/reject`).set('Authorization', admin).expect(200);

    const res = await t.http.get('/api/service/point-history').set('Authorization', bearer(member.token)).expect(200);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([latest.chargeId, recent.chargeId]);
    expect(res.body.map((c: { id: number }) => c.id)).not.toContain(old.chargeId);
    expect(Object.keys(res.body[0]).sort()).toEqual(['createdAt', 'id', 'point', 'responseAt', 'status']);
    expect(res.body[0]).toMatchObject({ point: 3000, status: 'FAIL' });
    expect(res.body[1]).toMatchObject({ point: 2000, status: 'PENDING', responseAt: null });
    expect(new Date(res.body[0].responseAt).getTime()).toBeGreaterThanOrEqual(
      new Date(res.body[0].createdAt).getTime(),
    );
  });
});
