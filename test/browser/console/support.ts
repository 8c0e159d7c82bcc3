import type { Page } from 'playwright-core';
import { TEST_OPERATOR } from '../../support/test-app.js';
import type { BrowserHarness } from '../../support/browser.js';

/** Logs in on the console's login page; answers once the layout (the sidebar) is there. */
export async function logInToConsole(h: BrowserHarness, credentials = TEST_OPERATOR): Promise<Page> {
  const page = await h.newPage();
  await page.goto('/admin/login');
  await page.locator('input[name="username"]').fill(credentials.id);
  await page.locator('input[name="password"]').fill(credentials.password);
  await page.getByRole('button', { name: '로그인' }).click();
  await page.getByRole('menuitem', { name: '대시보드' }).waitFor();
  return page;
}

/** The toast react-admin shows (MUI Snackbar). */
export const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbarContent-message', { hasText: text }).first();
