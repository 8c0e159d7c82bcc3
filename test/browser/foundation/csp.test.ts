import type { Page } from 'playwright-core';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createMember } from '../../support/members.js';
import { logInToConsole } from '../console/support.js';
import { operator } from '../storefront/storefront.js';

const VISITOR_ROUTES = [
  '/',
  '/order',
  '/login',
  '/register',
  '/find-id',
  '/find-password',
  '/reset-password?token=x',
  '/terms/service',
  '/terms/privacy',
  '/api',
  '/guide',
  '/qna',
];
/** Every console resource (admin-web/src/resources.ts). */
const CONSOLE_RESOURCES = [
  'charges',
  'deposits',
  'orders',
  'auto-orders',
  'members',
  'ledger-entries',
  'services',
  'categories',
  'platforms',
  'providers',
  'notices',
  'faqs',
  'popups',
  'register-wheres',
  'guide-images',
  'settings',
  'outbox',
  'alerts',
  'audit-logs',
  'login-attempts',
  'referrals',
  'refills',
  'subscriptions',
];
const MEMBER_ROUTES = [
  '/order',
  '/point',
  '/account',
  '/qna',
  '/order-history',
  '/auto-order-history',
  '/subscription-history',
  '/point/toss/fail?code=PAY_PROCESS_CANCELED&message=x&orderId=charge-1',
  '/api',
  '/guide',
];

/** Records every CSP violation the page reports (the DOM event, and Chromium's console error). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

describe('Content-Security-Policy: no violation on any page', () => {
  let h: BrowserHarness;
  const counts: string[] = [];
  beforeAll(async () => {
    h = await startBrowserHarness();
    // A popup: the storefront's inline first-paint popup script paints it.
    const imageUrl = await operator(h).upload('popup-notice.png');
    await operator(h).post('/api/admin/popups', { imageUrl });
  }, 60_000);
  afterAll(async () => {
    process.stdout.write(`CSP violations per page:\n${counts.map((c) => `  ${c}`).join('\n')}\n`);
    await h.close();
  });

  const visit = async (page: Page, violations: string[], path: string, label: string) => {
    const before = violations.length;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const found = violations.slice(before);
    counts.push(`${label} ${path}: ${found.length}${found.length ? ` (${found.join('; ')})` : ''}`);
    return found;
  };

  it('storefront, logged out', async () => {
    const page = await h.newPage();
    const violations = await watchCsp(page);
    for (const path of VISITOR_ROUTES) expect(await visit(page, violations, path, 'visitor')).toEqual([]);
    // The popup painted before the app (its inline script allowed by hash).
    await page.goto('/order');
    await page.getByTestId('popup').first().waitFor();
    expect(violations).toEqual([]);
  }, 120_000);

  it('storefront, logged in', async () => {
    const member = await createMember(h.t);
    const page = await h.newPage();
    const violations = await watchCsp(page);
    await page.addInitScript((token) => localStorage.setItem('jwt', token), member.token);
    for (const path of MEMBER_ROUTES) expect(await visit(page, violations, path, 'member')).toEqual([]);
  }, 120_000);

  it('every console page', async () => {
    const page = await logInToConsole(h);
    const violations = await watchCsp(page);
    expect(await visit(page, violations, '/admin/', 'console')).toEqual([]);
    for (const name of CONSOLE_RESOURCES)
      expect(await visit(page, violations, `/admin/${name}`, 'console')).toEqual([]);
  }, 180_000);
});
