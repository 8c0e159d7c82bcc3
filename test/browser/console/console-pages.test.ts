import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createMember, type TestMember } from '../../support/members.js';
import { Clock } from '../../../server/src/shared/index.js';
import { configureBanking, createCategory, logInToConsole } from './support.js';

describe('operator console: dashboard and every main page', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  }, 60_000);
  afterAll(() => h.close());

  it("shows today's figures and what needs attention, from GET /api/admin/dashboard", async () => {
    const admin = `Bearer ${await h.t.operatorToken()}`;
    await configureBanking(h, admin);
    const members = [await createMember(h.t), await createMember(h.t)];
    const charge = async (m: TestMember, name: string, point: number) =>
      (
        await h.t.http
          .post('/api/service/point')
          .set('Authorization', `Bearer ${m.token}`)
          .send({ name, point, feeType: 'NONE', feeValue: null })
          .expect(201)
      ).body;
    await charge(members[0]!, '대시가', 7000);
    await charge(members[1]!, '대시나', 4000);
    const list = (await h.t.http.get('/api/admin/charges').set('Authorization', admin).expect(200)).body as {
      id: number;
      depositorName: string;
    }[];
    await h.t.http
      .post(`/api/admin/charges/${list.find((c) => c.depositorName === '대시가')!.id}/accept`)
      .set('Authorization', admin)
      .expect(200);
    await h.t.http
      .post('/api/admin/deposits')
      .set('Authorization', admin)
      .send({
        bankTransactionId: 'tx-dashboard-1',
        depositorName: '모르는사람',
        amount: 12345,
        depositedAt: new Date().toISOString(),
      })
      .expect(201);
    const categoryId = await createCategory(h, admin);
    const service = await h.t.http
      .post('/api/admin/services')
      .set('Authorization', admin)
      .send({ text: '대시보드 좋아요', point: '2.5', min: 10, max: 1000, categoryId })
      .expect(201);
    await h.t.http
      .post('/api/service/order')
      .set('Authorization', `Bearer ${members[0]!.token}`)
      .send({
        serviceId: service.body.id,
        link: 'https://instagram.com/p/dashboard',
        amount: 200,
        runs: 0,
        interval: 0,
      })
      .expect(201);

    const page = await logInToConsole(h);
    await page.goto('/admin/');
    const figure = async (id: string) => (await page.getByTestId(id).textContent())?.trim();
    await page.getByTestId('pending-charges').waitFor();
    expect(await figure('pending-charges')).toBe('1');
    expect(await figure('unmatched-deposits')).toBe('1');
    expect(await figure('today-deposits')).toBe('7,000원');
    expect(await figure('today-members')).toBe('2');
    expect(await figure('today-spent')).toBe('500원');
    expect(await figure('today-orders')).toBe('1');
    expect(await figure('stuck-orders')).toBe('0');
    await page.locator('.recharts-surface').first().waitFor();
    await h.screenshot(page, 'console-dashboard');

    // Seven hours on, the order nobody sent upstream is stuck, and the unpaid charge has expired.
    h.t.app.get(Clock).travel(7 * 60 * 60 * 1000);
    await page.reload();
    await page.getByTestId('stuck-orders').waitFor();
    expect(await figure('stuck-orders')).toBe('1');
    expect(await figure('pending-charges')).toBe('0');
    h.t.app.get(Clock).reset();
  }, 120_000);

  it('renders every main page in Korean (screenshots)', async () => {
    const page = await logInToConsole(h);
    const pages: [string, string][] = [
      ['charges', '충전 요청'],
      ['deposits', '입금 내역'],
      ['orders', '주문'],
      ['auto-orders', '자동주문'],
      ['refills', '리필 요청'],
      ['members', '회원'],
      ['ledger-entries', '포인트 원장'],
      ['referrals', '추천 적립'],
      ['services', '상품'],
      ['categories', '카테고리'],
      ['platforms', '플랫폼'],
      ['notices', '공지사항'],
      ['faqs', '자주묻는질문'],
      ['popups', '팝업'],
      ['register-wheres', '가입경로'],
      ['guide-images', '링크 입력 가이드'],
      ['settings', '사이트 설정'],
      ['outbox', '메일·SMS 발송함'],
      ['alerts', '운영자 알림'],
      ['audit-logs', '감사 로그'],
      ['login-attempts', '로그인 기록'],
    ];
    for (const [resource, title] of pages) {
      const failures: string[] = [];
      const watch = (r: { status(): number; url(): string }) => {
        if (r.url().includes('/api/') && r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
      };
      page.on('response', watch);
      await page.goto(`/admin/${resource}`);
      await page.locator('header').getByText(title, { exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      page.off('response', watch);
      expect({ resource, failures }).toEqual({ resource, failures: [] });
      await h.screenshot(page, `console-${resource}`);
    }
  }, 180_000);
});
