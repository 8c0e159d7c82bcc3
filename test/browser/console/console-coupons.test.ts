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
