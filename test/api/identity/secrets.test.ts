import type { LoggerService } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { count, lastOutboxMessage, setSettings, sql } from '../../support/identity.js';
import { Messenger } from '../../../server/src/modules/identity/index.js';
import { startSmtp, type SmtpCatcher } from '../../support/partners.js';

/** Everything the code logs through Nest's Logger (the delivery engine, the operator bootstrap ...), as lines. */
function captureLogs(t: TestApp): string[] {
  const lines: string[] = [];
  const keep =
    (level: string) =>
    (message: unknown, ...rest: unknown[]) =>
      lines.push(
        `${level} ${[message, ...rest].map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(' ')}`,
      );
  const logger: LoggerService = {
    log: keep('log'),
    error: keep('error'),
    warn: keep('warn'),
    debug: keep('debug'),
    verbose: keep('verbose'),
    fatal: keep('fatal'),
  };
  t.app.useLogger(logger);
  return lines;
}

/** Every place an operator or a log could show the token: the outbox API (list and one), the delivery table, the log lines. */
async function whereSeen(t: TestApp, logs: string[], secret: string): Promise<string[]> {
  const admin = `Bearer ${await t.operatorToken()}`;
  const list = await t.http
    .get('/api/admin/outbox')
    .query({ range: JSON.stringify([0, 999]) })
    .set('Authorization', admin)
    .expect(200);
  const ones = await Promise.all(
    (list.body as { id: number }[]).map(
      async (m) => (await t.http.get(`/api/admin/outbox/${m.id}`).set('Authorization', admin).expect(200)).text,
    ),
  );
  const rows = await sql(t, 'select * from delivery');
  const places: [string, string][] = [
    ['GET /api/admin/outbox', list.text],
    ['GET /api/admin/outbox/:id', ones.join('\n')],
    ['delivery table', JSON.stringify(rows)],
    ['log lines', logs.join('\n')],
  ];
  return places.filter(([, text]) => text.includes(secret)).map(([name]) => name);
}

describe('secrets are not stored or logged', () => {
  describe('password reset over SMTP', () => {
    let t: TestApp;
    let smtp: SmtpCatcher;
    beforeAll(async () => {
      smtp = await startSmtp();
      t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://panel.example.com' });
      await setSettings(t, { ENABLE_EMAIL_VERIFY: true });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('mails the link; the outbox keeps it with the token masked and nothing logs it', async () => {
      const logs = captureLogs(t);
      const m = await createMember(t);
      const email = `${m.loginId}@example.com`;
      await t.http.post('/api/service/find-password').send({ email }).expect(200);
      const mail = await smtp.next(email);
      const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;
      expect(token.length).toBeGreaterThan(40);
      await t.http.post('/api/service/reset-password').send({ token, password: 'after-reset-9' }).expect(200);
      await t.http.post('/api/auth/login').send({ id: m.loginId, password: 'after-reset-9' }).expect(200);

      const seen = await whereSeen(t, logs, token);
      const signature = token.split('.').at(-1)!;
      const seenSignature = await whereSeen(t, logs, signature);
      process.stdout.write(
        `secrets (SMTP): token ${token.slice(0, 12)}… found in: [${seen.join(', ')}]; its signature found in: [${seenSignature.join(', ')}]; log lines captured: ${logs.length}\n`,
      );
      expect(seen).toEqual([]);
      expect(seenSignature).toEqual([]);
      const [row] = await sql<{ event: string; body: string; status: string; sealed: boolean }>(
        t,
        "select event, payload->>'text' as body, status, payload->'sealed' is not null as sealed from delivery where recipient = ? order by id desc limit 1",
        [email],
      );
      // Sent at once by the request; the sealed link is dropped once sent.
      expect(row).toEqual({
        event: 'identity.password-reset',
        status: 'SENT',
        body: expect.stringContaining('https://panel.example.com/reset-password?token=[비공개]'),
        sealed: false,
      });
    });
  });

  describe('without SMTP', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
      await setSettings(t, { ENABLE_EMAIL_VERIFY: true });
    });
    afterAll(() => t.close());

    it('keeps a mail with no transport (STORED) masked, its secret dropped, and logs neither its body nor its secret', async () => {
      const logs = captureLogs(t);
      const m = await createMember(t);
      const email = `${m.loginId}@example.com`;
      await t.http.post('/api/service/find-password').send({ email }).expect(200);
      await t.http.post('/api/auth/send-email').send({ email: 'code-holder@example.com' }).expect(200);
      const [code] = await sql<{ code: string }>(
        t,
        "select code from verification_code where recipient = 'code-holder@example.com'",
      );
      const [reset] = await sql<{ body: string; status: string; sealed: boolean }>(
        t,
        "select payload->>'text' as body, status, payload->'sealed' is not null as sealed from delivery where recipient = ?",
        [email],
      );
      process.stdout.write(`secrets (no SMTP): log lines:\n${logs.map((l) => `  ${l}`).join('\n')}\n`);
      expect(logs.join('\n')).not.toMatch(/reset-password|아래 링크|인증코드는/);
      expect(await whereSeen(t, logs, code!.code)).toEqual([]);
      expect(reset).toMatchObject({ status: 'STORED', sealed: false });
      expect(reset!.body).toMatch(/reset-password\?token=\[비공개\]\n/);
    });

    it("a code's mail row never holds the code readable: sealed while it waits, dropped once done; the console shows [비공개]", async () => {
      const email = 'sealed-code@example.com';
      await t.http.post('/api/auth/send-email').send({ email }).expect(200);
      const [{ code }] = (await sql<{ code: string }>(t, 'select code from verification_code where recipient = ?', [
        email,
      ])) as [{ code: string }];
      const [row] = await sql<{ event: string; status: string; payload: Record<string, unknown> }>(
        t,
        'select event, status, payload from delivery where recipient = ?',
        [email],
      );
      expect(row).toMatchObject({ event: 'identity.email-code', status: 'STORED' });
      expect(JSON.stringify(row!.payload)).not.toContain(code);
      expect(row!.payload.sealed).toBeUndefined();
      expect((await lastOutboxMessage(t, email)).body).toContain('이메일 인증코드는 [비공개] 입니다.');

      // Written but not yet sent: the text masked, the secret only sealed (AES-256-GCM).
      const messenger = t.app.get(Messenger);
      const id = await t.app
        .get(EntityManager)
        .fork()
        .transactional((tx) =>
          messenger.write(tx, {
            channel: 'SMS',
            event: 'identity.phone-code',
            to: '01055556666',
            text: '인증번호 24680',
            secrets: ['24680'],
            urgent: true,
          }),
        );
      const [waiting] = await sql<{ status: string; payload: Record<string, unknown> }>(
        t,
        'select status, payload from delivery where id = ?',
        [id],
      );
      expect(waiting!.status).toBe('PENDING');
      expect(waiting!.payload).toMatchObject({
        text: '인증번호 [비공개]',
        once: true,
        sealed: expect.stringMatching(/^v1\./),
      });
      expect(JSON.stringify(waiting)).not.toContain('24680');
      expect(await messenger.sendNow(id)).toBe(true);
      const [done] = await sql<{ status: string; sealed: boolean }>(
        t,
        "select status, payload->'sealed' is not null as sealed from delivery where id = ?",
        [id],
      );
      expect(done).toEqual({ status: 'STORED', sealed: false });
      // Its secret is gone: 다시 보내기 refuses it (the member asks for a new code).
      const resend = await t.http
        .post(`/api/admin/deliveries/${id}/resend`)
        .set('Authorization', `Bearer ${await t.operatorToken()}`)
        .expect(409);
      expect(resend.body.message).toBe(
        '인증코드와 비밀번호 재설정 메일은 다시 보낼 수 없습니다. 회원이 새로 요청해야 합니다.',
      );
    });

    it('a change that rolls back writes no message', async () => {
      const before = await count(t, 'delivery');
      await expect(
        t.app
          .get(EntityManager)
          .fork()
          .transactional(async (tx) => {
            await t.app.get(Messenger).write(tx, {
              channel: 'EMAIL',
              event: 'identity.email-code',
              to: 'rolled-back@example.com',
              subject: '인증코드',
              text: '인증코드 13579',
              secrets: ['13579'],
              urgent: true,
            });
            throw new Error('the change failed');
          }),
      ).rejects.toThrow('the change failed');
      expect(await count(t, 'delivery')).toBe(before);
      await t.http.post('/api/auth/send-email').send({ email: 'rolled-back@example.com' }).expect(200);
      expect(await count(t, 'delivery')).toBe(before + 1);
    });

    it('never repeats the query string of a request in an answer', async () => {
      for (const path of [
        '/api/v3?key=super-secret-key-123',
        '/api/no-such-thing?key=super-secret-key-123',
        '/api/admin/nothing?token=super-secret-key-123',
      ]) {
        const res = await t.http.get(path);
        expect(res.status).toBe(404);
        expect(res.text).not.toContain('super-secret-key-123');
        expect(res.body).toEqual({
          statusCode: 404,
          code: expect.any(String),
          message: '요청한 주소를 찾을 수 없습니다.',
        });
      }
    });
  });
});
