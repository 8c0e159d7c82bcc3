import type { Page } from 'playwright-core';
import { TEST_OPERATOR } from '../../support/test-app.js';
import { rememberSecret, secretOf, totpCode } from '../../support/second-factor.js';
import type { BrowserHarness } from '../../support/browser.js';
import type { TestMember } from '../../support/members.js';

/** Logs in on the console's login page; answers once the layout (the sidebar) is there. */
export async function logInToConsole(h: BrowserHarness, credentials = TEST_OPERATOR): Promise<Page> {
  const page = await h.newPage();
  await page.goto('/admin/login');
  await submitConsoleLogin(page, credentials);
  await page.getByRole('menuitem', { name: '대시보드' }).waitFor();
  return page;
}

/**
 * The console's login steps on an open login page: id and password, then the authenticator code from a known
 * secret (otplib), or, for an OWNER/ACCOUNTANT without one, the enrolment (its secret read off the screen and
 * remembered). Answers when the console has left the login page.
 */
export async function submitConsoleLogin(page: Page, credentials: { id: string; password: string }): Promise<void> {
  await page.locator('input[name="username"]').fill(credentials.id);
  await page.locator('input[name="password"]').fill(credentials.password);
  await page.getByRole('button', { name: '로그인' }).click();
  const left = page.waitForURL((url) => !url.pathname.endsWith('/login')).then(() => 'in' as const);
  const code = page
    .locator('input[name="code"]')
    .waitFor()
    .then(() => 'code' as const);
  if ((await Promise.race([left, code])) === 'in') return;
  const enrolling = await page.getByTestId('totp-secret').isVisible();
  if (enrolling) rememberSecret(credentials.id, (await page.getByTestId('totp-secret').textContent())!.trim());
  const secret = secretOf(credentials.id);
  if (!secret) throw new Error(`no known TOTP secret for ${credentials.id}`);
  await page.locator('input[name="code"]').fill(await totpCode(secret));
  await page.getByRole('button', { name: '확인' }).click();
  if (enrolling) await page.getByRole('button', { name: '복구 코드를 적어 두었습니다' }).click();
  await left;
}

/** The toast react-admin shows (MUI Snackbar). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.MuiSnackbarContent-message', { hasText: text }).first();

/** The member's balance as the storefront reads it. */
export async function balanceOf(h: BrowserHarness, member: TestMember): Promise<number> {
  return (await h.t.http.get('/api/auth/profile').set('Authorization', `Bearer ${member.token}`).expect(200)).body
    .point as number;
}

/** A platform and a category to put services in (operator API). */
export async function createCategory(h: BrowserHarness, admin: string): Promise<number> {
  await h.t.http
    .post('/api/admin/platforms')
    .set('Authorization', admin)
    .send({ id: 'instagram', text: '인스타그램' })
    .expect(201);
  const category = await h.t.http
    .post('/api/admin/categories')
    .set('Authorization', admin)
    .send({ platform: 'instagram', text: '인스타그램 팔로워' })
    .expect(201);
  return category.body.id as number;
}

/** The bank account the charge form needs (without it a charge request is a 503). */
export async function configureBanking(h: BrowserHarness, admin: string): Promise<void> {
  for (const [key, value] of [
    ['BANKING_NAME', '국민은행'],
    ['BANKING_ACCOUNT_NUMBER', '123456-01-234567'],
  ]) {
    await h.t.http.put(`/api/admin/settings/${key}`).set('Authorization', admin).send({ value }).expect(200);
  }
}
