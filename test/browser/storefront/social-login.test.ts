import type { Page } from 'playwright-core';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { sql } from '../../support/identity.js';
import { clientIp } from '../../support/members.js';
import { oauthEnv, startFakeOAuth, type FakeOAuth, type SocialUser } from '../../support/partners.js';
import { operator, ready, storageOf, toast } from './storefront.js';

/**
 * Naver (authorisation page in a popup, code back through /auth/naver) and Kakao (the script SDK's token)
 * in Chromium against the real server. The providers are a real loopback server speaking their protocol
 * (test/support/partners.ts): the browser's requests to nid.naver.com and developers.kakao.com are routed
 * to it, and the server exchanges codes and reads profiles there (NAVER_AUTH_URL, NAVER_API_URL, KAKAO_API_URL).
 */
describe('social login on the storefront', () => {
  let h: BrowserHarness;
  let oauth: FakeOAuth;
  const NAVER_STATE = 'state-브라우저-1';

  /** A fresh visitor whose browser reaches the providers' hosts at the loopback fake. */
  async function visitor(): Promise<Page> {
    const page = await h.newPage({ width: 1440, height: 900 });
    await page
      .context()
      .route(/^https:\/\/(nid\.naver\.com|developers\.kakao\.com|kauth\.kakao\.com)\//, async (route) => {
        // Served as if from the provider's host (a redirect to loopback would take the page's CSP out of play).
        const url = new URL(route.request().url());
        return route.fulfill({
          response: await route.fetch({ url: `${oauth.url}${url.pathname}${url.search}`, maxRedirects: 0 }),
        });
      });
    await page.goto('/login');
    await ready(page);
    return page;
  }
  /** The member bound to this provider account, if any. */
  const boundMember = async (provider: 'NAVER' | 'KAKAO', user: SocialUser) =>
    (
      await sql<{ login_id: string; email: string | null }>(
        h.t,
        'select m.login_id, m.email from member m join social_account s on s.member_id = m.id where s.provider = ? and s.provider_user_id = ?',
        [provider, String(user.id)],
      )
    )[0];
  /** The member the page is logged in as (its stored token asks the API). */
  const loggedInAs = async (page: Page) => {
    const token = await storageOf(page, 'jwt');
    expect(token).toBeTruthy();
    return (await h.t.http.get('/api/auth/profile').set('Authorization', `Bearer ${token}`).expect(200)).body
      .id as string;
  };
  /** Signs the account up through the API (login's 404 token, then the social register call), as an earlier visit did. */
  async function registered(provider: 'naver' | 'kakao', user: SocialUser): Promise<string> {
    const post = (path: string, body: object) => h.t.http.post(path).set('X-Forwarded-For', clientIp()).send(body);
    const credential = `${provider}-setup-${user.id}`;
    if (provider === 'naver') oauth.naverCode(credential, user);
    else oauth.kakaoToken(credential, user);
    const unknown = await post(
      `/api/auth/login/${provider}`,
      provider === 'naver' ? { code: credential } : { accessToken: credential },
    ).expect(404);
    await post(`/api/auth/register/${provider}`, {
      registerWhere: '지인 추천',
      phoneNumber: '',
      sendCode: '',
      referral: '',
      agreeTerms: true,
      agreePrivacy: true,
      accessToken: unknown.body.token,
    }).expect(201);
    return (await boundMember(provider === 'naver' ? 'NAVER' : 'KAKAO', user))!.login_id;
  }
  /** Clicks 네이버로 로그인 and waits for the provider's popup to hand the code back and close. */
  async function naverLogin(page: Page) {
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: '네이버로 로그인' }).click(),
    ]);
    await popup.waitForEvent('close');
    return popup;
  }
  const lastAuthorize = () => oauth.requests.filter((r) => r.path === '/oauth2.0/authorize').at(-1);

  beforeAll(async () => {
    oauth = await startFakeOAuth();
    h = await startBrowserHarness(oauthEnv(oauth));
    const op = operator(h);
    await op.settings({
      ENABLE_SNS_NAVER: true,
      ENABLE_SNS_KAKAO: true,
      NAVER_CLIENT_ID: oauth.clientId,
      NAVER_STATE,
      KAKAO_TOKEN: oauth.kakaoAppKey,
    });
    for (const text of ['지인 추천', '네이버 검색', '블로그/카페'])
      await op.post('/api/admin/register-wheres', { text });
  });
  afterAll(async () => {
    await h.close();
    await oauth.close();
  });

  it('Naver, a registered member: the popup brings the code back to /auth/naver and the member lands logged in', async () => {
    const user = { id: 'naver-member-1', email: 'naver.member@example.com' };
    const loginId = await registered('naver', user);
    oauth.signInAtNaver(user);
    const page = await visitor();
    const popup = await naverLogin(page);
    await page.waitForURL('**/order');
    await toast(page, '로그인에 성공했습니다.');
    await page.getByTestId('balance').first().waitFor();
    expect(await loggedInAs(page)).toBe(loginId);
    // The authorisation request carried the console's client id and state and came back to the callback page.
    expect(lastAuthorize()?.query).toEqual({
      response_type: 'code',
      client_id: oauth.clientId,
      redirect_uri: `${h.baseUrl}/auth/naver`,
      state: NAVER_STATE,
    });
    expect(new URL(popup.url()).pathname).toBe('/auth/naver');
    const exchange = oauth.requests.filter((r) => r.path === '/oauth2.0/token').at(-1)!;
    expect(Object.fromEntries(new URLSearchParams(exchange.body))).toMatchObject({
      code: new URL(popup.url()).searchParams.get('code'),
      state: NAVER_STATE,
    });
  });

  it('Naver, a new account: the social register form completes the sign-up, and the next Naver login lands logged in', async () => {
    const user = { id: 'naver-new-1', email: 'Naver.New@example.com' };
    oauth.signInAtNaver(user);
    const page = await visitor();
    await naverLogin(page);
    await page.waitForURL('**/register/naver');
    expect(await storageOf(page, 'jwt')).toBeNull();
    const form = page.getByRole('form', { name: '간편 회원가입' });
    await page.getByRole('heading', { name: '네이버 회원가입' }).waitFor();
    // The sign-up route is required, as on the ordinary form.
    await form.getByRole('button', { name: '회원가입' }).click();
    expect(await boundMember('NAVER', user)).toBeUndefined();
    await form.getByLabel('가입경로').selectOption({ label: '네이버 검색' });
    await form.getByLabel('[필수] 이용약관에 동의합니다').check();
    await form.getByLabel('[필수] 개인정보 수집·이용에 동의합니다').check();
    await form.getByRole('button', { name: '회원가입' }).click();
    await toast(page, '회원가입에 성공했습니다.');
    await page.waitForURL('**/login');
    const member = await boundMember('NAVER', user);
    expect(member).toMatchObject({ login_id: expect.stringMatching(/^naver_/), email: 'naver.new@example.com' });

    await naverLogin(page);
    await page.waitForURL('**/order');
    expect(await loggedInAs(page)).toBe(member!.login_id);
  });

  it('Kakao, a registered member: the SDK, initialised with the console key, hands over a token and the member lands logged in', async () => {
    const user = { id: 91_001, email: 'kakao.member@example.com' };
    const loginId = await registered('kakao', user);
    oauth.signInAtKakao(user);
    const page = await visitor();
    await page.getByRole('button', { name: '카카오로 로그인' }).click();
    await page.waitForURL('**/order');
    await toast(page, '로그인에 성공했습니다.');
    expect(await loggedInAs(page)).toBe(loginId);
    // The page loaded the SDK from Kakao's address, and the server read the SDK's token at /v2/user/me.
    expect(oauth.requests.some((r) => r.path === '/sdk/js/kakao.min.js')).toBe(true);
    const token = JSON.parse(oauth.requests.filter((r) => r.path === '/oauth/sdk-token').at(-1)!.body) as {
      app_key: string;
    };
    expect(token.app_key).toBe(oauth.kakaoAppKey);
    expect(oauth.requests.filter((r) => r.path === '/v2/user/me').at(-1)?.authorization).toMatch(
      /^Bearer kakao-token-\d+$/,
    );
  });

  it('Kakao, a new account: the social register form completes the sign-up, and the next Kakao login lands logged in', async () => {
    const user = { id: 91_002, email: 'kakao.new@example.com' };
    oauth.signInAtKakao(user);
    const page = await visitor();
    await page.getByRole('button', { name: '카카오로 로그인' }).click();
    await page.waitForURL('**/register/kakao');
    await page.getByRole('heading', { name: '카카오 회원가입' }).waitFor();
    const form = page.getByRole('form', { name: '간편 회원가입' });
    await form.getByLabel('가입경로').selectOption({ label: '블로그/카페' });
    await form.getByLabel('[필수] 이용약관에 동의합니다').check();
    await form.getByLabel('[필수] 개인정보 수집·이용에 동의합니다').check();
    await form.getByRole('button', { name: '회원가입' }).click();
    await toast(page, '회원가입에 성공했습니다.');
    await page.waitForURL('**/login');
    const member = await boundMember('KAKAO', user);
    expect(member?.login_id).toMatch(/^kakao_/);

    await page.getByRole('button', { name: '카카오로 로그인' }).click();
    await page.waitForURL('**/order');
    expect(await loggedInAs(page)).toBe(member!.login_id);
  });

  it('Kakao refused (the user declines, or the console key is wrong): a toast, still logged out', async () => {
    oauth.signInAtKakao(null);
    const page = await visitor();
    await page.getByRole('button', { name: '카카오로 로그인' }).click();
    await toast(page, '카카오 인증에 실패했습니다');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storageOf(page, 'jwt')).toBeNull();

    oauth.signInAtKakao({ id: 91_003 });
    await operator(h).settings({ KAKAO_TOKEN: 'not-this-apps-key' });
    const wrongKey = await visitor();
    await wrongKey.getByRole('button', { name: '카카오로 로그인' }).click();
    await toast(wrongKey, '카카오 인증에 실패했습니다');
    expect(await storageOf(wrongKey, 'jwt')).toBeNull();
    expect(await boundMember('KAKAO', { id: 91_003 })).toBeUndefined();
    await operator(h).settings({ KAKAO_TOKEN: oauth.kakaoAppKey });
  });
});
