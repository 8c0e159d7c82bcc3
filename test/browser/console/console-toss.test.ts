import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createMember, type TestMember } from '../../support/members.js';
import { setSettings } from '../../support/identity.js';
import { startFakeToss, type FakeToss } from '../../support/fake-toss.js';
import { balanceOf, logInToConsole, toast } from './support.js';

/** The console's side of Toss charges: the method in the list, the payment on the charge page, the refund command. */
describe('operator console: Toss charges and refunds', () => {
  let h: BrowserHarness;
  let toss: FakeToss;
  let member: TestMember;

  beforeAll(async () => {
    toss = await startFakeToss();
    h = await startBrowserHarness({
      TOSS_CLIENT_KEY: toss.clientKey,
      TOSS_SECRET_KEY: toss.secretKey,
      TOSS_API_URL: toss.url,
    });
    await setSettings(h.t, { ENABLE_TOSS_PAYMENT: true });
    member = await createMember(h.t);
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await toss.close();
  });

  it('shows the method and the payment, refunds part of it, and answers Toss’s reason on a refusal', async () => {
    const auth = `Bearer ${member.token}`;
    const c = (
      await h.t.http
        .post('/api/service/point/toss')
        .set('Authorization', auth)
        .send({ point: 30_000, method: 'CARD' })
        .expect(201)
    ).body;
    const paymentKey = toss.authorize(c.orderId, c.amount, 'CARD');
    await h.t.http
      .post('/api/service/point/toss/confirm')
      .set('Authorization', auth)
      .send({ paymentKey, orderId: c.orderId, amount: c.amount })
      .expect(200);

    const page = await logInToConsole(h);
    await page.goto('/admin/charges');
    await page.getByTestId('tab-SUCCESS').click();
    await page.getByTestId(`charge-method-${c.chargeId}`).click();
    await page.getByText(paymentKey).waitFor();
    await h.screenshot(page, 'console-toss-charge');

    await page.getByRole('button', { name: '결제 환불' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/환불할 포인트/).fill('10000');
    await dialog.getByLabel('환불 사유').fill('고객 요청');
    await dialog.getByRole('button', { name: '확인' }).click();
    await toast(page, '결제를 환불했습니다.').waitFor();
    expect(await balanceOf(h, member)).toBe(20_000);
    expect(toss.payments.get(paymentKey)!.balanceAmount).toBe(20_000);
    await page
      .getByRole('button', { name: '닫기' })
      .click()
      .catch(() => undefined);

    // Toss refuses (the payment was canceled at Toss meanwhile): its reason shows, nothing moves.
    toss.payments.get(paymentKey)!.status = 'CANCELED';
    await page.reload();
    await page.getByRole('button', { name: '결제 환불' }).click();
    await page.getByRole('dialog').getByLabel('환불 사유').fill('다시 환불');
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await toast(page, '취소 할 수 없는 결제 입니다.').waitFor();
    await h.screenshot(page, 'console-toss-refund-refused');
    expect(await balanceOf(h, member)).toBe(20_000);
  }, 120_000);
});
