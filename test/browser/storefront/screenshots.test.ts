import type { Page } from 'playwright-core';
import { loadDemoData } from '../../../server/src/database/demo-data.js';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import type { TestMember } from '../../support/members.js';
import { memberWithPoints, ready, setSettings, signedIn } from './storefront.js';

/** A reset token the page accepts (it only decodes exp; the server checks the signature on submit). */
const resetToken = `e30.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.x`;

const VISITOR_SCREENS = ['/order', '/login', '/register', '/find-id', '/find-password', `/reset-password?token=${resetToken}`, '/terms/service', '/terms/privacy'];
const MEMBER_SCREENS = ['/order', '/order-history', '/auto-order-history', '/point', '/account', '/qna', '/guide', '/api'];
const LAYOUTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

const nameOf = (path: string) => path.slice(1).split('?')[0]!.replace(/\//g, '-') || 'home';

/** Client-side navigation: /api is a server path, so the docs page is reached from inside the app. */
async function open(page: Page, path: string) {
  if (path === '/api') {
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else await page.goto(path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  await ready(page);
  await page.waitForLoadState('networkidle');
}

/** Every screen at 390px and 1440px wide, light and dark, on the demo data, saved under test-artifacts/screenshots. */
describe('storefront screenshots', () => {
  let h: BrowserHarness;
  let member: TestMember;
  beforeAll(async () => {
    h = await startBrowserHarness();
    // What a newcomer's `npm start` shows (catalog, notices and popups too, once their contexts seed them).
    await loadDemoData(h.t.app);
    await setSettings(h, { ENABLE_EMAIL_VERIFY: true, ENABLE_PAYMENT_TYPE: 'ALL' });
    member = await memberWithPoints(h, 125_000n);
  });
  afterAll(() => h.close());

  for (const layout of LAYOUTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`visitor screens at ${layout.width}px, ${colorScheme}`, async () => {
        const page = await h.newPage({ ...layout, colorScheme });
        for (const path of VISITOR_SCREENS) {
          await open(page, path);
          expect(await page.getAttribute('html', 'data-theme')).toBe(colorScheme);
          await h.screenshot(page, `storefront-${nameOf(path)}-${layout.width}-${colorScheme}`);
        }
      });

      it(`member screens at ${layout.width}px, ${colorScheme}`, async () => {
        const page = await h.newPage({ ...layout, colorScheme });
        await signedIn(page, member);
        for (const path of MEMBER_SCREENS) {
          await open(page, path);
          expect(await page.getByTestId('balance').first().textContent()).toBe('125,000원');
          await h.screenshot(page, `storefront-member-${nameOf(path)}-${layout.width}-${colorScheme}`);
        }
      });
    }
  }
});
