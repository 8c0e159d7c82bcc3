import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { logInToConsole, toast } from './support.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('operator console: content against the real server', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  }, 60_000);
  afterAll(() => h.close());

  it('uploads a popup image with a preview, and the storefront serves the popup', async () => {
    const page = await logInToConsole(h);
    await page.goto('/admin/popups/create');
    const [upload] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/admin/uploads'),
      page.getByTestId('image-upload').setInputFiles({ name: 'popup.png', mimeType: 'image/png', buffer: PNG }),
    ]);
    // The console says where the image is shown, and the server keeps it (as WebP) at that size.
    expect(new URL(upload.url()).searchParams.get('purpose')).toBe('popup');
    const preview = page.getByTestId('image-preview');
    await preview.waitFor();
    const src = await preview.getAttribute('src');
    expect(src).toMatch(/^\/uploads\/.+\.webp$/);
    // The preview is the uploaded file, served back.
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await h.screenshot(page, 'console-popup-upload');
    await page.getByRole('button', { name: '저장' }).click();
    await toast(page, '생성되었습니다').waitFor();
    const popups = (await h.t.http.get('/api/service/popup').expect(200)).body as {
      imageUrl: string;
      enabled: boolean;
    }[];
    expect(popups).toEqual([expect.objectContaining({ imageUrl: src, enabled: true })]);
  }, 120_000);

  it('pins a coloured notice and refuses a bad colour with the reason', async () => {
    const page = await logInToConsole(h);
    await page.goto('/admin/notices/create');
    await page.locator('textarea[name="content"]').fill('점검 안내: 오늘 밤 2시');
    await page.getByLabel('상단 고정').check();
    await page.locator('input[name="bgColor"]').fill('yellow');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('#fff3cd 형식이어야 합니다').waitFor();
    await page.locator('input[name="bgColor"]').fill('#fff3cd');
    await page.getByRole('button', { name: '저장' }).click();
    await toast(page, '생성되었습니다').waitFor();
    const notices = (await h.t.http.get('/api/service/notices').expect(200)).body as {
      content: string;
      isTop: boolean;
      bgColor: string | null;
    }[];
    expect(notices).toContainEqual(
      expect.objectContaining({ content: '점검 안내: 오늘 밤 2시', isTop: true, bgColor: '#fff3cd' }),
    );
  }, 120_000);
});
