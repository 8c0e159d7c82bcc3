import sharp from 'sharp';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { logInToConsole } from '../console/support.js';

/** The shop's name and logo (settings) in the storefront's top bar and tab, and the console's title. */
describe('the brand setting in the served apps', () => {
  let h: BrowserHarness;
  let admin: string;
  beforeAll(async () => {
    h = await startBrowserHarness();
    admin = `Bearer ${await h.t.operatorToken()}`;
  }, 60_000);
  afterAll(() => h.close());

  const set = (key: string, value: string) =>
    h.t.http.put(`/api/admin/settings/${key}`).set('Authorization', admin).send({ value }).expect(200);

  it('shows "SMM 패널" while no name is set', async () => {
    const page = await h.newPage();
    await page.goto('/order');
    await page.locator('.topbar .logo-text', { hasText: 'SMM 패널' }).waitFor();
    expect(await page.title()).toBe('SMM 패널');
    await page.goto('/admin/login');
    await page.getByTestId('console-title').getByText('SMM 패널 관리자').waitFor();
    expect(await page.title()).toBe('SMM 패널 관리자');
  });

  it('uses the name and the uploaded logo in the storefront and the console', async () => {
    const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#3355ff' } })
      .png()
      .toBuffer();
    const uploaded = await h.t.http
      .post('/api/admin/uploads?purpose=other')
      .set('Authorization', admin)
      .attach('file', png, 'logo.png')
      .expect(201);
    await set('SITE_NAME', '팔로우랩');
    await set('SITE_LOGO_URL', uploaded.body.url);

    const page = await h.newPage({ width: 390, height: 844 });
    await page.goto('/order');
    await page.locator('.topbar .logo-text', { hasText: '팔로우랩' }).waitFor();
    await page.waitForFunction(() => document.title === '팔로우랩');
    const logo = page.locator('.topbar img.logo-image');
    expect(await logo.getAttribute('src')).toBe(uploaded.body.url);
    // The image really loads (same-origin /uploads/, allowed by the CSP).
    await page.waitForFunction(
      () => (document.querySelector('.topbar img.logo-image') as HTMLImageElement | null)?.naturalWidth === 120,
    );
    await h.screenshot(page, 'brand-storefront');

    const login = await h.newPage();
    await login.goto('/admin/login');
    await login.getByTestId('console-title').getByText('팔로우랩 관리자').waitFor();
    expect(await login.getByTestId('console-logo').getAttribute('src')).toBe(uploaded.body.url);
    await login.waitForFunction(() => document.title === '팔로우랩 관리자');
    await h.screenshot(login, 'brand-console-login');

    const console = await logInToConsole(h);
    await console.waitForFunction(() => document.title === '팔로우랩 관리자');
    await console.goto('/admin/settings');
    await console.locator('input[name="SITE_NAME"]').waitFor();
    expect(await console.locator('input[name="SITE_NAME"]').inputValue()).toBe('팔로우랩');
    expect(await console.locator('input[name="SITE_LOGO_URL"]').inputValue()).toBe(uploaded.body.url);
    await h.screenshot(console, 'brand-console-settings');
  }, 90_000);
});
