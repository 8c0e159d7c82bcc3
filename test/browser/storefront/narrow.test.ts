import type { Page } from 'playwright-core';
import { loadDemoData } from '../../../server/src/database/demo/index.js';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { MEMBER_SCREENS, memberWithPoints, operator, ready, signedIn, VISITOR_SCREENS } from './storefront.js';

const MEMBER_ROUTES = [...MEMBER_SCREENS, '/terms/service', '/terms/privacy'];
const WIDTHS = [360, 390] as const;
const THEMES = ['light', 'dark'] as const;

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const hide = page.getByRole('button', { name: '오늘 하루 보지 않기' });
  while (await hide.count()) await hide.click();
}

/** The document's widest content against the viewport: any excess is a horizontal scroll. */
const widthOf = (page: Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));

/**
 * Every storefront route fits 360px (docs/product.md §9 minimum page width) and 390px with no
 * horizontal scroll, signed out and signed in, light and dark, on the demo data (long names, tables).
 */
describe('storefront at phone widths', () => {
  let h: BrowserHarness;
  const table: string[] = [];
  beforeAll(async () => {
    h = await startBrowserHarness();
    await loadDemoData(h.t.app);
    await operator(h).settings({
      ENABLE_EMAIL_VERIFY: true,
      ENABLE_PHONE_NUMBER: true,
      ENABLE_PAYMENT_TYPE: 'ALL',
      ENABLE_PAYMENT_FEE: true,
    });
  });
  afterAll(async () => {
    // The table the closing note asks for (route × width × theme).
    console.log(['route | who | width | theme | scrollWidth', ...table].join('\n'));
    await h.close();
  });

  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      it(`signed out at ${width}px, ${theme}`, async () => {
        const page = await h.newPage({ width, height: 800, colorScheme: theme });
        const wide: string[] = [];
        for (const path of VISITOR_SCREENS) {
          await open(page, path);
          const w = await widthOf(page);
          table.push(`${path.split('?')[0]} | visitor | ${width} | ${theme} | ${w}`);
          if (w > width) wide.push(`${path}: ${w}`);
        }
        expect(wide).toEqual([]);
      });

      it(`signed in at ${width}px, ${theme}`, async () => {
        const member = await memberWithPoints(h, 50_000n);
        const page = await h.newPage({ width, height: 800, colorScheme: theme });
        await signedIn(page, member);
        const wide: string[] = [];
        for (const path of MEMBER_ROUTES) {
          await open(page, path);
          const w = await widthOf(page);
          table.push(`${path} | member | ${width} | ${theme} | ${w}`);
          if (w > width) wide.push(`${path}: ${w}`);
        }
        // The deposit instructions after a request, the widest panel of /point.
        await open(page, '/point');
        await page.getByLabel('입금자명').fill('홍길동');
        await page.locator('.preset-buttons button').first().click();
        await page.getByRole('button', { name: '충전 신청' }).click();
        await page.getByTestId('deposit-panel').waitFor();
        const w = await widthOf(page);
        table.push(`/point (deposit panel) | member | ${width} | ${theme} | ${w}`);
        if (w > width) wide.push(`/point deposit panel: ${w}`);
        expect(wide).toEqual([]);
      });
    }
  }
});
