import { startTestApp, type TestApp } from '../../support/test-app.js';
import { clientIp, createMember, type TestMember } from '../../support/members.js';
import { identityTables, setSettings } from '../../support/identity.js';
import { CONTROL_CHARACTER_MESSAGE } from '../../../server/src/shared/index.js';

/** Bodies of the wrong shape for any endpoint: every one must be a 4xx with a reason, storing nothing. */
const GARBAGE: unknown[] = [
  {},
  {
    id: null,
    password: null,
    email: null,
    phoneNumber: null,
    code: null,
    accessToken: null,
    token: null,
    currentPassword: null,
    newPassword: null,
    registerWhere: null,
  },
  {
    id: ['a'],
    password: { a: 1 },
    email: ['x@y.z'],
    phoneNumber: 1.5,
    code: true,
    accessToken: {},
    token: [],
    currentPassword: 0,
    newPassword: false,
    registerWhere: [],
  },
  {
    id: 'x'.repeat(100_000),
    password: 'x'.repeat(100_000),
    email: `${'x'.repeat(100_000)}@a.bc`,
    phoneNumber: '1'.repeat(100_000),
    code: 'x'.repeat(100_000),
    accessToken: 'x'.repeat(100_000),
    token: 'x'.repeat(100_000),
  },
  { id: ' spaced id ', password: ' ', email: ' @ . ', phoneNumber: '010 1234 5678', registerWhere: ' ' },
  { id: '\u0000', password: '\u0000', email: 'a\u0000@b.cd', phoneNumber: '0101234567\u0000' },
  { code: 'a\r\nb', accessToken: 'a\r\nX-Evil: 1', token: 'a\u0000b' },
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
];

const PUBLIC = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/register/naver',
  '/api/auth/register/kakao',
  '/api/auth/login/naver',
  '/api/auth/login/kakao',
  '/api/auth/send-email',
  '/api/auth/send-phone-number',
  '/api/service/find-id',
  '/api/service/find-password',
  '/api/service/reset-password',
  '/api/admin/auth/login',
];

describe('bad input on every identity endpoint', () => {
  let t: TestApp;
  let m: TestMember;
  beforeAll(async () => {
    t = await startTestApp();
    m = await createMember(t);
    await setSettings(t, { ENABLE_EMAIL_VERIFY: true, ENABLE_PHONE_NUMBER: true, ENABLE_REFERRAL: true });
  });
  afterAll(() => t.close());

  it.each(PUBLIC)('%s answers 4xx with a reason and stores nothing', async (path) => {
    const before = await identityTables(t);
    for (const body of GARBAGE) {
      const res = await t.http
        .post(path)
        .set('X-Forwarded-For', clientIp())
        .send(body as object);
      expect([400, 403, 413]).toContain(res.status);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message.length).toBeGreaterThan(0);
    }
    for (const raw of ['', 'null', '[]', '"x"', '{"id":', '{"id": "a", "id": 5}']) {
      const res = await t.http
        .post(path)
        .set('X-Forwarded-For', clientIp())
        .set('Content-Type', 'application/json')
        .send(raw);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const form = await t.http.post(path).set('X-Forwarded-For', clientIp()).type('form').send('id=a&password=b');
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);
    expect(await identityTables(t)).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['route', { registerWhere: 'x\u0000' }, CONTROL_CHARACTER_MESSAGE],
    ['referral', { referral: 'AB\u0000' }, CONTROL_CHARACTER_MESSAGE],
    ['email code', { emailCode: '1234\u0000' }, CONTROL_CHARACTER_MESSAGE],
    ['phone code', { phoneNumber: '01012345678', sendCode: '1234\u0000' }, CONTROL_CHARACTER_MESSAGE],
  ])('register refuses a NUL in the %s', async (_, change, message) => {
    const before = await identityTables(t);
    const body = {
      id: 'nul-test',
      password: 'pw-12345',
      email: 'nul@example.com',
      registerWhere: '기타',
      emailCode: '12345',
      phoneNumber: '01012345678',
      sendCode: '12345',
      agreeTerms: true,
      agreePrivacy: true,
      ...change,
    };
    expect(
      (await t.http.post('/api/auth/register').set('X-Forwarded-For', clientIp()).send(body).expect(400)).body,
    ).toEqual({ statusCode: 400, code: expect.any(String), message });
    expect(await identityTables(t)).toEqual(before);
  });

  it('member endpoints answer 4xx for garbage and change nothing', async () => {
    const before = await identityTables(t);
    for (const body of GARBAGE) {
      const res = await t.http
        .post('/api/auth/change-password')
        .set('Authorization', `Bearer ${m.token}`)
        .send(body as object);
      expect(res.status).toBe(400);
    }
    await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${m.token}`).expect(200);
    expect(await identityTables(t)).toEqual(before);
  });
});
