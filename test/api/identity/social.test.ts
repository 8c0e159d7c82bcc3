import { seedDemoContent } from '../../../server/src/database/demo/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { IDENTITY_MESSAGES as M } from '../../../server/src/contracts/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { clientIp } from '../../support/members.js';
import { identityTables, lastCode, setSettings, sql } from '../../support/identity.js';
import { oauthEnv, startFakeOAuth, type FakeOAuth } from '../../support/partners.js';

describe('social login: Naver and Kakao', () => {
  let t: TestApp;
  let oauth: FakeOAuth;
  const post = (path: string, body: unknown) =>
    t.http
      .post(path)
      .set('X-Forwarded-For', clientIp())
      .send(body as object);
  const signUp = {
    registerWhere: '네이버 검색',
    phoneNumber: '',
    sendCode: '',
    referral: '',
    agreeTerms: true,
    agreePrivacy: true,
  };
  const profile = (token: string) => t.http.get('/api/auth/profile').set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    oauth = await startFakeOAuth();
    t = await startTestApp(oauthEnv(oauth));
    await seedDemoContent(t.app);
    await setSettings(t, { ENABLE_SNS_NAVER: true, ENABLE_SNS_KAKAO: true, NAVER_STATE: 'naver-state-1' });
  });
  afterAll(async () => {
    await t.close();
    await oauth.close();
  });
  afterEach(() => t.app.get(Clock).reset());

  it('Naver: an unknown account is a 404 with a token; registering with it binds the account, which then logs in', async () => {
    oauth.naverCode('code-1', { id: 'naver-user-1', email: 'Naver.User@example.com' });
    const unknown = await post('/api/auth/login/naver', { code: 'code-1' }).expect(404);
    expect(unknown.body).toEqual({
      statusCode: 404,
      code: expect.any(String),
      message: M.socialNotRegistered,
      token: expect.any(String),
    });
    const exchange = oauth.requests.find((r) => r.path === '/oauth2.0/token')!;
    expect(Object.fromEntries(new URLSearchParams(exchange.body))).toMatchObject({
      grant_type: 'authorization_code',
      client_id: oauth.clientId,
      client_secret: oauth.clientSecret,
      code: 'code-1',
      state: 'naver-state-1',
    });

    const res = await post('/api/auth/register/naver', { ...signUp, accessToken: unknown.body.token }).expect(201);
    expect(res.body).toEqual({ message: '회원가입에 성공했습니다.' });
    const [row] = await sql<{ login_id: string; email: string; password_hash: string | null; provider: string }>(
      t,
      "select m.login_id, m.email, m.password_hash, s.provider from member m join social_account s on s.member_id = m.id where s.provider_user_id = 'naver-user-1'",
    );
    expect(row).toMatchObject({ email: 'naver.user@example.com', password_hash: null, provider: 'NAVER' });
    expect(row!.login_id).toMatch(/^naver_[0-9a-f]{10}$/);

    oauth.naverCode('code-2', { id: 'naver-user-1' });
    const login = await post('/api/auth/login/naver', { code: 'code-2' }).expect(200);
    expect((await profile(login.body.accessToken).expect(200)).body.id).toBe(row!.login_id);
    // The same token cannot bind a second member.
    expect(
      (await post('/api/auth/register/naver', { ...signUp, accessToken: unknown.body.token }).expect(409)).body.message,
    ).toBe(M.socialTaken);
  });

  it("Kakao: the page's access token is read at /v2/user/me; unknown → 404 token → register → login", async () => {
    oauth.kakaoToken('kakao-token-1', { id: 4242, email: 'kakao@example.com' });
    const unknown = await post('/api/auth/login/kakao', { accessToken: 'kakao-token-1' }).expect(404);
    expect(oauth.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v2/user/me',
      authorization: 'Bearer kakao-token-1',
    });
    await post('/api/auth/register/kakao', { ...signUp, accessToken: unknown.body.token }).expect(201);
    const login = await post('/api/auth/login/kakao', { accessToken: 'kakao-token-1' }).expect(200);
    expect((await profile(login.body.accessToken).expect(200)).body.id).toMatch(/^kakao_/);
  });

  it('refuses a sign-up token that is expired, tampered, for the other provider, or an access token', async () => {
    oauth.kakaoToken('kakao-token-2', { id: 777 });
    const { token } = (await post('/api/auth/login/kakao', { accessToken: 'kakao-token-2' }).expect(404)).body as {
      token: string;
    };
    const before = await identityTables(t);
    expect((await post('/api/auth/register/naver', { ...signUp, accessToken: token }).expect(400)).body.message).toBe(
      M.socialTokenInvalid,
    );
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), pid: '1' }),
    ).toString('base64url');
    await post('/api/auth/register/kakao', { ...signUp, accessToken: `${h}.${forged}.${s}` }).expect(400);
    await post('/api/auth/register/kakao', { ...signUp, accessToken: 'kakao-token-2' }).expect(400);
    t.app.get(Clock).travel(31 * 60 * 1000);
    await post('/api/auth/register/kakao', { ...signUp, accessToken: token }).expect(400);
    t.app.get(Clock).reset();
    expect(await identityTables(t)).toEqual(before);
    await post('/api/auth/register/kakao', { ...signUp, accessToken: token }).expect(201);
  });

  it('asks for the phone code while phone verification is on, and keeps a taken email off the new member', async () => {
    await setSettings(t, { ENABLE_PHONE_NUMBER: true });
    try {
      oauth.kakaoToken('kakao-token-3', { id: 9001, email: 'kakao@example.com' });
      const { token } = (await post('/api/auth/login/kakao', { accessToken: 'kakao-token-3' }).expect(404)).body as {
        token: string;
      };
      expect((await post('/api/auth/register/kakao', { ...signUp, accessToken: token }).expect(400)).body.message).toBe(
        '휴대전화 번호가 올바르지 않습니다',
      );
      await post('/api/auth/send-phone-number', { phoneNumber: '01033334444' }).expect(200);
      const code = await lastCode(t, '01033334444');
      await post('/api/auth/register/kakao', {
        ...signUp,
        phoneNumber: '01033334444',
        sendCode: code,
        accessToken: token,
      }).expect(201);
      const [row] = await sql<{ email: string | null; phone: string }>(
        t,
        "select m.email, m.phone from member m join social_account s on s.member_id = m.id where s.provider_user_id = '9001'",
      );
      expect(row).toEqual({ email: null, phone: '01033334444' });
    } finally {
      await setSettings(t, { ENABLE_PHONE_NUMBER: false });
    }
  });

  it('answers the provider-specific failure for a rejected code or token, never a 500', async () => {
    const naver = await post('/api/auth/login/naver', { code: 'never-issued' }).expect(400);
    expect(naver.body.message).toBe('네이버 로그인에 실패했습니다');
    const kakao = await post('/api/auth/login/kakao', { accessToken: 'bogus' }).expect(400);
    expect(kakao.body.message).toBe('카카오 로그인에 실패했습니다');
    for (const body of [{}, { code: '' }, { code: 5 }, { code: 'x'.repeat(10_000) }])
      expect((await post('/api/auth/login/naver', body).expect(400)).body.message).toBe('네이버 로그인에 실패했습니다');
    for (const body of [{}, { accessToken: [] }])
      expect((await post('/api/auth/login/kakao', body).expect(400)).body.message).toBe('카카오 로그인에 실패했습니다');
    for (const body of [
      { ...signUp },
      { ...signUp, accessToken: '' },
      { ...signUp, accessToken: 1 },
      { accessToken: 'x' },
    ])
      expect((await post('/api/auth/register/kakao', body)).status).toBe(400);
  });

  it('refuses logins of a withdrawn or suspended social member', async () => {
    oauth.kakaoToken('kakao-token-4', { id: 5150 });
    const { token } = (await post('/api/auth/login/kakao', { accessToken: 'kakao-token-4' }).expect(404)).body as {
      token: string;
    };
    await post('/api/auth/register/kakao', { ...signUp, accessToken: token }).expect(201);
    const { accessToken } = (await post('/api/auth/login/kakao', { accessToken: 'kakao-token-4' }).expect(200))
      .body as { accessToken: string };
    const [{ id }] = (await sql<{ id: number }>(
      t,
      "select member_id as id from social_account where provider_user_id = '5150'",
    )) as [{ id: number }];
    await t.http
      .post(`/api/admin/members/${id}/suspend`)
      .set('Authorization', `Bearer ${await t.operatorToken()}`)
      .expect(200);
    expect((await post('/api/auth/login/kakao', { accessToken: 'kakao-token-4' }).expect(403)).body.message).toBe(
      M.accountRestricted,
    );
    await t.http
      .post(`/api/admin/members/${id}/reinstate`)
      .set('Authorization', `Bearer ${await t.operatorToken()}`)
      .expect(200);
    const again = (await post('/api/auth/login/kakao', { accessToken: 'kakao-token-4' }).expect(200)).body
      .accessToken as string;
    await t.http.delete('/api/auth/account').set('Authorization', `Bearer ${again}`).expect(200);
    await profile(accessToken).expect(401);
    // Withdrawal released the Kakao account: it is unknown again and may sign up anew.
    expect((await post('/api/auth/login/kakao', { accessToken: 'kakao-token-4' }).expect(404)).body.token).toBeTruthy();
  });

  it('is off while the site switch is off', async () => {
    await setSettings(t, { ENABLE_SNS_NAVER: false });
    try {
      oauth.naverCode('code-off', { id: 'x' });
      expect((await post('/api/auth/login/naver', { code: 'code-off' }).expect(403)).body.message).toBe(
        M.socialDisabled,
      );
      expect(oauth.requests.some((r) => r.body.includes('code-off'))).toBe(false);
    } finally {
      await setSettings(t, { ENABLE_SNS_NAVER: true });
    }
  });
});

describe('social login without provider credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('the console may not switch a provider on without its keys (400, Korean reason, nothing stored)', async () => {
    const admin = `Bearer ${await t.operatorToken()}`;
    const naver = await t.http
      .put('/api/admin/settings/ENABLE_SNS_NAVER')
      .set('Authorization', admin)
      .send({ value: true })
      .expect(400);
    expect(naver.body.message).toBe(
      '네이버 로그인 키(NAVER_CLIENT_ID, NAVER_CLIENT_SECRET)가 서버에 설정되어 있지 않아 네이버 로그인을 켤 수 없습니다.',
    );
    const kakao = await t.http
      .put('/api/admin/settings/ENABLE_SNS_KAKAO')
      .set('Authorization', admin)
      .send({ value: true })
      .expect(400);
    expect(kakao.body.message).toBe(
      '카카오 로그인이 서버에 설정되어 있지 않아(KAKAO_ENABLED) 카카오 로그인을 켤 수 없습니다.',
    );
    expect(await sql(t, `select key from setting where key like 'ENABLE_SNS_%'`)).toEqual([]);
    // Switching off is always allowed.
    await t.http
      .put('/api/admin/settings/ENABLE_SNS_NAVER')
      .set('Authorization', admin)
      .send({ value: false })
      .expect(200);
  });

  it('a switch left on from before the keys were removed reads as off on the storefront, and login is off', async () => {
    await sql(
      t,
      `insert into setting (key, value, updated_at) values ('ENABLE_SNS_NAVER', 'true', now()), ('ENABLE_SNS_KAKAO', 'true', now()) on conflict (key) do update set value = excluded.value`,
    );
    await new Promise((r) => setTimeout(r, 2100)); // the settings cache (2 s) lets the direct write show
    const settings = (await t.http.get('/api/service/settings').expect(200)).body as { key: string; value: unknown }[];
    expect(settings.filter((s) => s.key.startsWith('ENABLE_SNS_'))).toEqual([
      { key: 'ENABLE_SNS_NAVER', value: false },
      { key: 'ENABLE_SNS_KAKAO', value: false },
    ]);
    expect((await t.http.post('/api/auth/login/naver').send({ code: 'x' }).expect(403)).body.message).toBe(
      M.socialDisabled,
    );
    expect((await t.http.post('/api/auth/login/kakao').send({ accessToken: 'x' }).expect(403)).body.message).toBe(
      M.socialDisabled,
    );
  });

  it('answers 502 with the provider failure when the provider cannot be reached', async () => {
    await t.close();
    t = await startTestApp({ KAKAO_ENABLED: 'true', KAKAO_API_URL: 'http://127.0.0.1:9' });
    await setSettings(t, { ENABLE_SNS_KAKAO: true });
    expect((await t.http.post('/api/auth/login/kakao').send({ accessToken: 'x' }).expect(502)).body.message).toBe(
      '카카오 로그인에 실패했습니다',
    );
  });
});
