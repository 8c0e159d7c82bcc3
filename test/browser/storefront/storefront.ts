import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { BrowserHarness } from '../../support/browser.js';
import { setSettings } from '../../support/identity.js';
import { createMember, type TestMember } from '../../support/members.js';

/** Helpers shared by the storefront's browser suites. Data goes in through the operator API, as the console sends it. */

/** An operator's calls: `op.post('/api/admin/notices', {...})` answers the parsed body, failing on any other status than `status`. */
export function operator(h: BrowserHarness) {
  const call = async (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown, status?: number) => {
    const request = h.t.http[method](path).set('Authorization', `Bearer ${await h.t.operatorToken()}`);
    const res = await (body === undefined ? request : request.send(body as object));
    const expected = status ?? (method === 'post' && !/\/\d+\/[a-z-]+$/.test(path) ? 201 : 200);
    if (res.status !== expected)
      throw new Error(`${method.toUpperCase()} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return {
    get: (path: string) => call('get', path),
    post: (path: string, body: unknown = {}, status?: number) => call('post', path, body, status),
    put: (path: string, body: unknown) => call('put', path, body),
    settings: (values: Record<string, unknown>) => setSettings(h.t, values),
    /** Uploads one of the demo images (server/src/database/demo-assets) and answers its /uploads/ url. */
    async upload(asset: string): Promise<string> {
      const data = readFileSync(new URL(`../../../server/src/database/demo-assets/${asset}`, import.meta.url));
      const res = await h.t.http
        .post('/api/admin/uploads')
        .set('Authorization', `Bearer ${await h.t.operatorToken()}`)
        .attach('file', data, asset)
        .expect(201);
      return res.body.url as string;
    },
  };
}

/** The catalogue's plain (Default, orderable) Instagram services, as the storefront lists them. */
export async function plainInstagramServices(h: BrowserHarness) {
  const services = (await operator(h).get('/api/service/services')) as {
    id: number;
    min: number;
    max: number;
    type: string;
    categoryId: number;
    isReadOnly: boolean;
  }[];
  const categories = (await operator(h).get('/api/service/categorys')) as { id: number; platform: string }[];
  const instagram = new Set(categories.filter((c) => c.platform === 'instagram').map((c) => c.id));
  return services.filter((s) => s.type === 'Default' && !s.isReadOnly && instagram.has(s.categoryId));
}

/** A member (fixture) with `points` credited by an operator's adjustment (POST /api/admin/members/:id/adjust-points). */
export async function memberWithPoints(h: BrowserHarness, points: bigint): Promise<TestMember> {
  const member = await createMember(h.t);
  // A fixture's grants are not what two-person approval is about: an operator's grants of the day add up toward
  // the threshold, so it is raised past anything a suite gives out.
  if (points > 0n) {
    await setSettings(h.t, { APPROVAL_THRESHOLD: '999999999999' });
    await operator(h).post(`/api/admin/members/${member.id}/adjust-points`, {
      amount: Number(points),
      reason: '브라우저 테스트 지급',
    });
  }
  return member;
}

/** Starts the page's storage with the member's token, as after a login. */
export const signedIn = (page: Page, member: TestMember) =>
  page.context().addInitScript((token) => localStorage.setItem('jwt', token), member.token);

/** The storefront is ready once the session left `loading` and the frame is drawn. */
export const ready = (page: Page) => page.getByTestId('footer').waitFor();

/** Opens a route and closes any popups over it (오늘 하루 보지 않기), ready to look at. */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const hide = page.getByRole('button', { name: '오늘 하루 보지 않기' });
  while (await hide.count()) await hide.click();
}

/** The document's widest content: more than the viewport is a horizontal scroll. */
export const pageWidth = (page: Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));

export const storageOf = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The wide top bar's menu (1440px layouts). */
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: '주 메뉴' });

/** A toast with exactly this text. */
export const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();

/** A reset token the page accepts (it only decodes exp; the server checks the signature on submit). */
const resetToken = `e30.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.x`;

/** Every storefront screen a visitor can open (the layout and screenshot suites walk them). */
export const VISITOR_SCREENS = [
  '/order',
  '/login',
  '/register',
  '/find-id',
  '/find-password',
  `/reset-password?token=${resetToken}`,
  '/terms/service',
  '/terms/privacy',
];

/** Every storefront screen of a member's own (the terms pages, open to all, are in VISITOR_SCREENS). */
export const MEMBER_SCREENS = [
  '/order',
  '/order-history',
  '/auto-order-history',
  '/point',
  '/account',
  '/qna',
  '/guide',
  '/api',
];
