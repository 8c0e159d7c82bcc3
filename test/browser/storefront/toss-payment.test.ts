import type { Page } from 'playwright-core';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { sql } from '../../support/identity.js';
import { createMember, type TestMember } from '../../support/members.js';
import { startFakeToss, type FakeToss } from '../../support/fake-toss.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { operator, ready, signedIn } from './storefront.js';

/**
 * Paying a charge through Toss's payment window at 390 px, in Chromium against the real server.
 * Toss is the loopback fake of test/support/fake-toss.ts: the browser's requests to the SDK's script
 * host (js.tosspayments.com) are routed to it, where `/v2/standard` is a minimal stand-in for Toss's
 * SDK v2 script (window.TossPayments(clientKey).payment({customerKey}).requestPayment({...}) sends
 * the browser to a stand-in payment window, whose 결제하기 / 취소 redirect to our successUrl with
 * paymentKey, orderId, amount, or to our failUrl with code, message, orderId, as Toss documents).
 * The server confirms against the same fake (TOSS_API_URL), and its webhooks reach our endpoint.
 */
describe('Toss payment window on /point (390 px)', () => {
  let h: BrowserHarness;
  let toss: FakeToss;

  beforeAll(async () => {
    toss = await startFakeToss();
    h = await startBrowserHarness({
      TOSS_CLIENT_KEY: toss.clientKey,
      TOSS_SECRET_KEY: toss.secretKey,
      TOSS_API_URL: toss.url,
    });
    toss.webhookUrl = `${h.baseUrl}/api/toss/webhook`;
    await operator(h).settings({
      ENABLE_TOSS_PAYMENT: true,
      POINT_CHARGE_BUTTON_OPTIONS: [10000, 50000],
      BANKING_NAME: '국민은행',
      BANKING_ACCOUNT_NUMBER: '123456-01-234567',
    });
  });
  afterAll(async () => {
    expect(await h.t.app.get(WalletFacade).invariantViolations()).toEqual([]);
    await h.close();
    await toss.close();
  });

  async function pointPage(member: TestMember): Promise<Page> {
    const page = await h.newPage({ width: 390, height: 844 });
    // Served as if from Toss's host (a redirect to loopback would take the page's CSP out of play).
    await page.context().route(/^https:\/\/js\.tosspayments\.com\//, async (route) => {
      const url = new URL(route.request().url());
      return route.fulfill({
        response: await route.fetch({ url: `${toss.url}${url.pathname}${url.search}`, maxRedirects: 0 }),
      });
    });
    await signedIn(page, member);
    await page.goto('/point');
    await ready(page);
    await page.getByTestId('toss-pay-panel').waitFor();
    return page;
  }

  async function openWindow(page: Page, method: string): Promise<void> {
    const panel = page.getByTestId('toss-pay-panel');
    await panel.getByRole('button', { name: '+1만원' }).click();
    await panel.getByRole('button', { name: '+1만원' }).click();
    await panel.getByLabel(method).check();
    await panel.getByRole('button', { name: '토스페이먼츠로 결제하기' }).click();
    await page.waitForURL(`${toss.url}/window**`);
  }

  const credits = async (memberId: number) =>
    (
      await sql<{ n: number }>(
        h.t,
        `select count(*)::int as n from point_ledger_entry where kind = 'CHARGE' and member_id = ?`,
        [memberId],
      )
    )[0]!.n;

  it('card: the window, 결제하기, our success page, 20,000 points credited once', async () => {
    const member = await createMember(h.t);
    const page = await pointPage(member);
    await h.screenshot(page, 'toss-point-390');
    await openWindow(page, '카드·간편결제');
    const windowUrl = new URL(page.url());
    expect(windowUrl.searchParams.get('amount')).toBe('20000');
    expect(windowUrl.searchParams.get('orderId')).toMatch(/^charge-\d+$/);
    expect(windowUrl.searchParams.get('clientKey')).toBe(toss.clientKey);
    expect(windowUrl.searchParams.get('successUrl')).toBe(`${h.baseUrl}/point/toss/success`);
    await h.screenshot(page, 'toss-window-390');
    await page.getByRole('button', { name: '결제하기' }).click();
    await page.waitForURL('**/point/toss/success**');
    await page.getByText('결제가 완료되어 포인트가 충전되었습니다.').waitFor();
    await h.screenshot(page, 'toss-success-390');
    expect(await page.getByTestId('toss-point').textContent()).toBe('20,000원');
    expect(await h.t.app.get(WalletFacade).balanceOf(member.id)).toBe(20_000n);
    // Reloading the success page asks again and moves nothing.
    await page.reload();
    await page.getByText('결제가 완료되어 포인트가 충전되었습니다.').waitFor();
    expect(await credits(member.id)).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('user cancel: 취소 in the window lands on our fail page in Korean; nothing credited', async () => {
    const member = await createMember(h.t);
    const page = await pointPage(member);
    await openWindow(page, '카드·간편결제');
    await page.getByRole('button', { name: '취소' }).click();
    await page.waitForURL('**/point/toss/fail**');
    await page.getByText('결제를 취소하셨습니다.').waitFor();
    await h.screenshot(page, 'toss-cancel-390');
    const [row] = await sql<{ status: string }>(
      h.t,
      'select status from charge where member_id = ? order by id desc limit 1',
      [member.id],
    );
    expect(row!.status).toBe('FAIL');
    expect(await credits(member.id)).toBe(0);
  });

  it("virtual account: the panel shows Toss's account, the deposit webhook credits", async () => {
    const member = await createMember(h.t);
    const page = await pointPage(member);
    await openWindow(page, '가상계좌');
    await page.getByRole('button', { name: '결제하기' }).click();
    await page.waitForURL('**/point/toss/success**');
    await page.getByText('가상계좌가 발급되었습니다. 입금 기한 안에 입금해 주세요.').waitFor();
    const paymentKey = new URL(page.url()).searchParams.get('paymentKey')!;
    expect(await page.getByTestId('toss-account').textContent()).toBe(
      toss.payments.get(paymentKey)!.virtualAccount!.accountNumber,
    );
    await page.getByText('우리은행').waitFor();
    await h.screenshot(page, 'toss-virtual-account-390');
    expect(await credits(member.id)).toBe(0);
    expect(await toss.deposit(paymentKey)).toBe(200);
    expect(await h.t.app.get(WalletFacade).balanceOf(member.id)).toBe(20_000n);
  });
});
