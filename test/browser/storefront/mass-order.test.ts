import { loadDemoData } from '../../../server/src/database/demo/index.js';
import { MASS_ORDER_MESSAGES, ORDER_MESSAGES } from '../../../server/src/contracts/index.js';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { memberWithPoints, plainInstagramServices, ready, signedIn } from './storefront.js';

/** 대량 주문 at a phone's width: a 20-line preview with 3 bad lines, then the placement's order ids. */
describe('mass order page (/order/mass)', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
    await loadDemoData(h.t.app);
  }, 120_000);
  afterAll(() => h.close());

  it('previews 20 lines with 3 errors at 390px, then places the good ones after they are fixed', async () => {
    const plain = await plainInstagramServices(h);
    expect(plain.length).toBeGreaterThan(1);
    const good = Array.from({ length: 17 }, (_, i) => {
      const s = plain[i % plain.length]!;
      return `${s.id} | https://www.instagram.com/p/mass${i} | ${s.min}`;
    });
    const bad = [
      `${plain[0]!.id} | https://www.instagram.com/p/low | ${Math.max(0, plain[0]!.min - 1)}`,
      '999999 | https://www.instagram.com/p/none | 100',
      'no separators here',
    ];
    const text = [...good.slice(0, 6), bad[0], ...good.slice(6, 12), bad[1], ...good.slice(12), bad[2]].join('\n');

    const member = await memberWithPoints(h, 5_000_000n);
    const page = await h.newPage({ width: 390, height: 844 });
    await signedIn(page, member);
    await page.goto('/order');
    await ready(page);
    await page.waitForLoadState('networkidle');
    // The demo's notice popups first.
    const hide = page.getByRole('button', { name: '오늘 하루 보지 않기' });
    while (await hide.count()) await hide.click();
    // The tab beside 주문하기 opens the page (its code loads then).
    await page.getByRole('navigation', { name: '주문 방식' }).getByRole('link', { name: '대량 주문' }).click();
    await page.waitForURL('**/order/mass');
    await page.locator('textarea.mass-input').fill(text);
    await page.getByRole('button', { name: '미리보기' }).click();
    await page.locator('.mass-lines').waitFor();
    expect(await page.locator('.mass-line').count()).toBe(20);
    expect(await page.locator('.mass-line-bad').count()).toBe(3);
    const errors = await page.locator('.mass-line-error').allTextContents();
    expect(errors).toEqual([
      ORDER_MESSAGES.amountBelowMin,
      // An unknown number is named as such (not 서비스를 선택해 주세요, as if none were typed).
      '999999번 서비스가 없습니다. 주문하기 화면에서 서비스 번호를 확인해 주세요.',
      MASS_ORDER_MESSAGES.lineFormat,
    ]);
    expect(await page.getByRole('button', { name: /주문하기 \(/ }).isDisabled()).toBe(true);
    const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(width).toBeLessThanOrEqual(390);
    console.log(`mass-order preview screenshot: ${await h.screenshot(page, 'mass-order-390-preview')}`);

    // Fixed (the bad lines removed), previewed again, placed: each line shows its order id.
    await page.locator('textarea.mass-input').fill(good.join('\n'));
    await page.getByRole('button', { name: '미리보기' }).click();
    await page.getByRole('button', { name: /17건 주문하기/ }).click();
    await page.getByText(MASS_ORDER_MESSAGES.placed).waitFor();
    expect(await page.locator('.mass-line').filter({ hasText: '주문번호' }).count()).toBe(17);
    console.log(`mass-order placed screenshot: ${await h.screenshot(page, 'mass-order-390-placed')}`);
  }, 120_000);
});
