import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createMember } from '../../support/members.js';
import { operator, ready, signedIn } from './storefront.js';

/**
 * 충전 보너스 on /point at 390 px, in Chromium against the real server: the tiers the operator set through
 * /api/admin/charge-bonuses, read by the charge form, whose bonus line follows the amount as it changes.
 */
describe('charge bonus on the charge form (390 px)', () => {
  let h: BrowserHarness;

  beforeAll(async () => {
    h = await startBrowserHarness();
    const op = operator(h);
    await op.settings({
      POINT_CHARGE_BUTTON_OPTIONS: [10000, 50000],
      BANKING_NAME: '국민은행',
      BANKING_ACCOUNT_NUMBER: '123456-01-234567',
    });
    await op.post('/api/admin/charge-bonuses', { minAmount: 10_000, kind: 'PERCENT', value: 3 });
    await op.post('/api/admin/charge-bonuses', { minAmount: 50_000, kind: 'PERCENT', value: 5 });
    await op.post('/api/admin/charge-bonuses', { minAmount: 100_000, kind: 'FIXED', value: 7_000, enabled: false });
  });
  afterAll(() => h?.close());

  it('shows the next tier, then what each amount earns, as the member builds the amount', async () => {
    const member = await createMember(h.t);
    const page = await h.newPage({ width: 390, height: 844 });
    await signedIn(page, member);
    await page.goto('/point');
    await ready(page);
    const form = page.getByRole('form', { name: '잔액 충전' });
    const line = form.getByTestId('charge-bonus');
    const amount = form.getByTestId('charge-amount');

    await line.waitFor();
    expect(await line.textContent()).toBe('10,000원 충전 시 300P 보너스');
    await form.getByRole('button', { name: '+5만원' }).click();
    await amount.filter({ hasText: '50,000원' }).waitFor();
    expect(await line.textContent()).toBe('50,000원 충전 시 2,500P 보너스');
    await form.getByRole('button', { name: '+1만원' }).click();
    await amount.filter({ hasText: '60,000원' }).waitFor();
    expect(await line.textContent()).toBe('60,000원 충전 시 3,000P 보너스');
    // The line fits the phone's width.
    const box = (await line.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await h.screenshot(page, 'charge-bonus-390');

    await form.getByRole('button', { name: '초기화' }).click();
    await amount.filter({ hasText: /^0원$/ }).waitFor();
    expect(await line.textContent()).toBe('10,000원 충전 시 300P 보너스');
  });
});
