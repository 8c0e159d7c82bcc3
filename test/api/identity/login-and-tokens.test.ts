import { createHmac, generateKeyPairSync, sign as rsaSign } from 'node:crypto';
import { startTestApp, TEST_JWT_SECRET, TEST_OPERATOR, type TestApp } from '../../support/test-app.js';
import { clientIp, createMember } from '../../support/members.js';
import { sql } from '../../support/identity.js';
import { TokenService } from '../../../server/src/modules/identity/index.js';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT assembled by hand, so the tests can present what the server must refuse. */
function jwt(header: object, payload: object, signature: (data: string) => string): string {
  const data = `${part(header)}.${part(payload)}`;
  return `${data}.${signature(data)}`;
}
const hmac = (algorithm: 'sha256' | 'sha512', secret: string) => (data: string) =>
  createHmac(algorithm, secret).update(data).digest('base64url');

describe('login and tokens', () => {
  let t: TestApp;
  let admin: string;
  const login = (body: unknown, ip = clientIp()) =>
    t.http
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send(body as object);
  const profile = (token: string) => t.http.get('/api/auth/profile').set('Authorization', `Bearer ${token}`);
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.operatorToken()}`;
  }, 120_000);
  afterAll(() => t.close());

  it('answers a token for the right id and password, and 404 with one message for a wrong id or password', async () => {
    const m = await createMember(t);
    const ok = await login({ id: m.loginId, password: m.password }).expect(200);
    expect(Object.keys(ok.body).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken']);
    expect((await profile(ok.body.accessToken).expect(200)).body).toEqual({
      id: m.loginId,
      point: 0,
      apiKey: null,
      referralCode: null,
      // 회원 등급: none yet (the next one depends on the levels other suites defined).
      level: expect.objectContaining({ name: null, discountPercent: '0', charged: 0 }),
    });
    const wrongPassword = await login({ id: m.loginId, password: 'nope' }).expect(404);
    const wrongId = await login({ id: `${m.loginId}x`, password: m.password }).expect(404);
    expect(wrongPassword.body).toEqual({
      statusCode: 404,
      code: expect.any(String),
      message: '아이디 또는 비밀번호가 다릅니다.',
    });
    expect(wrongId.body).toEqual(wrongPassword.body);
  });

  it.each([
    ['a missing id', { password: 'x' }, '아이디를 입력 해주세요.'],
    ['an empty id', { id: '', password: 'x' }, '아이디를 입력 해주세요.'],
    ['a space in the id', { id: 'a b', password: 'x' }, '아이디에 띄어쓰기는 불가능합니다.'],
    ['an empty password', { id: 'ab', password: '' }, '비밀번호를 입력 해주세요.'],
    ['a missing password', { id: 'ab' }, '비밀번호를 입력 해주세요.'],
    ['a numeric id', { id: 5, password: 'x' }, '아이디를 입력 해주세요.'],
    ['an array password', { id: 'ab', password: ['x'] }, '비밀번호를 입력 해주세요.'],
    ['a 5000-character id', { id: 'x'.repeat(5000), password: 'x' }, '입력 양식을 맞춰주세요.'],
    ['a 5000-character password', { id: 'ab', password: 'x'.repeat(5000) }, '입력 양식을 맞춰주세요.'],
  ])('answers 400 for %s', async (_, body, message) => {
    expect((await login(body).expect(400)).body).toEqual({ statusCode: 400, code: expect.any(String), message });
  });

  it('stores passwords as argon2id hashes, for members and operators', async () => {
    const m = await createMember(t);
    const [member] = await sql<{ password_hash: string }>(t, 'select password_hash from member where id = ?', [m.id]);
    const [operator] = await sql<{ password_hash: string }>(
      t,
      'select password_hash from operator where login_id = ?',
      [TEST_OPERATOR.id],
    );
    for (const hash of [member!.password_hash, operator!.password_hash]) expect(hash).toMatch(/^\$argon2id\$v=19\$/);
  });

  it('refuses suspended and withdrawn members at login, and their tokens with 401', async () => {
    const suspended = await createMember(t);
    await t.http.post(`/api/admin/members/${suspended.id}/suspend`).set('Authorization', admin).expect(200);
    await login({ id: suspended.loginId, password: suspended.password }).expect(404);
    expect((await profile(suspended.token).expect(401)).body).toEqual({
      statusCode: 401,
      code: expect.any(String),
      message: '로그인이 필요합니다.',
    });
    await t.http.post(`/api/admin/members/${suspended.id}/reinstate`).set('Authorization', admin).expect(200);
    // Suspension ended the old session for good; a new login works.
    await profile(suspended.token).expect(401);
    const again = await login({ id: suspended.loginId, password: suspended.password }).expect(200);
    await profile(again.body.accessToken).expect(200);

    const gone = await createMember(t);
    await t.http.delete('/api/auth/account').set('Authorization', `Bearer ${gone.token}`).expect(200);
    await login({ id: gone.loginId, password: gone.password }).expect(404);
    await profile(gone.token).expect(401);
  });

  describe('JWT checks', () => {
    let m: Awaited<ReturnType<typeof createMember>>;
    let sid: number;
    beforeAll(async () => {
      m = await createMember(t);
      sid = (JSON.parse(Buffer.from(m.token.split('.')[1]!, 'base64url').toString()) as { sid: number }).sid;
    });
    const claims = () => ({ sub: m.id, typ: 'member', sid, ver: 0, iat: now(), exp: now() + 3600 });

    it('accepts a well-formed HS256 token (the control case)', async () => {
      await profile(jwt({ alg: 'HS256', typ: 'JWT' }, claims(), hmac('sha256', TEST_JWT_SECRET))).expect(200);
    });

    it.each([
      ['alg none, no signature', () => jwt({ alg: 'none', typ: 'JWT' }, claims(), () => '')],
      ['alg none with a signature', () => jwt({ alg: 'none', typ: 'JWT' }, claims(), hmac('sha256', TEST_JWT_SECRET))],
      [
        'HS512 with the right secret',
        () => jwt({ alg: 'HS512', typ: 'JWT' }, claims(), hmac('sha512', TEST_JWT_SECRET)),
      ],
      [
        'HS256 with another secret',
        () =>
          jwt({ alg: 'HS256', typ: 'JWT' }, claims(), hmac('sha256', 'another-secret-another-secret-another-secret')),
      ],
      [
        'RS256 with its own key pair',
        () => {
          const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
          return jwt({ alg: 'RS256', typ: 'JWT' }, claims(), (data) =>
            rsaSign('sha256', Buffer.from(data), privateKey).toString('base64url'),
          );
        },
      ],
      [
        'expired',
        () =>
          jwt(
            { alg: 'HS256', typ: 'JWT' },
            { ...claims(), iat: now() - 7200, exp: now() - 60 },
            hmac('sha256', TEST_JWT_SECRET),
          ),
      ],
      [
        'an operator token',
        () =>
          jwt({ alg: 'HS256', typ: 'JWT' }, { ...claims(), typ: 'operator', sub: 1 }, hmac('sha256', TEST_JWT_SECRET)),
      ],
      [
        'no typ',
        () =>
          jwt(
            { alg: 'HS256', typ: 'JWT' },
            { sub: m.id, ver: 0, iat: now(), exp: now() + 60 },
            hmac('sha256', TEST_JWT_SECRET),
          ),
      ],
      [
        'no session version',
        () =>
          jwt(
            { alg: 'HS256', typ: 'JWT' },
            { sub: m.id, typ: 'member', sid, iat: now(), exp: now() + 60 },
            hmac('sha256', TEST_JWT_SECRET),
          ),
      ],
      [
        'no session',
        () =>
          jwt(
            { alg: 'HS256', typ: 'JWT' },
            { sub: m.id, typ: 'member', ver: 0, iat: now(), exp: now() + 60 },
            hmac('sha256', TEST_JWT_SECRET),
          ),
      ],
      [
        'an unknown session',
        () =>
          jwt(
            { alg: 'HS256', typ: 'JWT' },
            { sub: m.id, typ: 'member', sid: sid + 100000, ver: 0, iat: now(), exp: now() + 60 },
            hmac('sha256', TEST_JWT_SECRET),
          ),
      ],
      [
        'a string subject',
        () => jwt({ alg: 'HS256', typ: 'JWT' }, { ...claims(), sub: String(m.id) }, hmac('sha256', TEST_JWT_SECRET)),
      ],
      [
        'an unknown member',
        () => jwt({ alg: 'HS256', typ: 'JWT' }, { ...claims(), sub: 987654 }, hmac('sha256', TEST_JWT_SECRET)),
      ],
      [
        'a tampered payload',
        () => {
          const [header, , signature] = m.token.split('.');
          return `${header}.${part({ ...claims(), sub: m.id + 1 })}.${signature}`;
        },
      ],
      [
        'a reset-password token',
        () => t.app.get(TokenService).purposeToken('password-reset-token', { sub: m.id, jti: 'x' }, 600),
      ],
      ['garbage', () => 'not.a.jwt'],
    ])('refuses %s with 401', async (_, token) => {
      const res = await profile(token()).expect(401);
      expect(res.body.message).toBe('로그인이 필요합니다.');
    });

    it('refuses a missing or malformed Authorization header with 401', async () => {
      await t.http.get('/api/auth/profile').expect(401);
      await t.http.get('/api/auth/profile').set('Authorization', 'Basic abc def').expect(401);
      await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${m.token} extra`).expect(401);
    });
  });

  describe('members and operators never stand in for each other', () => {
    it('a member token opens no /api/admin route', async () => {
      const m = await createMember(t);
      const member = `Bearer ${m.token}`;
      for (const path of [
        '/api/admin/auth/me',
        '/api/admin/members',
        `/api/admin/members/${m.id}`,
        '/api/admin/outbox',
        '/api/admin/settings',
        '/api/admin/audit-logs',
      ]) {
        expect((await t.http.get(path).set('Authorization', member)).status).toBe(401);
      }
      await t.http
        .post(`/api/admin/members/${m.id}/adjust-points`)
        .set('Authorization', member)
        .send({ amount: 1000, reason: 'self' })
        .expect(401);
      await t.http.post(`/api/admin/members/${m.id}/suspend`).set('Authorization', member).expect(401);
    });

    it('an operator token acts as no member', async () => {
      await t.http.get('/api/admin/auth/me').set('Authorization', admin).expect(200);
      await t.http.get('/api/auth/profile').set('Authorization', admin).expect(401);
      await t.http.post('/api/auth/api-key').set('Authorization', admin).expect(401);
      await t.http
        .post('/api/auth/change-password')
        .set('Authorization', admin)
        .send({ currentPassword: 'a', newPassword: 'b' })
        .expect(401);
      await t.http.delete('/api/auth/account').set('Authorization', admin).expect(401);
    });

    it('operators log in with their own accounts, not member ones', async () => {
      const m = await createMember(t);
      await t.http
        .post('/api/admin/auth/login')
        .set('X-Forwarded-For', clientIp())
        .send({ id: m.loginId, password: m.password })
        .expect(404);
      await login({ id: TEST_OPERATOR.id, password: TEST_OPERATOR.password }).expect(404);
    });
  });
});
