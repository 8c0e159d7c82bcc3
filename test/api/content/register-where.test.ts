import { startTestApp, type TestApp } from '../../support/test-app.js';

describe('sign-up route options and demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true' });
  });
  afterAll(() => t.close());

  it('serves the demo sign-up routes as {id, text} in order', async () => {
    const res = await t.http.get('/api/service/register-where').expect(200);
    expect(res.body.map((o: { text: string }) => o.text)).toEqual([
      '인스타그램 광고',
      '네이버 검색',
      '유튜브',
      '지인 추천',
      '블로그/카페',
      '기타',
    ]);
    expect(Object.keys(res.body[0]).sort()).toEqual(['id', 'text']);
  });

  it('loads the demo settings into a new database', async () => {
    const res = await t.http.get('/api/service/settings').expect(200);
    const byKey = Object.fromEntries((res.body as { key: string; value: unknown }[]).map((s) => [s.key, s.value]));
    expect(byKey.FOOTER_COMPANY).toBe('주식회사 팔로우랩');
    expect(byKey.ENABLE_PAYMENT_TYPE).toBe('ALL');
    expect(byKey.POINT_CHARGE_BUTTON_OPTIONS).toEqual([10000, 50000, 100000, 500000]);
  });
});
