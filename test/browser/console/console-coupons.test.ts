import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createMember } from '../../support/members.js';
import { logInToConsole, toast } from './support.js';

/** The console's 쿠폰: a batch of codes made on the show page, then the uses and what they cost. */
describe('operator console: coupons', () => {
  let h: BrowserHarness;

  beforeAll(async () => {
    h = await startBrowserHarness({});
  }, 60_000);
  afterAll(() => h.close());

  it('creates a percent coupon with a cap through the form', async () => {
    const page = await logInToConsole(h);
    await page.goto('/admin/coupons/create');
    await page.getByLabel('쿠폰 이름').fill('첫 주문 10% 할인');
    await page.getByRole('combobox', { name: '종류' }).click();
    await page.getByRole('option', { name: '정률 할인' }).click();
    await page.getByLabel('할인율(%)').fill('10');
    await page.getByLabel('최대 할인 금액(원)').fill('3000');
    await page.getByLabel('쿠폰 코드').fill('first10');
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(/\/admin\/coupons\/\d+\/show$/);
    await page.getByText('첫 주문 10% 할인').first().waitFor();
    const id = Number(/coupons\/(\d+)\/show/.exec(page.url())![1]);
    const admin = `Bearer ${await h.t.operatorToken()}`;
    const saved = await h.t.http.get(`/api/admin/coupons/${id}`).set('Authorization', admin).expect(200);
    expect(saved.body).toMatchObject({
      kind: 'PERCENT',
      value: 10,
      maxDiscount: 3000,
      code: 'FIRST10',
      minAmount: 0,
      perMemberLimit: 1,
      totalLimit: null,
      startsAt: null,
      enabled: true,
    });
  }, 120_000);

  it('makes single-use codes on a coupon page and lists its uses, cost and orders', async () => {
    const admin = `Bearer ${await h.t.operatorToken()}`;
    const coupon = (
      await h.t.http
        .post('/api/admin/coupons')
        .set('Authorization', admin)
        .send({ name: '가을 이벤트 적립', kind: 'POINTS', value: 2000 })
        .expect(201)
    ).body as { id: number };

    const page = await logInToConsole(h);
    await page.goto(`/admin/coupons/${coupon.id}/show`);
    await page.getByText('가을 이벤트 적립').first().waitFor();
    await page.getByRole('button', { name: '일회용 코드 만들기' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/만들 개수/).fill('3');
    await dialog.getByRole('button', { name: '확인' }).click();
    await toast(page, '일회용 코드 3개를 만들었습니다. 아래 목록에 있습니다.').waitFor();

    const codes = (
      await h.t.http
        .get('/api/admin/coupon-codes')
        .query({ filter: JSON.stringify({ couponId: coupon.id }) })
        .set('Authorization', admin)
        .expect(200)
    ).body as { code: string }[];
    expect(codes).toHaveLength(3);
    const member = await createMember(h.t);
    await h.t.http
      .post('/api/service/coupons/redeem')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ code: codes[0]!.code })
      .expect(200);

    await page.reload();
    // The use: its member, 포인트 적립 (no order), the won it gave.
    const use = page.getByRole('row').filter({ hasText: member.loginId });
    await use.waitFor();
    expect(await use.textContent()).toContain('포인트 적립');
    expect(await use.textContent()).toContain('2,000');
    // Each code shown in groups of four, and the one used with its time.
    await page.getByText(codes[0]!.code.match(/.{4}/g)!.join('-')).waitFor();
    await h.screenshot(page, 'console-coupon-show');

    await page.goto('/admin/coupons');
    await page.getByText('가을 이벤트 적립').first().waitFor();
    await h.screenshot(page, 'console-coupon-list');
  }, 120_000);
});
