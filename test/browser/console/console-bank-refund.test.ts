import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createMember, type TestMember } from '../../support/members.js';
import { setSettings } from '../../support/identity.js';
import { configureBilling, openCharge } from '../../api/billing/billing-support.js';
import { balanceOf, logInToConsole, toast } from './support.js';

/** The console's 환불 of an accepted bank-transfer charge: the dialog, what it wrote, a refusal. */
describe('operator console: bank-transfer refund', () => {
  let h: BrowserHarness;
  let member: TestMember;

  beforeAll(async () => {
    h = await startBrowserHarness({});
    await configureBilling(h.t);
    await setSettings(h.t, { APPROVAL_THRESHOLD: 1_000_000 });
    member = await createMember(h.t);
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  it('refunds part of an accepted bank-transfer charge and shows what it wrote', async () => {
    const { chargeId } = await openCharge(h.t, member, 30_000);
    const admin = `Bearer ${await h.t.operatorToken()}`;
    await h.t.http.post(`/api/admin/charges/${chargeId}/accept`).set('Authorization', admin).expect(200);

    const page = await logInToConsole(h);
    await page.goto('/admin/charges');
    await page.getByTestId('tab-SUCCESS').click();
    await page.getByTestId(`charge-method-${chargeId}`).click();
    await page.getByRole('button', { name: '환불' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('상품 밖에서 회원의 계좌로 직접 이체').waitFor();
    await dialog.getByLabel(/환불 금액/).fill('10000');
    await dialog.getByLabel('환불 사유').fill('고객 요청');
    await h.screenshot(page, 'console-bank-refund-dialog');
    await dialog.getByRole('button', { name: '확인' }).click();
    await toast(page, '환불을 기록했습니다: 10,000원, 포인트 10,000 회수').waitFor();
    // The ledger entry it wrote, then the page refreshed with the charge's refunded figures.
    await page.getByRole('dialog').getByText('-10,000').first().waitFor();
    await h.screenshot(page, 'console-bank-refund-done');
    expect(await balanceOf(h, member)).toBe(20_000);

    await page.getByRole('button', { name: '닫기' }).click();
    await page.getByText('10,000', { exact: true }).first().waitFor();
    await h.screenshot(page, 'console-bank-refund-after');
    await page.getByRole('button', { name: '환불' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(/환불 금액/)
      .fill('25000');
    await page.getByRole('dialog').getByLabel('환불 사유').fill('초과 환불');
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await toast(page, '환불할 금액이 아직 환불되지 않은 입금액보다 많습니다.').waitFor();
    await h.screenshot(page, 'console-bank-refund-refused');
    expect(await balanceOf(h, member)).toBe(20_000);
  }, 120_000);
});
