import type { Page } from 'playwright-core';
import { SECOND_FACTOR_MESSAGES as M } from '../../../server/src/contracts/index.js';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { logInOperator, rememberSecret, totpCode, wrongCode } from '../../support/second-factor.js';
import { TEST_OPERATOR } from '../../support/test-app.js';
import { toast } from './support.js';

const PHONE = { width: 390, height: 844 };

/**
 * The second-factor journey at 390 px: an owner without a second factor (no ADMIN_TOTP_SECRET) is led into enrolment
 * at login, creates a SUPPORT operator, who turns 2FA on from 내 보안 설정, logs in again with a code, and
 * cannot open the settings.
 */
describe('second factor in the console at 390 px', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness({ ADMIN_TOTP_SECRET: undefined });
  }, 60_000);
  afterAll(() => h.close());

  const noWiderThanPhone = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const passwordStep = async (page: Page, id: string, password: string) => {
    await page.goto('/admin/login');
    await page.locator('input[name="username"]').fill(id);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: '로그인' }).click();
  };
  const secretOnScreen = async (page: Page) => (await page.getByTestId('totp-secret').textContent())!.trim();

  it('the owner enrols at login, creates a SUPPORT operator who enrols, logs in with a code and cannot open settings', async () => {
    const owner = await h.newPage(PHONE);
    await passwordStep(owner, TEST_OPERATOR.id, TEST_OPERATOR.password);
    await owner.getByText(M.enrolStep).waitFor();
    await owner.getByTestId('totp-qr').waitFor();
    // No console session before the factor is on.
    expect(await owner.evaluate(() => localStorage.getItem('operatorToken'))).toBeNull();
    await noWiderThanPhone(owner);
    await h.screenshot(owner, 'console-2fa-enrol-390');
    const ownerSecret = await secretOnScreen(owner);
    rememberSecret(TEST_OPERATOR.id, ownerSecret);
    await owner.locator('input[name="code"]').fill(await totpCode(ownerSecret));
    await owner.getByRole('button', { name: '확인' }).click();
    const codes = owner.getByTestId('recovery-codes').locator('li');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await noWiderThanPhone(owner);
    await h.screenshot(owner, 'console-2fa-recovery-codes-390');
    await owner.getByRole('button', { name: '복구 코드를 적어 두었습니다' }).click();
    await owner.getByRole('button', { name: '메뉴 열기' }).waitFor();

    await owner.goto('/admin/operators/create');
    await owner.locator('input[name="loginId"]').fill('support_lee');
    await owner.locator('input[name="password"]').fill('support-password-2');
    await owner.getByRole('combobox', { name: '역할' }).click();
    await owner.getByRole('option', { name: '상담원 (SUPPORT)' }).click();
    await owner.getByRole('button', { name: '저장' }).click();
    await toast(owner, '생성되었습니다').waitFor();

    // SUPPORT may work without a second factor; this one turns it on from 내 보안 설정.
    const support = await h.newPage(PHONE);
    await passwordStep(support, 'support_lee', 'support-password-2');
    await support.getByRole('button', { name: '메뉴 열기' }).waitFor();
    await support.goto('/admin/security');
    await support.getByTestId('totp-status').getByText('사용하지 않습니다.').waitFor();
    await support.getByRole('button', { name: '2단계 인증 켜기' }).click();
    await support.getByTestId('totp-qr').waitFor();
    const supportSecret = await secretOnScreen(support);
    rememberSecret('support_lee', supportSecret);
    await support.locator('input[name="code"]').fill(await totpCode(supportSecret));
    await support.getByRole('button', { name: '확인' }).click();
    await support.getByText(M.enabled).waitFor();
    expect(await support.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await noWiderThanPhone(support);
    await h.screenshot(support, 'console-2fa-support-enabled-390');
    // The change ended every session of the account, this one too.
    const ended = await support.evaluate(() => localStorage.getItem('operatorToken'));
    await h.t.http.get('/api/admin/auth/me').set('Authorization', `Bearer ${ended}`).expect(401);
    await support.getByRole('button', { name: '다시 로그인' }).click();

    await passwordStep(support, 'support_lee', 'support-password-2');
    await support.getByText(M.codeStep).waitFor();
    await h.screenshot(support, 'console-2fa-code-step-390');
    await support.locator('input[name="code"]').fill(await wrongCode(supportSecret));
    await support.getByRole('button', { name: '확인' }).click();
    await toast(support, M.codeWrong).waitFor();
    await support.locator('input[name="code"]').fill(await totpCode(supportSecret));
    await support.getByRole('button', { name: '확인' }).click();
    await support.getByRole('button', { name: '메뉴 열기' }).waitFor();
    await support.goto('/admin/settings');
    await support.getByText('찾을 수 없습니다').first().waitFor();
    expect(await support.locator('input[name="SITE_NAME"]').count()).toBe(0);
    const token = await support.evaluate(() => localStorage.getItem('operatorToken'));
    await h.t.http.get('/api/admin/settings').set('Authorization', `Bearer ${token}`).expect(403);
    await noWiderThanPhone(support);
    await h.screenshot(support, 'console-2fa-support-settings-390');

    // 로그인된 기기: a second login is listed beside this one; logging it out ends its token.
    const other = await logInOperator(h.t.http, { id: 'support_lee', password: 'support-password-2' });
    await support.goto('/admin/security');
    const sessions = support.getByTestId('session');
    await sessions.nth(1).waitFor();
    expect(await sessions.count()).toBe(2);
    await sessions.filter({ hasText: '현재 기기' }).waitFor();
    await noWiderThanPhone(support);
    await h.screenshot(support, 'console-sessions-390');
    await sessions.getByRole('button', { name: '로그아웃' }).click();
    await toast(support, '세션을 종료했습니다.').waitFor();
    await sessions.nth(1).waitFor({ state: 'detached' });
    expect(await sessions.count()).toBe(1);
    await h.t.http.get('/api/admin/auth/me').set('Authorization', `Bearer ${other.accessToken}`).expect(401);
    await h.t.http.get('/api/admin/auth/me').set('Authorization', `Bearer ${token}`).expect(200);

    // 로그인 기록 names the code steps.
    const attempts = await h.t.http
      .get('/api/admin/login-attempts')
      .query({ filter: JSON.stringify({ loginId: 'support_lee' }) })
      .set('Authorization', `Bearer ${await h.t.operatorToken()}`)
      .expect(200);
    expect(attempts.body.map((a: { result: string }) => a.result)).toEqual(
      expect.arrayContaining(['CODE_REQUIRED', 'CODE_FAILED', 'CODE_SUCCEEDED']),
    );
  }, 240_000);
});
