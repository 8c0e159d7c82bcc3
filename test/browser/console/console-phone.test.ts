import type { Page } from 'playwright-core';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { OrderingFacade } from '../../../server/src/modules/ordering/index.js';
import { createService, tx } from '../../api/ordering/fixtures.js';
import { addProvider } from '../../api/fulfilment/helpers.js';
import { report } from '../../api/reseller/fixtures.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { createMember, registerReferred, type TestMember } from '../../support/members.js';
import { LedgerKind, WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { memberWithPoints, operator } from '../storefront/storefront.js';
import { configureBanking, logInToConsole } from './support.js';
import { setSettings } from '../../support/identity.js';

const PHONE = { width: 390, height: 844 };

/** The console's pages at 390 px: logout ends the session, no page is wider than the phone, every button says what it does. */
describe('operator console on a phone', () => {
  let h: BrowserHarness;
  let fake: FakeProvider | undefined;
  let member: TestMember;
  let ticketId: number;
  let orderId: number;
  let chargeId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await startBrowserHarness();
    const op = operator(h);
    const admin = `Bearer ${await h.t.operatorToken()}`;
    member = await memberWithPoints(h, 50_000n);
    const service = await createService(h.t, {
      text: '🇰🇷 인스타그램 한국인 실제 팔로워 (30일 리필 보장) 빠른 시작',
      refill: true,
      refillDays: 30,
    });
    ids.services = service.id;
    ids.categories = service.categoryId;
    orderId = (
      await h.t.app.get(OrderingFacade).placeOrder(member.id, {
        serviceId: service.id,
        link: 'https://instagram.com/p/phone-width-check-with-a-long-link',
        amount: 100,
        runs: 0,
        interval: 0,
      })
    ).placed.orderId;
    ticketId = (
      await h.t.http
        .post('/api/service/tickets')
        .set('Authorization', `Bearer ${member.token}`)
        .send({
          type: 'CANCEL',
          subject: '주문 취소 부탁드립니다',
          body: '잘못 주문했습니다.',
          orderIds: String(orderId),
        })
        .expect(201)
    ).body.id as number;
    await configureBanking(h, admin);
    chargeId = (
      await h.t.http
        .post('/api/service/point')
        .set('Authorization', `Bearer ${member.token}`)
        .send({ name: '폰테스트', point: 10000, feeType: 'NONE', feeValue: null })
        .expect(201)
    ).body.chargeId as number;
    // Above APPROVAL_THRESHOLD (memberWithPoints raised it for its own grant): waits in 승인 대기.
    await setSettings(h.t, { APPROVAL_THRESHOLD: '100000' });
    await op.post(`/api/admin/members/${member.id}/adjust-points`, { amount: 200_000, reason: '이벤트 지급' }, 202);
    ids.notices = (await op.post('/api/admin/notices', { content: '점검 안내: 오늘 밤 점검합니다.' })).id;
    ids.faqs = (await op.post('/api/admin/faqs', { title: '환불 되나요?', answer: '네, 됩니다.' })).id;
    ids['saved-replies'] = (await op.post('/api/admin/saved-replies', { title: '인사', body: '안녕하세요.' })).id;
    ids.operators = (
      await op.post('/api/admin/operators', {
        loginId: 'phone_support',
        password: 'support-password-1',
        role: 'SUPPORT',
      })
    ).id;
  }, 120_000);
  afterAll(async () => {
    await fake?.close();
    await h.close();
  });

  /**
   * A row in each list that would otherwise be measured empty, made the way the product makes it: a deposit,
   * a cash receipt, an auto-order, a refill, a subscription, a point debt, a referral reward, a level, a provider with
   * a price change, a popup, a sign-up source, a guide image.
   */
  const seedEveryList = async () => {
    const op = operator(h);
    const bearer = (m: TestMember) => `Bearer ${m.token}`;
    await op.post('/api/admin/deposits', {
      bankTransactionId: 'PHONE-1',
      depositedAt: new Date().toISOString(),
      depositorName: '폰테스트입금',
      amount: 30_000,
    });
    const receiptCharge = (
      await h.t.http
        .post('/api/service/point')
        .set('Authorization', bearer(member))
        .send({ name: '영수증', point: 10_000, feeType: 'CASH', feeValue: { phone: '010-1234-5678' } })
        .expect(201)
    ).body.chargeId as number;
    await op.post(`/api/admin/charges/${receiptCharge}/accept`, {}, 200);
    const ordering = h.t.app.get(OrderingFacade);
    const service = await createService(h.t, { text: '인스타그램 좋아요 (자동 주문)', refill: true, refillDays: 30 });
    const order = (link: string, runs = 0) =>
      ordering.placeOrder(member.id, { serviceId: service.id, link, amount: 100, runs, interval: runs ? 60 : 0 });
    await order('https://instagram.com/p/phone-auto', 3);
    const done = (await order('https://instagram.com/p/phone-refill')).placed.orderId;
    await report(h.t, done, { status: OrderStatus.COMPLETED });
    await h.t.http.post(`/api/service/order/${done}/refill`).set('Authorization', bearer(member)).expect(201);
    const weekly = await createService(h.t, { type: 'Subscriptions', point: '2.5', min: 10, max: 1000 });
    await h.t.http
      .post('/api/service/subscriptions')
      .set('Authorization', bearer(member))
      .send({ serviceId: weekly.id, username: 'kim.insta', min: 50, max: 100, posts: 4, delay: 30, expiry: '' })
      .expect(201);
    // A partner took back a top-up the member had spent: what the balance lacks stays owed.
    const debtor = await createMember(h.t);
    await tx(h.t, (db) =>
      h.t.app.get(WalletFacade).takeBack(db, {
        memberId: debtor.id,
        amount: 5_000n,
        kind: LedgerKind.CHARGE_REFUND,
        reference: { type: 'toss-cancel', id: 'phone-debt-1' },
        memo: '토스 결제 취소',
      }),
    );
    // The sign-up form's 가입 경로 must be one on the list.
    await op.post('/api/admin/register-wheres', { text: '유튜브', sortOrder: 1 });
    await setSettings(h.t, { ENABLE_REFERRAL: true });
    const code = (await h.t.http.post('/api/auth/referral-code').set('Authorization', bearer(member)).expect(200)).body
      .referralCode as string;
    // The referred member's first top-up earns the referrer a reward: a row of 추천.
    const referred = await registerReferred(h.t, code, 'phone_referred');
    const topUp = (
      await h.t.http
        .post('/api/service/point')
        .set('Authorization', bearer(referred))
        .send({ name: '추천가입', point: 10_000, feeType: 'NONE' })
        .expect(201)
    ).body.chargeId as number;
    await op.post(`/api/admin/charges/${topUp}/accept`, {}, 200);
    await op.post('/api/admin/member-levels', { name: '실버', threshold: 100_000, discountPercent: '5' });
    fake = await FakeProvider.start();
    const providerId = await addProvider(h.t, fake, { name: '폰테스트 공급사' });
    // Its cost was 800 here, 900 upstream: the sync records the change.
    await createService(h.t, { providerId, providerServiceId: '1', point: '2.5', providerRate: '800' });
    await op.post(`/api/admin/providers/${providerId}/sync`, {}, 200);
    await op.post('/api/admin/popups', { imageUrl: '/uploads/phone-popup.png' });
    await op.post('/api/admin/guide-images', { device: 'MOBILE', imageUrl: '/uploads/phone-guide.png' });
    // 프로모션 and 입금: a coupon and a top-up bonus tier.
    await op.post('/api/admin/coupons', { name: '폰테스트 쿠폰', kind: 'POINTS', value: 1_000, code: 'PHONE2026' });
    await op.post('/api/admin/charge-bonuses', { minAmount: 50_000, kind: 'PERCENT', value: 5 });
  };

  it('로그아웃 ends the session on the server: the old refresh token is refused and the session is gone', async () => {
    const page = await logInToConsole(h);
    const refresh = await page.evaluate(() => localStorage.getItem('operatorRefreshToken'));
    expect(refresh).toBeTruthy();
    const sessionsBefore = (
      await h.t.http.get('/api/admin/auth/sessions').set('Authorization', `Bearer ${await h.t.operatorToken()}`)
    ).body as unknown[];
    await page.getByRole('button', { name: '프로필' }).click();
    const logout = page.waitForResponse((r) => r.url().endsWith('/api/admin/auth/logout'));
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    expect((await logout).status()).toBe(200);
    await page.waitForURL(/\/admin\/login/);
    const after = await h.t.http.post('/api/admin/auth/refresh').send({ refreshToken: refresh });
    expect(after.status).toBe(401);
    const sessionsAfter = (
      await h.t.http.get('/api/admin/auth/sessions').set('Authorization', `Bearer ${await h.t.operatorToken()}`)
    ).body as unknown[];
    expect(sessionsAfter.length).toBe(sessionsBefore.length - 1);
  }, 60_000);

  /** Waits for a console page to settle: its content drawn and no request open. */
  const settle = async (page: Page) => {
    await page.locator('#main-content').waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('.MuiLinearProgress-root').waitFor({ state: 'detached' });
  };

  // Before the lists are seeded: 회원 등급 still empty, nothing sold today.
  it("says in Korean what an empty list lacks, and shows the owner today's profit", async () => {
    const page = await logInToConsole(h);
    await page.setViewportSize(PHONE);
    await page.goto('/admin/member-levels');
    await page.getByText('회원 등급이 아직 없습니다.').waitFor();
    expect(await page.getByText('이(가)').count()).toBe(0);
    await page.goto('/admin/');
    // The order was cancelled and refunded by the ticket: nothing earned today.
    expect(await page.getByTestId('today-revenue').textContent()).toBe('0원');
    expect(await page.getByTestId('today-profit').textContent()).toBe('0원');
  }, 60_000);

  it('no list or record page is wider than a 390 px phone', async () => {
    await seedEveryList();
    const page = await logInToConsole(h);
    await page.setViewportSize(PHONE);
    const lists = (await page.evaluate(() =>
      [...document.querySelectorAll('a[href^="/admin/"]')].map((a) => a.getAttribute('href')!),
    )) as string[];
    const routes = [
      ...new Set([
        '/admin/',
        ...new Set(lists.filter((href) => /^\/admin\/[a-z-]+$/.test(href))),
        `/admin/orders/${orderId}/show`,
        `/admin/members/${member.id}/show`,
        `/admin/tickets/${ticketId}/show`,
        `/admin/charges/${chargeId}/show`,
        ...Object.entries(ids).map(([resource, id]) => `/admin/${resource}/${id}`),
        '/admin/operators/create',
        '/admin/security',
      ]),
    ];
    const shots: Record<string, string> = {
      '/admin/orders': 'orders',
      '/admin/members': 'members',
      [`/admin/members/${member.id}/show`]: 'member',
      [`/admin/tickets/${ticketId}/show`]: 'ticket',
      '/admin/security': 'sessions',
    };
    const widths: { route: string; width: number; empty: boolean }[] = [];
    for (const route of routes) {
      await page.goto(route);
      await settle(page);
      widths.push({
        route,
        width: await page.evaluate(() => document.documentElement.scrollWidth),
        // A list drawn without rows measures nothing of its own: each list is seeded above.
        empty: (await page.locator('[data-testid="no-rows"], .RaEmpty-message, .RaList-noResults').count()) > 0,
      });
      if (shots[route]) await h.screenshot(page, `console-phone-${shots[route]}`);
    }
    // The measured table, for the record.
    console.log(
      [
        'route | width at 390 px | rows',
        ...widths.map(
          ({ route, width, empty }) => `${route} | ${width}${width > 390 ? ' ✗' : ''} | ${empty ? '없음' : '있음'}`,
        ),
      ].join('\n'),
    );
    expect(routes.length).toBeGreaterThan(35);
    expect(routes.filter((route) => route.includes('undefined'))).toEqual([]);
    expect(widths.filter(({ width }) => width > PHONE.width)).toEqual([]);
    // Every page was measured with rows in it.
    expect(widths.filter(({ empty }) => empty).map(({ route }) => route)).toEqual([]);
  }, 300_000);

  /** Icon-only widgets whose meaning is their shape (with an aria-label for a screen reader): all else says its action. */
  const ICON_WIDGETS = [
    // The app bar's: the menu, reload, light/dark, the profile menu (its own name on a wide screen).
    '메뉴 열기',
    '새로고침',
    '밝은/어두운 테마 전환',
    '프로필',
    // The pager's arrows, and the little × in and beside a filter.
    '이전 페이지로 이동',
    '다음 페이지로 이동',
    '필터 지우기',
    '값 지우기',
    '이 필터 제거',
  ];

  it('every button on every list and record page at 390 px shows its text (icon-only only for the app bar and pager widgets)', async () => {
    const page = await logInToConsole(h);
    await page.setViewportSize(PHONE);
    const lists = [
      ...new Set(
        (await page.evaluate(() =>
          [...document.querySelectorAll('a[href^="/admin/"]')].map((a) => a.getAttribute('href')!),
        )) as string[],
      ),
    ].filter((href) => /^\/admin\/[a-z-]+$/.test(href) && href !== '/admin/security');
    // Record pages too: their default toolbars (보기, 편집) and the forms' 삭제.
    const records = [
      `/admin/orders/${orderId}/show`,
      `/admin/members/${member.id}/show`,
      `/admin/tickets/${ticketId}/show`,
      `/admin/charges/${chargeId}/show`,
      ...Object.entries(ids).map(([resource, id]) => `/admin/${resource}/${id}`),
    ];
    const rows: { route: string; text: string; label: string }[] = [];
    for (const route of [...lists, ...records]) {
      await page.goto(route);
      await settle(page);
      const found = await page
        // Links drawn as buttons too (만들기 is one); a floating button is fixed, so visibility is asked of the page.
        .locator('button, [role="button"], a.MuiButtonBase-root')
        .evaluateAll((all) =>
          all
            // On screen: the skip-to-content link waits above the top until it is focused.
            .filter((b) => {
              const box = b.getBoundingClientRect();
              return b.checkVisibility({ visibilityProperty: true }) && box.width > 0 && box.bottom > 0;
            })
            .map((b) => ({
              text: (b as HTMLElement).innerText.trim(),
              label: b.getAttribute('aria-label') || b.getAttribute('title') || '',
            })),
        );
      rows.push(...found.map((b) => ({ route, ...b })));
    }
    console.log(
      [
        'route | button text | aria-label',
        ...rows.map(
          ({ route, text, label }) =>
            `${route} | ${text || '(아이콘)'} | ${label}${text || ICON_WIDGETS.includes(label) ? '' : ' ✗'}`,
        ),
      ].join('\n'),
    );
    expect(lists.length).toBeGreaterThan(25);
    // The lists' own toolbars are labelled now (만들기 and 내보내기 were a floating + and a bare icon).
    expect(rows.filter((r) => r.text.endsWith('만들기')).length).toBeGreaterThan(5);
    expect(rows.filter((r) => r.text === '필터 추가').length).toBeGreaterThan(5);
    expect(rows.filter((r) => !r.text && !ICON_WIDGETS.includes(r.label))).toEqual([]);
  }, 300_000);

  it("a member's page at 390 px: the commands in reach, the tabs scroll sideways", async () => {
    const page = await logInToConsole(h);
    await page.setViewportSize(PHONE);
    await page.goto(`/admin/members/${member.id}/show`);
    await settle(page);
    for (const name of ['포인트 조정', '이용 정지']) {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // The last tab is off to the right at first; scrolled to, it opens.
    await page.getByRole('tab', { name: '추천' }).click();
    await page.waitForURL(/\/referrals$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  }, 60_000);

  it('every button on a ticket page says what it does', async () => {
    const page = await logInToConsole(h);
    await page.setViewportSize(PHONE);
    await page.goto(`/admin/tickets/${ticketId}/show`);
    await settle(page);
    await page.getByText('주문 취소 부탁드립니다').first().waitFor();
    const buttons = await page
      .locator('#main-content button')
      .evaluateAll((all) =>
        all.map((b) => ({ text: (b as HTMLElement).innerText.trim(), label: b.getAttribute('aria-label') ?? '' })),
      );
    console.log(buttons.map((b) => `${b.text || '(빈 버튼)'} ${b.label}`).join('\n'));
    expect(buttons.length).toBeGreaterThan(4);
    expect(buttons.filter((b) => !b.text)).toEqual([]);
    for (const name of ['나에게 배정', '문의 종료', '취소 및 환불']) await page.getByRole('button', { name }).waitFor();
  }, 60_000);
});
