import type { Page } from 'playwright-core';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createMember, type TestMember } from '../../support/members.js';
import { operatorWithRole } from '../../support/operators.js';
import { TEST_OPERATOR } from '../../support/test-app.js';
import { balanceOf, submitConsoleLogin, toast } from './support.js';

const PHONE = { width: 390, height: 844 };

describe('operator team in the console at 390 px: roles, and two-person approval', () => {
  let h: BrowserHarness;
  let member: TestMember;

  /** Logs in at phone width; answers once the console's first page is there (with or without the dashboard). */
  const logIn = async (id: string, password: string): Promise<Page> => {
    const page = await h.newPage(PHONE);
    await page.goto('/admin/login');
    await submitConsoleLogin(page, { id, password });
    await page.getByRole('button', { name: '메뉴 열기' }).waitFor();
    return page;
  };
  const menuItems = async (page: Page) => {
    await page.getByRole('button', { name: '메뉴 열기' }).click();
    await page.getByRole('menuitem').first().waitFor();
    const items = (await page.getByRole('menuitem').allTextContents()).map((s) => s.trim());
    await page.keyboard.press('Escape');
    return items;
  };
  const noWiderThanPhone = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  beforeAll(async () => {
    h = await startBrowserHarness();
    member = await createMember(h.t);
  }, 60_000);
  afterAll(() => h.close());

  it('the owner creates a SUPPORT operator, who logs in and cannot open the settings', async () => {
    const owner = await logIn(TEST_OPERATOR.id, TEST_OPERATOR.password);
    expect(await menuItems(owner)).toEqual(expect.arrayContaining(['대시보드', '사이트 설정', '운영자 관리']));
    await owner.goto('/admin/operators/create');
    await owner.locator('input[name="loginId"]').fill('support_kim');
    await owner.locator('input[name="password"]').fill('support-password-1');
    await owner.getByRole('combobox', { name: '역할' }).click();
    await owner.getByRole('option', { name: '상담원 (SUPPORT)' }).click();
    await h.screenshot(owner, 'console-operator-create-390');
    await owner.getByRole('button', { name: '저장' }).click();
    await toast(owner, '생성되었습니다').waitFor();
    await owner.getByText('support_kim').first().waitFor();
    await noWiderThanPhone(owner);
    await h.screenshot(owner, 'console-operators-390');

    const support = await logIn('support_kim', 'support-password-1');
    await support.getByTestId('home-no-dashboard').waitFor();
    const items = await menuItems(support);
    expect(items).toEqual(expect.arrayContaining(['주문', '회원']));
    for (const hidden of [
      '대시보드',
      '사이트 설정',
      '운영자 관리',
      '충전 요청',
      '포인트 원장',
      '감사 로그',
      '승인 대기',
    ])
      expect(items).not.toContain(hidden);
    await h.screenshot(support, 'console-support-home-390');

    // Typed in by hand: no settings page exists for the role, and the API refuses it too.
    await support.goto('/admin/settings');
    await support.getByText('찾을 수 없습니다').first().waitFor();
    expect(await support.locator('input[name="SITE_NAME"]').count()).toBe(0);
    const token = await support.evaluate(() => localStorage.getItem('operatorToken'));
    await h.t.http.get('/api/admin/settings').set('Authorization', `Bearer ${token}`).expect(403);
    await h.screenshot(support, 'console-support-settings-390');

    // On a member's page the support desk reads, without the money or suspension commands.
    await support.goto(`/admin/members/${member.id}/show`);
    await support.getByText(member.loginId).first().waitFor();
    expect(await support.getByRole('button', { name: '포인트 조정' }).count()).toBe(0);
    expect(await support.getByRole('button', { name: '이용 정지' }).count()).toBe(0);
  }, 180_000);

  it('approval round trip: the owner asks for 150,000 points, an accountant approves, the member has them', async () => {
    const accountant = await operatorWithRole(h.t, 'ACCOUNTANT', 'acct_park');
    const owner = await logIn(TEST_OPERATOR.id, TEST_OPERATOR.password);
    await owner.goto(`/admin/members/${member.id}/show`);
    await owner.getByRole('button', { name: '포인트 조정' }).click();
    await owner.getByRole('dialog').getByLabel('금액 (차감은 음수)').fill('150000');
    await owner.getByRole('dialog').getByLabel('사유').fill('VIP 보상');
    await owner.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await toast(owner, /2인 승인 대기/).waitFor();
    expect(await balanceOf(h, member)).toBe(0);
    await owner.goto('/admin/approvals');
    await owner.getByText('다른 운영자의 승인 대기').waitFor();
    expect(await owner.getByRole('button', { name: '승인' }).count()).toBe(0);
    await h.screenshot(owner, 'console-approval-pending-owner-390');

    const page = await logIn(accountant.loginId, 'acct_park-password');
    await page.goto('/admin/approvals');
    const row = page.getByTestId('approval-card').filter({ hasText: 'VIP 보상' });
    await row.waitFor();
    expect(await row.textContent()).toContain(TEST_OPERATOR.id);
    await h.screenshot(page, 'console-approval-pending-390');
    await row.getByRole('button', { name: '승인' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await toast(page, '승인하여 실행했습니다.').waitFor();
    expect(await balanceOf(h, member)).toBe(150_000);
    await page.goto('/admin/approvals?filter=%7B%22status%22%3A%22APPROVED%22%7D');
    await page
      .getByTestId('approval-card')
      .filter({ hasText: 'VIP 보상' })
      .getByText(/승인됨/)
      .waitFor();
    await noWiderThanPhone(page);
    await h.screenshot(page, 'console-approval-approved-390');
  }, 180_000);
});
