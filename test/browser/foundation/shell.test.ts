import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';

describe('the served storefront and console', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
    const admin = `Bearer ${await h.t.operatorToken()}`;
    await h.t.http
      .put('/api/admin/settings/FOOTER_COMPANY')
      .set('Authorization', admin)
      .send({ value: '브라우저테스트 주식회사' })
      .expect(200);
    await h.t.http
      .put('/api/admin/settings/FOOTER_CEO')
      .set('Authorization', admin)
      .send({ value: '홍길동' })
      .expect(200);
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

  it("serves the apps' hashed assets precompressed and immutable, and index.html uncached", async () => {
    const page = await h.newPage();
    const assets: { url: string; encoding?: string; cache?: string }[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/^\/(admin\/)?assets\/.+\.(js|css)$/.test(pathname))
        assets.push({
          url: pathname,
          encoding: response.headers()['content-encoding'],
          cache: response.headers()['cache-control'],
        });
    });
    const index = await page.goto('/order');
    expect(index?.headers()['cache-control']).toBe('no-cache');
    await page.getByTestId('footer').waitFor();
    await page.goto('/admin/');
    await page.waitForLoadState('networkidle');
    expect(assets.some((a) => a.url.startsWith('/assets/'))).toBe(true);
    expect(assets.some((a) => a.url.startsWith('/admin/assets/'))).toBe(true);
    // Chromium accepts br; every script and style sheet of both apps went out as brotli (the tiny ones, under 1 KB, are sent as they are).
    for (const asset of assets.filter((a) => a.encoding !== undefined))
      expect(asset).toMatchObject({ encoding: 'br', cache: 'public, max-age=31536000, immutable' });
    expect(assets.filter((a) => a.encoding === 'br').length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) expect(asset.cache).toBe('public, max-age=31536000, immutable');
  });
});
