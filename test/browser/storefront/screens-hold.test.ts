import type { Locator, Page } from 'playwright-core';
import { MikroORM } from '@mikro-orm/postgresql';
import { Delivery } from '../../../server/src/modules/delivery/entities.js';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { clientIp } from '../../support/members.js';
import { totpCode } from '../../support/second-factor.js';
import { memberWithPoints, operator, ready, signedIn } from './storefront.js';

const PHONE = { width: 390, height: 844 };

/** Opens the narrow top bar's menu and follows one of its links. */
async function menu(page: Page, name: string) {
  await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('navigation', { name: '메뉴 목록' }).getByRole('link', { name, exact: true }).click();
}

/**
 * What sticks out of a box at this width: a scroll container whose content is wider than itself (a table
 * scrolled sideways) or an element reaching past the viewport's right edge.
 */
const overflowOf = (box: Locator) =>
  box.evaluate((root) => {
    const found: string[] = [];
    for (const el of [root, ...Array.from(root.querySelectorAll('*'))] as HTMLElement[]) {
      const style = getComputedStyle(el);
      const scrolls = /(auto|scroll)/.test(style.overflowX);
      const name = `${el.tagName.toLowerCase()}.${el.className}`;
      if (scrolls && el.scrollWidth > el.clientWidth + 1)
        found.push(`${name} scrolls ${el.scrollWidth}/${el.clientWidth}`);
      const right = el.getBoundingClientRect().right;
      if (right > window.innerWidth + 1) found.push(`${name} reaches ${Math.round(right)}`);
    }
    return found;
  });

/** Line boxes of each element's text (a word broken one letter a line has as many lines as letters). */
const linesOf = (items: Locator) =>
  items.evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
      return `${el.textContent?.trim()}: ${tops.size}`;
    }),
  );

/** At 390 px, every screen holds: the blank-storefront path, the scroll on a route change, 2FA, the account tables. */
describe('storefront screens hold at 390px', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
    await operator(h).post('/api/admin/notices', { content: '화면 유지 고정 공지', isTop: true, bgColor: '#fff3cd' });
    await operator(h).post('/api/admin/notices', { content: '화면 유지 일반 공지', isTop: false });
  });
  afterAll(() => h.close());

  it('keeps the notices and the header on /order → /account → /order (menu and Back)', async () => {
    const member = await memberWithPoints(h, 0n);
    const page = await h.newPage(PHONE);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signedIn(page, member);
    await page.goto('/order');
    await ready(page);
    const notices = page.getByTestId('notices');
    await notices.getByText('화면 유지 고정 공지').waitFor();
    await menu(page, '계정 설정');
    await page.getByRole('heading', { name: '계정 설정' }).waitFor();
    // The account page's own notice channels have loaded (the answer that used to replace the list).
    await page.getByTestId('notice-order.completed').and(page.locator(':enabled')).waitFor();
    await menu(page, '주문하기');
    await page.waitForURL('**/order');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(await page.locator('.topbar').isVisible()).toBe(true);
    await notices.getByText('화면 유지 일반 공지').waitFor();
    expect(await page.locator('.topbar').isVisible()).toBe(true);
    await menu(page, '계정 설정');
    await page.getByRole('heading', { name: '계정 설정' }).waitFor();
    await page.goBack();
    await page.waitForURL('**/order');
    await notices.getByText('화면 유지 고정 공지').waitFor();
    expect(await page.locator('.topbar').isVisible()).toBe(true);
    expect(await page.getByTestId('route-error').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('starts each route change at the top of the page', async () => {
    const member = await memberWithPoints(h, 0n);
    const page = await h.newPage(PHONE);
    await signedIn(page, member);
    await page.goto('/order');
    await ready(page);
    // The order form grows as its lists arrive: scroll once it is taller than the screen.
    await page.waitForFunction(() => document.documentElement.scrollHeight > window.innerHeight + 150);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await menu(page, '계정 설정');
    await page.getByRole('heading', { name: '계정 설정' }).waitFor();
    await page.getByTestId('sessions').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await menu(page, '1:1 문의');
    await page.waitForURL('**/support');
    await ready(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('lands on the login page after turning on 2단계 인증 and 다시 로그인', async () => {
    const member = await memberWithPoints(h, 0n);
    const page = await h.newPage(PHONE);
    await signedIn(page, member);
    await page.goto('/account');
    const block = page.getByTestId('second-factor');
    await block.getByRole('button', { name: '2단계 인증 켜기' }).click();
    const secret = (await block.locator('code').first().textContent())!.trim();
    await block.getByLabel('인증 앱의 6자리 코드').fill(await totpCode(secret));
    await block.getByRole('button', { name: '확인', exact: true }).click();
    await page.getByTestId('recovery-codes').waitFor();
    await h.screenshot(page, 'store-2fa-recovery-390');
    await block.getByRole('button', { name: '다시 로그인' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: '로그인', exact: true }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('fits the webhook log to 390px: Korean failures, the retry state, 다시 보내기 in reach, a bounded list', async () => {
    const member = await memberWithPoints(h, 0n);
    await h.t.http
      .put('/api/auth/webhook')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ url: 'https://hooks.example.invalid/smm/webhook/receiver/with/a/long/path' })
      .expect((res) => {
        if (res.status >= 300 && res.status !== 400) throw new Error(`PUT webhook ${res.status}`);
      });
    // The log as the delivery engine leaves it: a receiver with a certificate for another name, tried 4 times.
    const em = h.t.app.get(MikroORM).em.fork();
    const now = new Date();
    for (let i = 0; i < 25; i++) {
      const failing = i % 2 === 0;
      em.create(Delivery, {
        channel: 'WEBHOOK',
        event: i === 24 ? 'webhook.test' : 'order.updated',
        memberId: member.id,
        recipient: 'https://hooks.example.invalid/smm/webhook',
        payload: { type: 'order.updated', data: { orderId: i } },
        dedupeKey: `screens-hold:${member.id}:${i}`,
        messageId: `msg_screens_${member.id}_${i}`,
        sequenceKey: null,
        status: failing ? 'PENDING' : 'SENT',
        attempts: failing ? 4 : 1,
        // Far ahead: nothing sends these while the test looks at them.
        nextAttemptAt: new Date(now.getTime() + 86_400_000),
        lastStatus: failing ? null : 200,
        lastAnswer: failing ? 'unreachable (ERR_TLS_CERT_ALTNAME_INVALID)' : '{"received":true}',
        sentAt: failing ? null : now,
        createdAt: new Date(now.getTime() - (25 - i) * 60_000),
      });
    }
    await em.flush();
    const page = await h.newPage(PHONE);
    await signedIn(page, member);
    await page.goto('/account');
    const log = page.getByTestId('webhook-deliveries');
    await log.waitFor();
    await log.getByText('재시도 대기 (4회 실패)').first().waitFor();
    await log.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'store-webhook-390');
    expect(await overflowOf(log)).toEqual([]);
    const text = (await log.textContent()) ?? '';
    expect(text).not.toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(text).not.toContain('order.updated');
    expect(text).toContain('보안 인증서(TLS)가 이 주소의 것이 아닙니다');
    expect(text).toContain('주문 상태 변경');
    expect(text).not.toContain('발송 대기');
    const states = await linesOf(log.getByTestId('delivery-state'));
    expect(states.filter((s) => !s.endsWith(': 1'))).toEqual([]);
    // Bounded: the latest 10, and more on request.
    const replays = log.getByRole('button', { name: '다시 보내기' });
    expect(await replays.count()).toBe(10);
    for (const box of await replays.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: '더 보기' }).click();
    expect(await replays.count()).toBe(20);
    expect(await overflowOf(log)).toEqual([]);
    // And as a table at 1440px: nothing scrolled sideways, each state on one line (발송 대/기 wrapped there).
    const wide = await h.newPage({ width: 1440, height: 900 });
    await signedIn(wide, member);
    await wide.goto('/account');
    const table = wide.getByTestId('webhook-deliveries');
    await table.getByText('재시도 대기 (4회 실패)').first().waitFor();
    expect(await overflowOf(table)).toEqual([]);
    expect((await linesOf(table.getByTestId('delivery-state'))).filter((s) => !s.endsWith(': 1'))).toEqual([]);
  });

  it('fits 로그인된 기기 to 390px: a card a device, nothing scrolled sideways', async () => {
    const member = await memberWithPoints(h, 0n);
    const agents = [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    ];
    for (const agent of agents)
      await h.t.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', clientIp())
        .set('User-Agent', agent)
        .send({ id: member.loginId, password: member.password })
        .expect(200);
    const page = await h.newPage(PHONE);
    await signedIn(page, member);
    await page.goto('/account');
    const sessions = page.getByTestId('sessions');
    await sessions.getByRole('button', { name: /종료/ }).first().waitFor();
    await sessions.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'store-sessions-390');
    expect(await overflowOf(sessions)).toEqual([]);
    // Each device on one line (the summary, or a long user agent cut with an ellipsis, in full as its title).
    expect((await linesOf(sessions.getByTestId('session-device'))).filter((s) => !s.endsWith(': 1'))).toEqual([]);
    const wide = await h.newPage({ width: 1440, height: 900 });
    await signedIn(wide, member);
    await wide.goto('/account');
    await wide.getByTestId('sessions').getByRole('button', { name: /종료/ }).first().waitFor();
    expect(await overflowOf(wide.getByTestId('sessions'))).toEqual([]);
  });
});
