import type { LoggerService } from '@nestjs/common';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { setSettings, sql } from '../../support/identity.js';
import { startSmtp, type SmtpCatcher } from '../../support/partners.js';

/** Everything the code logs through Nest's Logger (the outbox, the operator bootstrap ...), as lines. */
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

/** Every place an operator or a log could show the token: the outbox API (list and one), its table, the log lines. */
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
  const rows = await sql(t, 'select * from outbox_message');
  const places: [string, string][] = [
    ['GET /api/admin/outbox', list.text],
    ['GET /api/admin/outbox/:id', ones.join('\n')],
    ['outbox_message table', JSON.stringify(rows)],
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
      const [row] = await sql<{ body: string; status: string }>(
        t,
        'select body, status from outbox_message where recipient = ? order by id desc limit 1',
        [email],
      );
      expect(row).toEqual({
        status: 'SENT',
        body: expect.stringContaining('https://panel.example.com/reset-password?token=[비공개]'),
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

    it('logs that a mail was held for a masked recipient, not its body or secret', async () => {
      const logs = captureLogs(t);
      const m = await createMember(t);
      const email = `${m.loginId}@example.com`;
      await t.http.post('/api/service/find-password').send({ email }).expect(200);
      await t.http.post('/api/auth/send-email').send({ email: 'code-holder@example.com' }).expect(200);
      const [code] = await sql<{ code: string }>(
        t,
        "select code from verification_code where recipient = 'code-holder@example.com'",
      );
      const [reset] = await sql<{ body: string }>(t, 'select body from outbox_message where recipient = ?', [email]);
      process.stdout.write(`secrets (no SMTP): log lines:\n${logs.map((l) => `  ${l}`).join('\n')}\n`);
      expect(logs).toEqual(
        expect.arrayContaining([
          `log EMAIL held for ${email[0]}***@example.com (no transport configured; kept in the outbox) Outbox`,
        ]),
      );
      expect(logs.join('\n')).not.toMatch(/reset-password|아래 링크|인증코드는/);
      expect(await whereSeen(t, logs, code!.code)).toEqual([]);
      expect(reset!.body).toMatch(/reset-password\?token=\[비공개\]\n/);
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
