import { seedDemoContent } from '../../../server/src/database/demo/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { IdentityCleanupJob } from '../../../server/src/modules/identity/index.js';
import { IDENTITY_MESSAGES as M } from '../../../server/src/contracts/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { clientIp, createMember } from '../../support/members.js';
import { codeIn, count, identityTables, lastOutboxMessage, setSettings, sql } from '../../support/identity.js';
import { startSmtp, type SmtpCatcher } from '../../support/partners.js';

const PUBLIC_URL = 'https://panel.example.com';

describe('mail over SMTP, find id, find password and reset password', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  const post = (path: string, body: unknown) =>
    t.http
      .post(path)
      .set('X-Forwarded-For', clientIp())
      .send(body as object);
  const login = (id: string, password: string) => post('/api/auth/login', { id, password });
  const decode = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number; iat: number };

  /** Asks for a reset link and reads it from the mail the SMTP server received. */
  const resetLink = async (email: string) => {
    const res = await post('/api/service/find-password', { email }).expect(200);
    expect(res.body).toEqual({ message: '이메일이 전송되었습니다.' });
    const mail = await smtp.next(email);
    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    return { mail, link, token: new URL(link).searchParams.get('token')! };
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'SMM 패널 <no-reply@panel.example.com>', PUBLIC_URL });
    await seedDemoContent(t.app);
    await setSettings(t, { ENABLE_EMAIL_VERIFY: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => t.app.get(Clock).reset());

  it('mails the sign-up code over SMTP, and records it in the outbox as SENT', async () => {
    const email = 'smtp-user@example.com';
    await post('/api/auth/send-email', { email }).expect(200);
    const mail = await smtp.next(email);
    expect(mail.from).toBe('no-reply@panel.example.com');
    expect(mail.subject).toBe('[SMM 패널] 이메일 인증코드');
    const code = codeIn(mail.text);
    expect(await lastOutboxMessage(t, email)).toMatchObject({
      channel: 'EMAIL',
      status: 'SENT',
      body: mail.text.trim().replace(code, '[비공개]'),
    });
    await post('/api/auth/register', {
      id: 'smtpuser',
      password: 'pw-12345',
      email,
      emailCode: code,
      registerWhere: '기타',
      agreeTerms: true,
      agreePrivacy: true,
    }).expect(201);
    await login('smtpuser', 'pw-12345').expect(200);
  });

  it('keeps SMS in the outbox when no gateway is configured', async () => {
    await setSettings(t, { ENABLE_PHONE_NUMBER: true });
    const res = await post('/api/auth/send-phone-number', { phoneNumber: '01011112222' }).expect(200);
    expect(res.body.message).toBe('인증번호가 발송되었습니다.');
    const message = await lastOutboxMessage(t, '01011112222');
    expect(message).toMatchObject({ channel: 'SMS', status: 'STORED' });
    const [stored] = await sql<{ code: string }>(
      t,
      "select code from verification_code where recipient = '01011112222'",
    );
    expect(message.body).not.toContain(stored!.code);
    expect(message.body).toBe('[SMM 패널] 인증번호 [비공개] (10분 안에 입력해 주세요)');
    await setSettings(t, { ENABLE_PHONE_NUMBER: false });
  });

  describe('find id', () => {
    it("answers the id for a member's email, whatever its case", async () => {
      const m = await createMember(t);
      const res = await post('/api/service/find-id', { email: `${m.loginId.toUpperCase()}@EXAMPLE.com` }).expect(200);
      expect(res.body).toEqual({ userId: m.loginId });
    });

    it("answers 404 for an unknown or withdrawn member's email, and 400 for a malformed one", async () => {
      expect((await post('/api/service/find-id', { email: 'nobody@example.com' }).expect(404)).body).toEqual({
        statusCode: 404,
        code: expect.any(String),
        message: M.emailNotFound,
      });
      const gone = await createMember(t);
      await t.http.delete('/api/auth/account').set('Authorization', `Bearer ${gone.token}`).expect(200);
      await post('/api/service/find-id', { email: `${gone.loginId}@example.com` }).expect(404);
      for (const email of [undefined, '', 'x', 42, 'a@b', 'x'.repeat(300)]) {
        expect((await post('/api/service/find-id', { email }).expect(400)).body.message).toBe(
          '이메일 형식을 맞춰주세요',
        );
      }
    });
  });

  describe('find and reset password', () => {
    it('mails a link to /reset-password whose token is decodable with exp in seconds, usable once', async () => {
      const m = await createMember(t);
      const email = `${m.loginId}@example.com`;
      const { mail, link, token } = await resetLink(email);
      expect(mail.subject).toBe('[SMM 패널] 비밀번호 재설정 안내');
      expect(link.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true);
      const claims = decode(token);
      expect(Number.isInteger(claims.exp)).toBe(true);
      expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(25 * 60);
      expect(claims.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(30 * 60);
      expect(JSON.stringify(claims)).not.toContain(email);

      const res = await post('/api/service/reset-password', { token, password: 'after-reset-1' }).expect(200);
      expect(res.body).toEqual({ message: '비밀번호가 재설정 되었습니다.' });
      await login(m.loginId, 'after-reset-1').expect(200);
      await login(m.loginId, m.password).expect(404);
      await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${m.token}`).expect(401);
      const again = await post('/api/service/reset-password', { token, password: 'another-one-2' }).expect(400);
      expect(again.body.message).toBe(M.resetTokenInvalid);
      await login(m.loginId, 'after-reset-1').expect(200);
    });

    it('refuses an expired, replaced, tampered or foreign token', async () => {
      const m = await createMember(t);
      const email = `${m.loginId}@example.com`;
      const expired = await resetLink(email);
      t.app.get(Clock).travel(30 * 60 * 1000 + 1000);
      await post('/api/service/reset-password', { token: expired.token, password: 'nope-1234' }).expect(400);
      t.app.get(Clock).reset();

      const older = await resetLink(email);
      const newer = await resetLink(email);
      await post('/api/service/reset-password', { token: older.token, password: 'nope-1234' }).expect(400);

      const [header, payload, signature] = newer.token.split('.');
      const other = await createMember(t);
      const forged = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: other.id }),
      ).toString('base64url');
      await post('/api/service/reset-password', {
        token: `${header}.${forged}.${signature}`,
        password: 'nope-1234',
      }).expect(400);
      // An access token is not a reset token.
      await post('/api/service/reset-password', { token: m.token, password: 'nope-1234' }).expect(400);
      for (const token of ['', 'garbage', 'a.b.c', 'x'.repeat(5000), 12])
        expect((await post('/api/service/reset-password', { token, password: 'nope-1234' })).status).toBe(400);
      await login(m.loginId, m.password).expect(200);
      await login(other.loginId, other.password).expect(200);

      await post('/api/service/reset-password', { token: newer.token, password: 'finally-12' }).expect(200);
      await login(m.loginId, 'finally-12').expect(200);
    });

    it('answers the same for an unknown email, and sends nothing', async () => {
      const before = await identityTables(t);
      const res = await post('/api/service/find-password', { email: 'ghost@example.com' }).expect(200);
      expect(res.body).toEqual({ message: '이메일이 전송되었습니다.' });
      expect(await identityTables(t)).toEqual(before);
      expect(smtp.mails.filter((mail) => mail.to.includes('ghost@example.com'))).toHaveLength(0);
    });

    it('refuses a bad new password without using the link', async () => {
      const m = await createMember(t);
      const { token } = await resetLink(`${m.loginId}@example.com`);
      for (const password of ['', 'has space', 'x'.repeat(101), 123, undefined])
        expect((await post('/api/service/reset-password', { token, password })).status).toBe(400);
      await post('/api/service/reset-password', { token, password: 'good-one-1' }).expect(200);
    });
  });

  it('turns find id and find password off while email verification is off', async () => {
    await setSettings(t, { ENABLE_EMAIL_VERIFY: false });
    try {
      const m = await createMember(t);
      for (const path of ['/api/service/find-id', '/api/service/find-password']) {
        expect((await post(path, { email: `${m.loginId}@example.com` }).expect(403)).body.message).toBe(
          M.emailFeatureOff,
        );
      }
    } finally {
      await setSettings(t, { ENABLE_EMAIL_VERIFY: true });
    }
  });

  it('prunes ended codes and links a day later', async () => {
    const m = await createMember(t);
    await resetLink(`${m.loginId}@example.com`);
    await post('/api/auth/send-email', { email: 'prune-me@example.com' }).expect(200);
    const [codes, resets] = [await count(t, 'verification_code'), await count(t, 'password_reset')];
    expect(await t.app.get(IdentityCleanupJob).runOnce()).toEqual({
      codes: 0,
      resets: 0,
      buckets: 0,
      loginAttempts: 0,
    });
    t.app.get(Clock).travel(25 * 3600 * 1000);
    const pruned = await t.app.get(IdentityCleanupJob).runOnce();
    expect(pruned).toMatchObject({ codes, resets });
    expect(pruned.buckets).toBeGreaterThan(0);
    expect(await count(t, 'verification_code')).toBe(0);
  });
});
