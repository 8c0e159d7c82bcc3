import type { Page } from 'playwright-core';
import { ContentFacade } from '../../../server/src/modules/content/index.js';
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

/** Every screen at 390px and 1440px wide, light and dark, saved under test-artifacts/screenshots. */
describe('storefront screenshots', () => {
  let h: BrowserHarness;
  let member: TestMember;
  beforeAll(async () => {
    h = await startBrowserHarness();
    await h.t.app.get(ContentFacade).seedDemo();
    await setSettings(h, {
      FOOTER_COMPANY: '주식회사 팔로우랩',
      FOOTER_CEO: '김하늘',
      FOOTER_CORPORATION_MARKET_NUMBER: '제2025-서울강남-01234호',
      FOOTER_CEO_PHONE_NUMBER: '02-1234-5678',
      FOOTER_ADDRESS: '서울특별시 강남구 테헤란로 123, 10층',
      FOOTER_CORPORATION_NUMBER: '123-45-67890',
      SITE_MAIN_COLOR: '#5b5bd6',
      SITE_KAKAO_CHANNEL_LINK: 'https://pf.kakao.com/_demo',
      SITE_KAKAO_TEXT: '카카오톡 상담',
      ENABLE_QNA: true,
      ENABLE_REFERRAL: true,
      ENABLE_EMAIL_VERIFY: true,
      ENABLE_PAYMENT_FEE: true,
      ENABLE_PAYMENT_TYPE: 'ALL',
      POINT_CHARGE_BUTTON_OPTIONS: [10000, 50000, 100000, 500000],
    });
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
