import type { Page } from 'playwright-core';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { operator, ready, storageOf } from './storefront.js';

/**
 * The popup's image is the order page's largest content, so index.html carries the popups and paints the
 * first one before the app's JavaScript ran (bench/storefront-budget.mjs measures what that buys). These
 * check that this first paint keeps the spec's popup rules.
 */
describe('the popup on the first paint', () => {
  let h: BrowserHarness;
  let imageUrl: string;
  let popupId: number;
  const dialog = (page: Page) => page.getByRole('dialog', { name: '공지 팝업' });
  const today = (page: Page) =>
    page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
    });
  /** What the server wrote into the storefront's index.html. */
  const pageData = async () => {
    const html = (
      await h.t.http
        .get('/order')
        .expect(200)
        .expect('content-type', /text\/html/)
    ).text;
    return JSON.parse(/<script type="application\/json" id="storefront-data">(.*?)<\/script>/.exec(html)![1]!) as {
      popups: { id: number; enabled: boolean; imageUrl: string }[];
    };
  };
  /** Requests of the popup's image the page made. */
  const imageRequests = (page: Page) => {
    const seen: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === imageUrl) seen.push(request.url());
    });
    return seen;
  };

  beforeAll(async () => {
    h = await startBrowserHarness();
    imageUrl = await operator(h).upload('popup-notice.png');
    popupId = (await operator(h).post('/api/admin/popups', { imageUrl })).id;
  });
  afterAll(() => h.close());

  it("index.html carries the enabled popups as GET /api/service/popup answers them; an operator's change shows on the next load", async () => {
    const op = operator(h);
    expect(await pageData()).toEqual({ popups: (await h.t.http.get('/api/service/popup').expect(200)).body });
    expect((await pageData()).popups).toEqual([{ id: popupId, enabled: true, imageUrl }]);
    const second = await op.post('/api/admin/popups', { imageUrl, enabled: false });
    expect((await pageData()).popups.map((p) => p.id)).toEqual([popupId]);
    await op.put(`/api/admin/popups/${second.id}`, { enabled: true });
    expect((await pageData()).popups.map((p) => p.id)).toEqual([popupId, second.id]);
    await op.put(`/api/admin/popups/${second.id}`, { enabled: false });
    expect((await pageData()).popups.map((p) => p.id)).toEqual([popupId]);
  });

  it("paints the popup and loads its image with the app's JavaScript never running; its buttons work there", async () => {
    const page = await h.newPage({ width: 390, height: 844 });
    await page.route('**/assets/*.js', (route) => route.abort());
    const requests = imageRequests(page);
    await page.goto('/order');
    await dialog(page).waitFor();
    const image = dialog(page).getByRole('img', { name: '공지 팝업' });
    await page.waitForFunction(
      () => (document.querySelector('.popup-image img') as HTMLImageElement | null)?.naturalWidth === 440,
    );
    expect(await image.getAttribute('src')).toBe(imageUrl);
    expect(requests).toHaveLength(1);
    // 300px wide at 880px or less (docs/product.md §2).
    expect((await dialog(page).boundingBox())?.width).toBe(300);
    // A click outside closes it for now only.
    await page.getByTestId('popup').click({ position: { x: 5, y: 5 } });
    await dialog(page).waitFor({ state: 'detached' });
    expect(await storageOf(page, 'popup-hidden')).toBeNull();
    await page.reload();
    await dialog(page).getByRole('button', { name: '오늘 하루 보지 않기' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(JSON.parse((await storageOf(page, 'popup-hidden'))!)).toEqual([
      { popupId: String(popupId), date: await today(page) },
    ]);
  });

  it('a visitor who hid it today neither downloads nor sees it; one who hid it another day does', async () => {
    const visit = async (date: string) => {
      // A fresh browser (nothing cached) whose storage holds the record before the page's first script runs.
      const page = await h.newPage({ width: 390, height: 844 });
      await page
        .context()
        .addInitScript(
          ([id, day]) => localStorage.setItem('popup-hidden', JSON.stringify([{ popupId: id, date: day }])),
          [String(popupId), date] as const,
        );
      const requests = imageRequests(page);
      await page.goto('/order');
      await ready(page);
      await page.waitForLoadState('networkidle');
      return { page, requests };
    };
    const probe = await h.newPage();
    await probe.goto('/terms/privacy');
    const hidden = await visit(await today(probe));
    expect(await dialog(hidden.page).count()).toBe(0);
    expect(hidden.requests).toEqual([]);

    const shown = await visit('20000101');
    await dialog(shown.page).waitFor();
    expect(shown.requests).toHaveLength(1);
  });

  it('the app, once started, keeps closed what was closed on the first paint', async () => {
    const page = await h.newPage({ width: 1440, height: 900 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The app's main chunk waits until the visitor has closed the popup painted with the page.
    await page.route('**/assets/boot-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/order');
    await dialog(page).getByRole('button', { name: '닫기' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    release();
    await ready(page);
    await page.waitForLoadState('networkidle');
    expect(await dialog(page).count()).toBe(0);
    expect(await storageOf(page, 'popup-hidden')).toBeNull();
    // The app's own popup layer shows it again on the next visit.
    await page.unroute('**/assets/boot-*.js');
    await page.reload();
    await ready(page);
    await dialog(page).waitFor();
    expect((await dialog(page).boundingBox())?.width).toBe(440);
  });
});
