import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';

describe('the served storefront and console', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
    const admin = `Bearer ${await h.t.operatorToken()}`;
    await h.t.http.put('/api/admin/settings/FOOTER_COMPANY').set('Authorization', admin).send({ value: '브라우저테스트 주식회사' }).expect(200);
    await h.t.http.put('/api/admin/settings/FOOTER_CEO').set('Authorization', admin).send({ value: '홍길동' }).expect(200);
  });
  afterAll(() => h.close());

  it('renders the storefront footer from the settings on a deep link', async () => {
    const page = await h.newPage({ width: 390, height: 844 });
    const response = await page.goto('/order-history');
    expect(response?.status()).toBe(200);
    await page.getByText('브라우저테스트 주식회사').first().waitFor();
    expect(await page.textContent('body')).toContain('홍길동');
    await h.screenshot(page, 'foundation-storefront');
  });

  it('renders the console at /admin/ with the settings-driven company name', async () => {
    const page = await h.newPage();
    const response = await page.goto('/admin/');
    expect(response?.status()).toBe(200);
    await page.getByText('브라우저테스트 주식회사').first().waitFor();
    await h.screenshot(page, 'foundation-console');
  });
});
