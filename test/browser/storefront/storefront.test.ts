import { seedDemoContent } from '../../../server/src/database/demo/index.js';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { memberWithPoints, operator, ready, signedIn, storageOf } from './storefront.js';

/** The storefront against the real server: sessions, route guards, settings-driven frame, dark mode. */
describe('the storefront', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
    await operator(h).settings({
      FOOTER_COMPANY: '브라우저 주식회사',
      FOOTER_CEO: '김대표',
      FOOTER_CORPORATION_NUMBER: '123-45-67890',
      SITE_MAIN_COLOR: '#e11d48',
      SITE_KAKAO_CHANNEL_LINK: 'https://pf.kakao.com/_browser',
      SITE_KAKAO_TEXT: '카톡 상담',
      ENABLE_QNA: true,
    });
  });
  afterAll(() => h.close());

  it('draws the frame from the settings: footer facts, main colour, chat button, terms in a new tab', async () => {
    const page = await h.newPage();
    await page.goto('/order');
    await ready(page);
    await page.getByText('브라우저 주식회사 | 대표 김대표').first().waitFor();
    expect(await page.textContent('footer')).toContain('사업자등록번호 123-45-67890');
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--main').trim()),
    ).toBe('#e11d48');
    const chat = page.getByTestId('chat-button');
    expect(await chat.getAttribute('href')).toBe('https://pf.kakao.com/_browser');
    expect(await chat.textContent()).toBe('카톡 상담');
    expect(await page.getByRole('link', { name: '이용약관' }).getAttribute('target')).toBe('_blank');
    const top = await page.locator('.topbar').boundingBox();
    expect(top?.height).toBe(60);
  });

  it('sends a visitor from member pages to /order and serves the terms to everyone', async () => {
    const page = await h.newPage();
    for (const path of ['/account', '/point', '/order-history', '/logout', '/no-such-page', '/']) {
      await page.goto(path);
      await page.waitForURL('**/order');
    }
    await page.goto('/terms/privacy');
    await page.getByRole('heading', { name: '개인정보처리방침' }).waitFor();
    expect(await page.textContent('article')).toContain('2021년 6월 20일');
    await page.goto('/terms/service');
    await page.getByRole('heading', { name: '제21조 (준거법 및 재판관할)' }).waitFor();
  });

  it('lets a visitor browse as a guest, then back to the login page', async () => {
    const page = await h.newPage();
    await page.goto('/order');
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    await nav.getByRole('button', { name: '둘러보기' }).click();
    await nav.getByRole('link', { name: '주문내역' }).waitFor();
    expect(await nav.getByRole('link', { name: '자주묻는질문' }).count()).toBe(1);
    await nav.getByRole('link', { name: '주문내역' }).click();
    await page.waitForURL('**/order');
    // A member-only menu says why and offers login.
    const prompt = page.getByRole('dialog', { name: '로그인이 필요합니다' });
    await prompt.getByText('회원만 이용할 수 있는 메뉴입니다. 로그인 후 이용해 주세요.').waitFor();
    await prompt.getByRole('button', { name: '로그인' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: '로그인' }).waitFor();
    expect(await nav.getByRole('button', { name: '둘러보기' }).count()).toBe(1);
  });

  it('logs a member in through the form, keeps the id, shows the balance, and logs out', async () => {
    const member = await memberWithPoints(h, 12_345n);
    const page = await h.newPage();
    await page.goto('/login');
    const submit = page.getByRole('form', { name: '로그인' }).getByRole('button', { name: '로그인' });
    // With e-mail verification off the server refuses find-id/find-password (403), so the page offers neither.
    await page.getByText('브라우저 주식회사').first().waitFor();
    expect(await page.getByRole('link', { name: /찾기$/ }).count()).toBe(0);
    await page.getByLabel('아이디', { exact: true }).fill(member.loginId);
    await page.getByLabel('비밀번호').fill('wrong-password');
    await submit.click();
    await page.getByText('아이디 또는 비밀번호가 다릅니다.').waitFor();
    await page.getByLabel('비밀번호').fill(member.password);
    await page.getByLabel('아이디 저장').check();
    await submit.click();
    await page.waitForURL('**/order');
    await page.getByText('로그인에 성공했습니다.').waitFor();
    expect(await page.getByTestId('balance').first().textContent()).toBe('12,345원');
    expect(await storageOf(page, 'jwt')).toBeTruthy();
    expect(await storageOf(page, 'savedId')).toBe(member.loginId);
    await page.goto('/login');
    await page.waitForURL('**/order');
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '로그아웃' }).click();
    await page.waitForURL('**/order');
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('button', { name: '둘러보기' }).waitFor();
    expect(await storageOf(page, 'jwt')).toBeNull();
    await page.goto('/login');
    expect(await page.getByLabel('아이디', { exact: true }).inputValue()).toBe(member.loginId);
  });

  it('treats a stale token as logged out and removes it', async () => {
    const page = await h.newPage();
    await page.context().addInitScript(() => localStorage.setItem('jwt', 'not-a-valid-token'));
    await page.goto('/account');
    await page.waitForURL('**/order');
    await ready(page);
    expect(await storageOf(page, 'jwt')).toBeNull();
  });

  it('shows the account page to a member and reaches the API documentation from it', async () => {
    const member = await memberWithPoints(h, 0n);
    const page = await h.newPage();
    await signedIn(page, member);
    await page.goto('/account');
    expect(await page.getByLabel('아이디', { exact: true }).inputValue()).toBe(member.loginId);
    await page.getByRole('link', { name: 'API 문서 보기' }).click();
    await page.waitForURL('**/api');
    await page.getByRole('heading', { name: 'API v2 (SMM 패널 표준 API)' }).waitFor();
    expect(await page.textContent('main')).toContain(`${h.baseUrl}/api/v1`);
  });

  it('follows the system colour scheme first, then the stored choice', async () => {
    const page = await h.newPage({ colorScheme: 'dark' });
    await page.goto('/order');
    await ready(page);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await storageOf(page, 'darkMode')).toBe('true');
    await page.getByRole('button', { name: '다크 모드' }).click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.reload();
    await ready(page);
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await storageOf(page, 'darkMode')).toBe('false');
  });

  it('at 1280px and below uses the dropdown, which closes on navigation, and shows the dismissible landscape banner', async () => {
    const member = await memberWithPoints(h, 0n);
    const page = await h.newPage({ width: 390, height: 844 });
    await signedIn(page, member);
    await page.goto('/order');
    await ready(page);
    expect(await page.getByRole('navigation', { name: '주 메뉴' }).isVisible()).toBe(false);
    const banner = page.getByRole('note');
    await banner.waitFor();
    await page.getByRole('button', { name: '안내 닫기' }).click();
    expect(await banner.count()).toBe(0);
    await page.getByRole('button', { name: '메뉴' }).click();
    const dropdown = page.getByRole('navigation', { name: '메뉴 목록' });
    await dropdown.getByRole('link', { name: '잔액충전' }).click();
    await page.waitForURL('**/point');
    expect(await dropdown.count()).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  it('keeps 360px as the minimum page width', async () => {
    const page = await h.newPage({ width: 320, height: 640 });
    await page.goto('/order');
    await ready(page);
    expect(await page.evaluate(() => document.body.getBoundingClientRect().width)).toBe(360);
  });

  it('offers the sign-up routes from the server in the register form', async () => {
    await seedDemoContent(h.t.app);
    const options = (await h.t.http.get('/api/service/register-where').expect(200)).body as { text: string }[];
    const page = await h.newPage();
    await page.goto('/register');
    const select = page.getByLabel('가입경로');
    await select.waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('select option').length === n + 1, options.length);
    expect(options.length).toBeGreaterThan(0);
    expect(await select.locator('option').allTextContents()).toEqual(['가입경로 선택', ...options.map((o) => o.text)]);
    await page.getByRole('button', { name: '회원가입' }).last().click();
    await page.getByText('아이디를 입력 해주세요.').waitFor();
    await page.getByText('가입경로를 선택해주세요').waitFor();
  });
});
