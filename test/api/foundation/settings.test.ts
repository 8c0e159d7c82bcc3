import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';

describe('settings', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.operatorToken()}`;
  });
  afterAll(() => t.close());

  const publicValue = async (key: string) => {
    const res = await t.http.get('/api/service/settings').expect(200);
    return (res.body as { key: string; value: unknown }[]).find((s) => s.key === key)?.value;
  };

  it('lists every key with missing values read as empty string or false', async () => {
    const res = await t.http.get('/api/service/settings').expect(200);
    const byKey = Object.fromEntries((res.body as { key: string; value: unknown }[]).map((s) => [s.key, s.value]));
    expect(byKey.FOOTER_COMPANY).toBe('');
    expect(byKey.ENABLE_QNA).toBe(false);
    expect(byKey.POINT_CHARGE_BUTTON_OPTIONS).toEqual([]);
    expect(Object.keys(res.body[0]).sort()).toEqual(['key', 'value']);
  });

  it('lets an operator page, sort and filter the settings with Content-Range', async () => {
    const res = await t.http
      .get('/api/admin/settings')
      .query({
        sort: JSON.stringify(['key', 'ASC']),
        range: JSON.stringify([0, 4]),
        filter: JSON.stringify({ group: 'footer' }),
      })
      .set('Authorization', admin)
      .expect(200);
    expect(res.headers['content-range']).toBe('settings 0-4/6');
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
    expect(res.body.map((s: { key: string }) => s.key)).toEqual([
      'FOOTER_ADDRESS',
      'FOOTER_CEO',
      'FOOTER_CEO_PHONE_NUMBER',
      'FOOTER_COMPANY',
      'FOOTER_CORPORATION_MARKET_NUMBER',
    ]);
  });

  it('stores typed values and serves them to the storefront', async () => {
    await t.http
      .put('/api/admin/settings/FOOTER_COMPANY')
      .set('Authorization', admin)
      .send({ value: '주식회사 테스트' })
      .expect(200);
    await t.http.put('/api/admin/settings/ENABLE_QNA').set('Authorization', admin).send({ value: 'true' }).expect(200);
    const presets = await t.http
      .put('/api/admin/settings/POINT_CHARGE_BUTTON_OPTIONS')
      .set('Authorization', admin)
      .send({ value: [10000, 50000] })
      .expect(200);
    expect(presets.body).toMatchObject({ key: 'POINT_CHARGE_BUTTON_OPTIONS', value: [10000, 50000] });
    expect(await publicValue('FOOTER_COMPANY')).toBe('주식회사 테스트');
    expect(await publicValue('ENABLE_QNA')).toBe(true);
    expect(await publicValue('POINT_CHARGE_BUTTON_OPTIONS')).toEqual([10000, 50000]);
  });

  it.each([
    ['ENABLE_PAYMENT_TYPE', 'CARD', '결제 증빙 유형(ENABLE_PAYMENT_TYPE): 다음 중 하나로 입력해 주세요'],
    ['ENABLE_QNA', 'maybe', '자주묻는질문(ENABLE_QNA): 켜기(true) 또는 끄기(false)로 입력해 주세요.'],
    ['POINT_CHARGE_BUTTON_OPTIONS', ['a'], '충전 금액 버튼(POINT_CHARGE_BUTTON_OPTIONS): 금액은 숫자로 입력해 주세요.'],
    ['SITE_MAIN_COLOR', 'blue', '메인 색상(SITE_MAIN_COLOR): #1a73e8 형식의 색상이거나 비워 두어야 합니다.'],
    ['FOOTER_COMPANY', 12, '상호(FOOTER_COMPANY): 글자로 입력해 주세요.'],
    [
      'REFILL_COOLDOWN_HOURS',
      '0',
      '리필 재요청 간격(시간)(REFILL_COOLDOWN_HOURS): 1에서 720 사이의 정수(시간)로 입력해 주세요.',
    ],
    [
      'REFILL_COOLDOWN_HOURS',
      721,
      '리필 재요청 간격(시간)(REFILL_COOLDOWN_HOURS): 1에서 720 사이의 정수(시간)로 입력해 주세요.',
    ],
    [
      'REFILL_COOLDOWN_HOURS',
      '하루',
      '리필 재요청 간격(시간)(REFILL_COOLDOWN_HOURS): 1에서 720 사이의 정수(시간)로 입력해 주세요.',
    ],
  ])('refuses %s = %j with a reason and stores nothing', async (key, value, reason) => {
    const before = await publicValue(key);
    const audits = async () =>
      (await t.http.get('/api/admin/audit-logs').set('Authorization', admin).expect(200)).headers['content-range'];
    const auditsBefore = await audits();
    const res = await t.http.put(`/api/admin/settings/${key}`).set('Authorization', admin).send({ value }).expect(400);
    expect(res.body.message).toContain(reason);
    expect(await audits()).toBe(auditsBefore);
    expect(await publicValue(key)).toEqual(before);
  });

  it('writes every operator change to the audit log with before and after', async () => {
    await t.http
      .put('/api/admin/settings/SITE_MAIN_COLOR')
      .set('Authorization', admin)
      .send({ value: '#112233' })
      .expect(200);
    await t.http
      .put('/api/admin/settings/SITE_MAIN_COLOR')
      .set('Authorization', admin)
      .send({ value: '#445566' })
      .expect(200);
    const res = await t.http
      .get('/api/admin/audit-logs')
      .query({
        filter: JSON.stringify({ resource: 'settings', resourceId: 'SITE_MAIN_COLOR' }),
        sort: JSON.stringify(['id', 'ASC']),
      })
      .set('Authorization', admin)
      .expect(200);
    expect(res.headers['content-range']).toBe('audit-logs 0-1/2');
    expect(res.body[1]).toMatchObject({
      operatorLoginId: 'operator',
      action: 'update',
      before: { value: '#112233' },
      after: { value: '#445566' },
    });
  });

  it('refuses an unknown key and a body without value', async () => {
    await t.http.put('/api/admin/settings/NOPE').set('Authorization', admin).send({ value: 'x' }).expect(404);
    await t.http.put('/api/admin/settings/FOOTER_CEO').set('Authorization', admin).send({}).expect(400);
  });

  it('refuses anonymous callers and member tokens on operator routes', async () => {
    await t.http.get('/api/admin/settings').expect(401);
    await t.http.put('/api/admin/settings/FOOTER_CEO').send({ value: 'x' }).expect(401);
    const member = await createMember(t);
    await t.http.get('/api/admin/settings').set('Authorization', `Bearer ${member.token}`).expect(401);
    await t.http.get('/api/admin/settings').set('Authorization', 'Bearer not-a-jwt').expect(401);
  });
});
