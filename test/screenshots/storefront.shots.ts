import type { Page } from 'playwright-core';
import { loadDemoData } from '../../server/src/database/demo/index.js';
import { startBrowserHarness, type BrowserHarness } from '../support/browser.js';
import {
  MEMBER_SCREENS,
  memberWithPoints,
  operator,
  ready,
  signedIn,
  VISITOR_SCREENS,
} from '../browser/storefront/storefront.js';

const LAYOUTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

const nameOf = (path: string) => path.slice(1).split('?')[0]!.replace(/\//g, '-') || 'home';

/** Loads the screen (a deep link: the server answers every page, /api too, with the app) and waits for its data. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  await ready(page);
  await page.waitForLoadState('networkidle');
}

/** The demo's popups cover the page until they are hidden for the day (오늘 하루 보지 않기). */
async function hidePopups(page: Page) {
  const hide = page.getByRole('button', { name: '오늘 하루 보지 않기' });
  while (await hide.count()) await hide.click();
}

/** Every screen at 390px and 1440px wide, light and dark, on the demo data, saved under test-artifacts/screenshots. */
describe('storefront screenshots', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
    // What a newcomer's `npm start` shows: settings, catalogue, notices, FAQ, popups, guide images.
    await loadDemoData(h.t.app);
    await operator(h).settings({ ENABLE_EMAIL_VERIFY: true, ENABLE_PAYMENT_TYPE: 'ALL' });
  });
  afterAll(() => h.close());

  for (const layout of LAYOUTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`visitor screens at ${layout.width}px, ${colorScheme}`, async () => {
        const page = await h.newPage({ ...layout, colorScheme });
        await open(page, '/order');
        await page
          .getByRole('dialog', { name: '공지 팝업' })
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.decode());
        await h.screenshot(page, `storefront-popup-${layout.width}-${colorScheme}`);
        await hidePopups(page);
        for (const path of VISITOR_SCREENS) {
          await open(page, path);
          expect(await page.getAttribute('html', 'data-theme')).toBe(colorScheme);
          await h.screenshot(page, `storefront-${nameOf(path)}-${layout.width}-${colorScheme}`);
        }
      });

      it(`member screens at ${layout.width}px, ${colorScheme}`, async () => {
        // A member of its own per layout: the run below charges and orders.
        const member = await memberWithPoints(h, 125_000n);
        const page = await h.newPage({ ...layout, colorScheme });
        await signedIn(page, member);
        for (const path of MEMBER_SCREENS) {
          await open(page, path);
          await hidePopups(page);
          expect(await page.getByTestId('balance').first().textContent()).toBe('125,000원');
          await h.screenshot(page, `storefront-member-${nameOf(path)}-${layout.width}-${colorScheme}`);
        }
        // The two screens that follow a request: the deposit instructions and the order's success card.
        await open(page, '/point');
        await page.getByLabel('입금자명').fill('홍길동');
        await page.locator('.preset-buttons button').first().click();
        await page.getByRole('button', { name: '충전 신청' }).click();
        await page.getByTestId('deposit-panel').waitFor();
        await h.screenshot(page, `storefront-member-point-deposit-${layout.width}-${colorScheme}`);
        await open(page, '/order');
        await page.getByLabel('링크').fill('https://www.instagram.com/demo_account/');
        await page.getByRole('button', { name: '주문하기' }).click();
        await page.getByTestId('order-success').waitFor();
        await h.screenshot(page, `storefront-member-order-success-${layout.width}-${colorScheme}`);
      });
    }
  }
});
