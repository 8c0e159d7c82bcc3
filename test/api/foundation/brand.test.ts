import { seedDemoContent } from '../../../server/src/database/demo/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { clientIp, createMember } from '../../support/members.js';
import { codeIn, lastOutboxMessage, setSettings } from '../../support/identity.js';
import { startSmtp, type SmtpCatcher } from '../../support/partners.js';

/** The shop's name and logo, set by an operator, served to the storefront and used by the mails. */
describe('brand settings', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let admin: string;
  const post = (path: string, body: unknown) =>
    t.http
      .post(path)
      .set('X-Forwarded-For', clientIp())
      .send(body as object);
  const put = (key: string, value: unknown) =>
    t.http.put(`/api/admin/settings/${key}`).set('Authorization', admin).send({ value });
  const publicSettings = async () => {
    const res = await t.http.get('/api/service/settings').expect(200);
    return Object.fromEntries((res.body as { key: string; value: unknown }[]).map((s) => [s.key, s.value]));
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'no-reply@panel.example.com',
      PUBLIC_URL: 'https://panel.example.com',
    });
    await seedDemoContent(t.app);
    admin = `Bearer ${await t.operatorToken()}`;
    await setSettings(t, { ENABLE_EMAIL_VERIFY: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('reads unset: an empty name and logo, and mails under the default name "SMM 패널"', async () => {
    expect(await publicSettings()).toMatchObject({ SITE_NAME: '', SITE_LOGO_URL: '' });
    await post('/api/auth/send-email', { email: 'brand-default@example.com' }).expect(200);
    const mail = await smtp.next('brand-default@example.com');
    expect(mail.subject).toBe('[SMM 패널] 이메일 인증코드');
    expect(mail.text.trim().endsWith('감사합니다.\nSMM 패널 드림')).toBe(true);
  });

  it('an operator sets the name and logo; the storefront settings answer them and the mails carry the name', async () => {
    expect((await put('SITE_NAME', ' 팔로우랩 ').expect(200)).body).toMatchObject({
      key: 'SITE_NAME',
      value: '팔로우랩',
    });
    await put('SITE_LOGO_URL', '/uploads/logo-1.png').expect(200);
    expect(await publicSettings()).toMatchObject({ SITE_NAME: '팔로우랩', SITE_LOGO_URL: '/uploads/logo-1.png' });

    const email = 'brand-user@example.com';
    await post('/api/auth/send-email', { email }).expect(200);
    const mail = await smtp.next(email);
    expect(mail.subject).toBe('[팔로우랩] 이메일 인증코드');
    expect(mail.text).toContain('감사합니다.\n팔로우랩 드림');
    const code = codeIn(mail.text);
    expect(await lastOutboxMessage(t, email)).toMatchObject({
      subject: '[팔로우랩] 이메일 인증코드',
      status: 'SENT',
      body: mail.text.trim().replace(code, '[비공개]'),
    });

    const m = await createMember(t);
    await post('/api/service/find-password', { email: `${m.loginId}@example.com` }).expect(200);
    const reset = await smtp.next(`${m.loginId}@example.com`);
    expect(reset.subject).toBe('[팔로우랩] 비밀번호 재설정 안내');
    expect(reset.text.trim().endsWith('팔로우랩 드림')).toBe(true);

    await setSettings(t, { ENABLE_PHONE_NUMBER: true });
    await post('/api/auth/send-phone-number', { phoneNumber: '01033334444' }).expect(200);
    expect((await lastOutboxMessage(t, '01033334444')).body).toBe(
      '[팔로우랩] 인증번호 [비공개] (10분 안에 입력해 주세요)',
    );
  });

  it.each([
    ['SITE_NAME', 'x'.repeat(31), '쇼핑몰 이름(SITE_NAME): 쇼핑몰 이름은 30자 이하로 입력해 주세요.'],
    [
      'SITE_NAME',
      '팔로우\r\nBcc: x@y.z',
      '쇼핑몰 이름(SITE_NAME): 쇼핑몰 이름에는 줄바꿈, 제어 문자, [ ] < > 기호를 쓸 수 없습니다.',
    ],
    [
      'SITE_NAME',
      '[광고]',
      '쇼핑몰 이름(SITE_NAME): 쇼핑몰 이름에는 줄바꿈, 제어 문자, [ ] < > 기호를 쓸 수 없습니다.',
    ],
    ['SITE_NAME', 12, '쇼핑몰 이름(SITE_NAME): 쇼핑몰 이름에는 줄바꿈, 제어 문자, [ ] < > 기호를 쓸 수 없습니다.'],
    [
      'SITE_LOGO_URL',
      'javascript:alert(1)',
      '로고 이미지(SITE_LOGO_URL): 로고 이미지는 /uploads/ 파일이거나 http(s) 주소여야 합니다.',
    ],
    [
      'SITE_LOGO_URL',
      '/etc/passwd',
      '로고 이미지(SITE_LOGO_URL): 로고 이미지는 /uploads/ 파일이거나 http(s) 주소여야 합니다.',
    ],
  ])('refuses %s = %j with a Korean reason and keeps the value', async (key, value, reason) => {
    const before = (await publicSettings())[key];
    const res = await put(key, value).expect(400);
    expect(res.body.message).toBe(reason);
    expect((await publicSettings())[key]).toBe(before);
  });

  it('blank again reads as the default name', async () => {
    await put('SITE_NAME', '').expect(200);
    await post('/api/auth/send-email', { email: 'brand-again@example.com' }).expect(200);
    expect((await smtp.next('brand-again@example.com')).subject).toBe('[SMM 패널] 이메일 인증코드');
  });
});
