import { LedgerKind, WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createMember, type TestMember } from '../../support/members.js';
import { logInToConsole, toast } from './support.js';

describe('operator console: login, settings, audit log, ledger', () => {
  let h: BrowserHarness;
  let member: TestMember;
  beforeAll(async () => {
    h = await startBrowserHarness();
    member = await createMember(h.t);
    await h.t.http
      .put('/api/admin/settings/FOOTER_COMPANY')
      .set('Authorization', `Bearer ${await h.t.operatorToken()}`)
      .send({ value: '콘솔테스트 상사' })
      .expect(200);
  }, 60_000);
  afterAll(() => h.close());

  it('refuses a member: the member login fails on the console and the member token gets 401 on /api/admin', async () => {
    await h.t.http.get('/api/admin/settings').set('Authorization', `Bearer ${member.token}`).expect(401);
    const page = await h.newPage();
    await page.goto('/admin/');
    await page.waitForURL(/\/admin\/login/);
    await page.getByTestId('company').getByText('콘솔테스트 상사').waitFor();
    // Nothing is said before a try (no red 로그인이 필요합니다.).
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.MuiSnackbarContent-message').count()).toBe(0);
    await page.locator('input[name="username"]').fill(member.loginId);
    await page.locator('input[name="password"]').fill(member.password);
    await page.getByRole('button', { name: '로그인' }).click();
    await toast(page, '아이디 또는 비밀번호가 다릅니다.').waitFor();
    expect(page.url()).toMatch(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('operatorToken'))).toBeNull();
    await h.screenshot(page, 'console-login-refused');
  }, 90_000);

  it('edits settings in one grouped form, shows a per-key error, and the storefront shows the new value', async () => {
    const page = await logInToConsole(h);
    await page.goto('/admin/settings');
    for (const area of [
      '푸터 (사업자 정보)',
      '입금 계좌',
      '사이트',
      '기능 스위치',
      '결제 유형',
      '충전 금액 버튼',
      '소셜 로그인',
    ]) {
      await page.getByRole('heading', { name: area, exact: true }).waitFor();
    }
    await page.locator('input[name="FOOTER_COMPANY"]').fill('바뀐상호 주식회사');
    await page.locator('input[name="SITE_MAIN_COLOR"]').fill('blue');
    await page.locator('input[name="POINT_CHARGE_BUTTON_OPTIONS"]').fill('10000, 50000, 100000');
    await page.getByRole('button', { name: '설정 저장' }).click();
    // The colour is refused under its own field; nothing was written.
    await page.getByText('#1a73e8 형식의 색상이거나 비워 두어야 합니다').waitFor();
    const before = await h.t.http.get('/api/service/settings');
    expect(before.body.find((s: { key: string }) => s.key === 'FOOTER_COMPANY').value).toBe('콘솔테스트 상사');
    await h.screenshot(page, 'console-settings-error');

    await page.locator('input[name="SITE_MAIN_COLOR"]').fill('#123abc');
    await page.getByRole('button', { name: '설정 저장' }).click();
    await toast(page, '3개 항목을 저장했습니다.').waitFor();
    const after = await h.t.http.get('/api/service/settings');
    const value = (key: string) => after.body.find((s: { key: string }) => s.key === key).value;
    expect(value('FOOTER_COMPANY')).toBe('바뀐상호 주식회사');
    expect(value('SITE_MAIN_COLOR')).toBe('#123abc');
    expect(value('POINT_CHARGE_BUTTON_OPTIONS')).toEqual([10000, 50000, 100000]);
    await h.screenshot(page, 'console-settings');

    const storefront = await h.newPage();
    await storefront.goto('/order');
    await storefront.getByText('바뀐상호 주식회사').first().waitFor();

    // Each change is in the audit log, read-only.
    await page.goto('/admin/audit-logs');
    const row = page.locator('tr', { hasText: 'FOOTER_COMPANY' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('바뀐상호 주식회사');
    expect(await row.textContent()).toContain('사이트 설정');
    expect(await row.textContent()).toContain('변경');
    expect(await page.locator('tr', { hasText: 'SITE_MAIN_COLOR' }).count()).toBe(1);
    await h.screenshot(page, 'console-audit-logs');
  }, 90_000);

  it('lists the point ledger with Korean kinds and filters it by member', async () => {
    const wallet = h.t.app.get(WalletFacade);
    await h.t.app
      .get(MikroORM)
      .em.fork()
      .transactional(async (tx) => {
        await wallet.credit(tx, {
          memberId: member.id,
          amount: 30000n,
          kind: LedgerKind.CHARGE,
          reference: { type: 'charge', id: 'fixture-1' },
        });
        await wallet.debit(tx, {
          memberId: member.id,
          amount: 1200n,
          kind: LedgerKind.ORDER,
          reference: { type: 'order', id: 'fixture-1' },
        });
      });
    const page = await logInToConsole(h);
    await page.goto(`/admin/ledger-entries?filter=${encodeURIComponent(JSON.stringify({ memberId: member.id }))}`);
    const charge = page.locator('tr', { hasText: '충전' }).filter({ hasText: '30,000' });
    await charge.waitFor();
    const order = page.locator('tr', { hasText: '주문' }).filter({ hasText: '-1,200' });
    expect(await order.textContent()).toContain('28,800');
    await h.screenshot(page, 'console-ledger');
  }, 90_000);
});
