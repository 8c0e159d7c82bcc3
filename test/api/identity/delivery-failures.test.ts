import { IDENTITY_MESSAGES as M } from '../../../server/src/contracts/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { clientIp, createMember } from '../../support/members.js';
import { lastOutboxMessage, setSettings } from '../../support/identity.js';
import { freePort } from '../../../server/src/database/embedded-postgres.js';

describe('mail and SMS when the SMTP server or the gateway is down', () => {
  let t: TestApp;
  const post = (path: string, body: object) => t.http.post(path).set('X-Forwarded-For', clientIp()).send(body);

  beforeAll(async () => {
    const closed = await freePort();
    t = await startTestApp({
      SMTP_URL: `smtp://127.0.0.1:${closed}`,
      SMS_URL: `http://127.0.0.1:${closed}/send`,
      SMS_API_KEY: 'k',
    });
    await setSettings(t, { ENABLE_EMAIL_VERIFY: true });
  });
  afterAll(() => t.close());

  it('answers 502 for a code that could not be sent (tried at once, given up: a new code replaces it), recorded as FAILED with the reason', async () => {
    expect((await post('/api/auth/send-email', { email: 'down@example.com' }).expect(502)).body).toEqual({
      statusCode: 502,
      code: expect.any(String),
      message: M.deliveryFailed,
    });
    const mail = await lastOutboxMessage(t, 'down@example.com');
    expect(mail).toMatchObject({ channel: 'EMAIL', status: 'FAILED', attempts: 1 });
    expect(mail.lastAnswer).toBeTruthy();
    expect((await post('/api/auth/send-phone-number', { phoneNumber: '01012121212' }).expect(502)).body.message).toBe(
      M.deliveryFailed,
    );
    expect(await lastOutboxMessage(t, '01012121212')).toMatchObject({ channel: 'SMS', status: 'FAILED', attempts: 1 });
  });

  it('still answers find-password with success (it never tells whether the email exists)', async () => {
    const m = await createMember(t);
    const email = `${m.loginId}@example.com`;
    expect((await post('/api/service/find-password', { email }).expect(200)).body.message).toBe(
      '이메일이 전송되었습니다.',
    );
    expect(await lastOutboxMessage(t, email)).toMatchObject({ status: 'FAILED' });
  });
});
