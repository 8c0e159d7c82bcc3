import { loadDemoData } from '../../../server/src/database/demo/index.js';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { memberWithPoints, openScreen as open, operator, toast } from './storefront.js';

const PHONE = { width: 390, height: 844 } as const;

/** On a phone, against the real server: login prompt, consents, refusal reasons, chat button, favicon. */
describe('storefront screens on a phone', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
    await loadDemoData(h.t.app);
    await operator(h).settings({ ENABLE_EMAIL_VERIFY: false, ENABLE_PHONE_NUMBER: true, ENABLE_PAYMENT_TYPE: 'ALL' });
  });
  afterAll(() => h.close());

  it('a visitor pressing 주문하기 is asked to log in and, once logged in, finds the order as they left it', async () => {
    const member = await memberWithPoints(h, 10_000n);
    const page = await h.newPage(PHONE);
    await open(page, '/order');
    await page.getByLabel('링크').fill('https://www.instagram.com/kept_link/');
    await page.getByLabel('수량').fill('150');
    const chosen = await page.getByLabel('상품').inputValue();
    await page.getByRole('button', { name: '주문하기' }).click();
    const dialog = page.getByRole('dialog', { name: '로그인이 필요합니다' });
    await dialog
      .getByText('주문하려면 로그인해 주세요. 입력하신 주문 내용은 로그인 후에도 그대로 남아 있습니다.')
      .waitFor();
    expect(await page.locator('.Toastify').getByText('포인트가 부족합니다.').count()).toBe(0);
    await h.screenshot(page, 'storefront-order-visitor-login-prompt-390');
    await dialog.getByRole('button', { name: '로그인' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('form', { name: '로그인' }).getByLabel('아이디', { exact: true }).fill(member.loginId);
    await page.getByRole('form', { name: '로그인' }).getByLabel('비밀번호', { exact: true }).fill(member.password);
    await page.getByRole('form', { name: '로그인' }).getByRole('button', { name: '로그인' }).click();
    await page.waitForURL('**/order');
    await page.getByTestId('balance').first().waitFor({ state: 'attached' });
    expect(await page.getByLabel('상품').inputValue()).toBe(chosen);
    expect(await page.getByLabel('링크').inputValue()).toBe('https://www.instagram.com/kept_link/');
    expect(await page.getByLabel('수량').inputValue()).toBe('150');
  }, 90_000);

  it('a guest opening a member-only menu is told why and offered login', async () => {
    const page = await h.newPage(PHONE);
    await open(page, '/order');
    await page.getByRole('button', { name: '메뉴' }).click();
    await page.getByRole('navigation', { name: '메뉴 목록' }).getByRole('button', { name: '둘러보기' }).click();
    await page.getByRole('button', { name: '메뉴' }).click();
    await page.getByRole('navigation', { name: '메뉴 목록' }).getByRole('link', { name: '잔액충전' }).click();
    const dialog = page.getByRole('dialog', { name: '로그인이 필요합니다' });
    await dialog.getByText('회원만 이용할 수 있는 메뉴입니다. 로그인 후 이용해 주세요.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/order');
  });

  it('sign-up asks for the two required consents with links, and the member records them', async () => {
    const page = await h.newPage(PHONE);
    await open(page, '/register');
    const form = page.getByRole('form', { name: '회원가입' });
    await form.getByLabel('아이디', { exact: true }).fill('consent01');
    await form.getByLabel('비밀번호', { exact: true }).fill('short');
    await form.getByLabel('비밀번호 재입력').fill('short');
    await form.getByLabel('이메일', { exact: true }).fill('consent01@example.com');
    await form.getByRole('button', { name: '회원가입' }).click();
    await form.getByText('이용약관에 동의해 주세요.').waitFor();
    await form.getByText('개인정보 수집·이용에 동의해 주세요.').waitFor();
    await form.getByText('비밀번호는 8~20자로 입력해 주세요.').waitFor();
    expect(await form.getByRole('link', { name: '이용약관 보기' }).getAttribute('href')).toBe('/terms/service');
    expect(await form.getByRole('link', { name: '개인정보처리방침 보기' }).getAttribute('href')).toBe('/terms/privacy');
    await form.locator('.consents').scrollIntoViewIfNeeded();
    await h.screenshot(page, 'storefront-register-consents-390');
  });

  it('the chat button never covers the 인증번호 발송 button; favicon.ico is served', async () => {
    const page = await h.newPage(PHONE);
    await open(page, '/register');
    const send = page.getByRole('button', { name: '인증번호 발송' });
    const chat = page.getByTestId('chat-button');
    await chat.waitFor();
    // Scroll so that the send button sits exactly where the chat button floats, then tap-test its centre.
    const chatBox = (await chat.boundingBox())!;
    const sendBox = (await send.boundingBox())!;
    await page.evaluate(
      (dy) => window.scrollBy(0, dy),
      sendBox.y + sendBox.height / 2 - (chatBox.y + chatBox.height / 2),
    );
    await page.waitForTimeout(400);
    const box = (await send.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null,
      [box.x + box.width - 6, box.y + box.height / 2],
    );
    expect(hit).toBe('인증번호 발송');
    expect(await chat.getAttribute('data-tucked')).toBe('true');
    const favicon = await h.t.http.get('/favicon.ico').expect(200);
    expect(favicon.headers['content-type']).toMatch(/icon/);
  });

  it('the 5-waiting-charges limit shows the server reason; /point fits 390px with 1만5천원 presets and one 예금주', async () => {
    await operator(h).settings({ POINT_CHARGE_BUTTON_OPTIONS: [15000, 50000, 100000] });
    const member = await memberWithPoints(h, 0n);
    const page = await h.newPage(PHONE);
    await page.context().addInitScript((token) => localStorage.setItem('jwt', token), member.token);
    await open(page, '/point');
    expect(await page.locator('.preset-buttons button').allTextContents()).toEqual([
      '+1만5천원',
      '+5만원',
      '+10만원',
      '초기화',
    ]);
    for (let i = 0; i < 6; i++) {
      await page.getByLabel('입금자명').fill('홍길동');
      await page.getByRole('button', { name: '+1만5천원' }).click();
      await page.getByRole('button', { name: '충전 신청' }).click();
      if (i < 5) {
        await page.getByTestId('deposit-panel').waitFor();
        if (i === 0) {
          expect(await page.getByTestId('deposit-panel').textContent()).not.toContain('예금주 예금주');
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          await h.screenshot(page, 'storefront-point-deposit-390');
        }
        await page.getByRole('button', { name: '새로 충전 신청하기' }).click();
      }
    }
    await toast(page, '입금 대기 중인 충전 요청이 너무 많습니다. 입금하시거나 3시간 후 다시 시도해 주세요.');
    await open(page, '/point');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await h.screenshot(page, 'storefront-point-390');
  });
});
