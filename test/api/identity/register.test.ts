import { seedDemoContent } from '../../../server/src/database/demo/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { IDENTITY_MESSAGES as M } from '../../../server/src/contracts/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { clientIp, createMember } from '../../support/members.js';
import { codeIn, identityTables, lastCode, lastOutboxMessage, setSettings, sql } from '../../support/identity.js';
import { startSmsGateway, type SmsGateway } from '../../support/partners.js';

describe('register', () => {
  let t: TestApp;
  let sms: SmsGateway;
  let seq = 0;
  const route = '유튜브';
  const post = (path: string, body: unknown) =>
    t.http
      .post(path)
      .set('X-Forwarded-For', clientIp())
      .send(body as object);
  const fresh = (prefix = 'user') => {
    const n = ++seq;
    return {
      id: `${prefix}${n}`,
      password: 'secret123',
      email: `${prefix}${n}@Example.com`,
      registerWhere: route,
      phoneNumber: '',
      sendCode: '',
      referral: '',
      emailCode: '',
      agreeTerms: true,
      agreePrivacy: true,
    };
  };
  const canLogIn = async (id: string, password: string) =>
    (await post('/api/auth/login', { id, password })).status === 200;
  const emailCode = async (email: string) => {
    const res = await post('/api/auth/send-email', { email }).expect(200);
    expect(res.body).toEqual({ message: '인증코드가 발송되었습니다.' });
    return lastCode(t, email.toLowerCase());
  };
  const phoneCode = async (phoneNumber: string) => {
    const res = await post('/api/auth/send-phone-number', { phoneNumber }).expect(200);
    expect(res.body).toEqual({ message: '인증번호가 발송되었습니다.' });
    return codeIn(sms.received.at(-1)!.body.text);
  };
  const switches = (values: Record<string, boolean>) => setSettings(t, values);

  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await startTestApp({ SMS_URL: sms.url, SMS_API_KEY: 'sms-key-123', SMS_SENDER: '0212345678' });
    await seedDemoContent(t.app);
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });
  afterEach(async () => {
    t.app.get(Clock).reset();
    sms.status = 200;
    await switches({ ENABLE_EMAIL_VERIFY: false, ENABLE_PHONE_NUMBER: false, ENABLE_REFERRAL: false });
  });

  it('registers with id, password, email and a sign-up route, then logs in (verification off)', async () => {
    const body = fresh();
    const res = await post('/api/auth/register', body).expect(201);
    expect(res.body).toEqual({ message: '회원가입에 성공했습니다.' });
    expect(await canLogIn(body.id, body.password)).toBe(true);
    const [row] = await sql<{ email: string; phone: string | null; register_where: string; password_hash: string }>(
      t,
      'select email, phone, register_where, password_hash from member where login_id = ?',
      [body.id],
    );
    expect(row).toMatchObject({ email: body.email.toLowerCase(), phone: null, register_where: route });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_hash).not.toContain(body.password);
  });

  it("records the consents with their time and the terms' version; marketing only when given", async () => {
    const plain = fresh();
    await post('/api/auth/register', plain).expect(201);
    const marketing = { ...fresh(), agreeMarketing: true };
    await post('/api/auth/register', marketing).expect(201);
    type Row = {
      login_id: string;
      created_at: string;
      terms_agreed_at: string;
      privacy_agreed_at: string;
      terms_version: string;
      marketing_agreed_at: string | null;
    };
    const rows = await sql<Row>(
      t,
      'select login_id, created_at, terms_agreed_at, privacy_agreed_at, terms_version, marketing_agreed_at from member where login_id in (?, ?) order by id',
      [plain.id, marketing.id],
    );
    // The consent is given with the sign-up itself: the same instant as the member's creation.
    expect(rows).toEqual([
      {
        login_id: plain.id,
        created_at: rows[0]!.created_at,
        terms_agreed_at: rows[0]!.created_at,
        privacy_agreed_at: rows[0]!.created_at,
        terms_version: '2021-06-20',
        marketing_agreed_at: null,
      },
      {
        login_id: marketing.id,
        created_at: rows[1]!.created_at,
        terms_agreed_at: rows[1]!.created_at,
        privacy_agreed_at: rows[1]!.created_at,
        terms_version: '2021-06-20',
        marketing_agreed_at: rows[1]!.created_at,
      },
    ]);
    expect(rows[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\d /);
  });

  it('answers 409 for a taken id or email and stores nothing', async () => {
    const first = fresh();
    await post('/api/auth/register', first).expect(201);
    const before = await identityTables(t);
    const sameId = await post('/api/auth/register', { ...fresh(), id: first.id }).expect(409);
    expect(sameId.body).toEqual({ statusCode: 409, code: expect.any(String), message: M.idTaken });
    const sameEmail = await post('/api/auth/register', { ...fresh(), email: first.email.toUpperCase() }).expect(409);
    expect(sameEmail.body.message).toBe('이미 존재하는 이메일 입니다');
    expect(await identityTables(t)).toEqual(before);
  });

  it('takes the sign-up route only from the options list', async () => {
    const before = await identityTables(t);
    const res = await post('/api/auth/register', { ...fresh(), registerWhere: '어딘가' }).expect(400);
    expect(res.body.message).toBe('가입경로를 선택해주세요');
    expect(await identityTables(t)).toEqual(before);
  });

  describe('with email verification on (no SMTP: codes go to the outbox)', () => {
    beforeEach(() => switches({ ENABLE_EMAIL_VERIFY: true }));

    it('sends a 5-digit code that lets exactly one sign-up through', async () => {
      const body = fresh('mail');
      const code = await emailCode(body.email);
      expect(code).toHaveLength(5);
      const message = await lastOutboxMessage(t, body.email.toLowerCase());
      expect(message).toMatchObject({ channel: 'EMAIL', status: 'STORED' });
      // The outbox shows the mail with its code masked.
      expect(message.body).not.toContain(code);
      expect(message.body).toContain('[비공개]');
      const missing = await post('/api/auth/register', body).expect(400);
      expect(missing.body.message).toBe('이메일 인증코드 5자리를 입력해주세요');
      await post('/api/auth/register', { ...body, emailCode: code }).expect(201);
      expect(await canLogIn(body.id, body.password)).toBe(true);
      // The member withdraws (the email is free again): the used code does not work a second time.
      const { body: login } = await post('/api/auth/login', { id: body.id, password: body.password }).expect(200);
      await t.http.delete('/api/auth/account').set('Authorization', `Bearer ${login.accessToken}`).expect(200);
      const again = await post('/api/auth/register', { ...body, emailCode: code }).expect(400);
      expect(again.body.message).toBe(M.codeNotSent);
    });

    it('refuses a code that is wrong, expired, replaced or out of tries', async () => {
      const wrong = fresh('wrong');
      const code = await emailCode(wrong.email);
      const other = code === '00000' ? '11111' : '00000';
      const res = await post('/api/auth/register', { ...wrong, emailCode: other }).expect(400);
      expect(res.body.message).toBe(M.emailCodeWrong);
      await post('/api/auth/register', { ...wrong, emailCode: code }).expect(201);

      const expired = fresh('late');
      const lateCode = await emailCode(expired.email);
      t.app.get(Clock).travel(10 * 60 * 1000 + 1000);
      expect((await post('/api/auth/register', { ...expired, emailCode: lateCode }).expect(400)).body.message).toBe(
        M.codeExpired,
      );
      t.app.get(Clock).reset();

      const replaced = fresh('twice');
      const oldCode = await emailCode(replaced.email);
      const newCode = await emailCode(replaced.email);
      if (oldCode !== newCode)
        expect((await post('/api/auth/register', { ...replaced, emailCode: oldCode }).expect(400)).body.message).toBe(
          M.emailCodeWrong,
        );
      await post('/api/auth/register', { ...replaced, emailCode: newCode }).expect(201);

      const guessed = fresh('guess');
      const right = await emailCode(guessed.email);
      const guesses = ['00000', '11111', '22222', '33333', '44444', '55555', '66666']
        .filter((g) => g !== right)
        .slice(0, 5);
      for (const g of guesses) await post('/api/auth/register', { ...guessed, emailCode: g }).expect(400);
      const locked = await post('/api/auth/register', { ...guessed, emailCode: right }).expect(400);
      expect(locked.body.message).toBe(M.codeExpired);
      expect(await sql(t, 'select 1 from member where login_id = ?', [guessed.id])).toHaveLength(0);
    });

    it('lets one of two simultaneous sign-ups use a code', async () => {
      const body = fresh('race');
      const code = await emailCode(body.email);
      const results = await Promise.all([
        post('/api/auth/register', { ...body, emailCode: code }),
        post('/api/auth/register', { ...body, id: `${body.id}b`, emailCode: code }),
      ]);
      // The loser either waited on the code's row lock and found it used, or found the email taken.
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      const loser = results.find((r) => r.status !== 201)!;
      expect([400, 409]).toContain(loser.status);
      expect([M.codeNotSent, M.emailTaken, M.registerFailed]).toContain(loser.body.message);
      expect(await sql(t, 'select 1 from member where email = ?', [body.email.toLowerCase()])).toHaveLength(1);
    });

    it('answers 409 when the email already belongs to a member, and 400 for a malformed one', async () => {
      const m = await createMember(t);
      const taken = await post('/api/auth/send-email', { email: `${m.loginId}@example.com` }).expect(409);
      expect(taken.body).toEqual({ statusCode: 409, code: expect.any(String), message: '이미 존재하는 이메일 입니다' });
      for (const email of ['no-at-sign.com', 'a@b', '', 'a b@c.com', 42, null]) {
        const res = await post('/api/auth/send-email', { email }).expect(400);
        expect(res.body.message).toBe('이메일이 올바르지 않습니다');
      }
    });
  });

  describe('with phone verification on (SMS through the gateway)', () => {
    beforeEach(() => switches({ ENABLE_PHONE_NUMBER: true }));

    it('texts a code through the gateway and stores the verified phone', async () => {
      const body = { ...fresh('phone'), phoneNumber: '01012345678' };
      const code = await phoneCode(body.phoneNumber);
      const sent = sms.received.at(-1)!;
      expect(sent.headers['x-api-key']).toBe('sms-key-123');
      expect(sent.body).toMatchObject({ to: '01012345678', from: '0212345678' });
      expect(await lastOutboxMessage(t, '01012345678')).toMatchObject({ channel: 'SMS', status: 'SENT' });
      expect((await post('/api/auth/register', body).expect(400)).body.message).toBe(
        '휴대전화 인증번호 5자리를 입력해주세요',
      );
      expect((await post('/api/auth/register', { ...body, phoneNumber: '0101234' }).expect(400)).body.message).toBe(
        '휴대전화 번호가 올바르지 않습니다',
      );
      await post('/api/auth/register', { ...body, sendCode: code }).expect(201);
      expect(
        (await sql<{ phone: string }>(t, 'select phone from member where login_id = ?', [body.id]))[0]!.phone,
      ).toBe('01012345678');
      const again = await post('/api/auth/send-phone-number', { phoneNumber: '01012345678' }).expect(409);
      expect(again.body.message).toBe('이미 존재하는 휴대전화 번호 입니다');
    });

    it('refuses malformed numbers and reports a gateway failure, recorded as FAILED', async () => {
      for (const phoneNumber of ['0101234567', '010123456789', '010-1234-56', 1012345678, '']) {
        expect((await post('/api/auth/send-phone-number', { phoneNumber }).expect(400)).body.message).toBe(
          '휴대전화 번호가 올바르지 않습니다',
        );
      }
      sms.status = 500;
      const res = await post('/api/auth/send-phone-number', { phoneNumber: '01099998888' }).expect(502);
      expect(res.body.message).toBe(M.deliveryFailed);
      expect(await lastOutboxMessage(t, '01099998888')).toMatchObject({ status: 'FAILED' });
    });
  });

  describe('referral codes', () => {
    it('link the new member to the referrer while ENABLE_REFERRAL is on', async () => {
      await switches({ ENABLE_REFERRAL: true });
      const referrer = await createMember(t);
      const issued = await t.http
        .post('/api/auth/referral-code')
        .set('Authorization', `Bearer ${referrer.token}`)
        .expect(200);
      const body = { ...fresh('ref'), referral: issued.body.referralCode };
      await post('/api/auth/register', body).expect(201);
      const [row] = await sql<{ referred_by_id: number }>(t, 'select referred_by_id from member where login_id = ?', [
        body.id,
      ]);
      expect(row!.referred_by_id).toBe(referrer.id);

      const before = await identityTables(t);
      const unknown = await post('/api/auth/register', { ...fresh('ref'), referral: 'NOPE1234' }).expect(400);
      expect(unknown.body.message).toBe(M.referralUnknown);
      expect(await identityTables(t)).toEqual(before);
    });
  });

  describe('bad input', () => {
    const huge = 'x'.repeat(10_000);
    const cases: [string, Record<string, unknown>, string][] = [
      ['missing id', { id: undefined }, '아이디를 입력 해주세요.'],
      ['empty id', { id: '' }, '아이디를 입력 해주세요.'],
      ['space in id', { id: 'kim chulsoo' }, '아이디에 띄어쓰기는 불가능합니다.'],
      ['tab in id', { id: 'kim\tchulsoo' }, '아이디에 띄어쓰기는 불가능합니다.'],
      ['leading space in id', { id: ' kim' }, '아이디에 띄어쓰기는 불가능합니다.'],
      ['zero-width space in id', { id: 'kim\u200bchul' }, M.idInvalid],
      ['numeric id', { id: 12345 }, '아이디를 입력 해주세요.'],
      ['array id', { id: ['a'] }, '아이디를 입력 해주세요.'],
      ['huge id', { id: huge }, M.idTooLong],
      ['missing password', { password: undefined }, '비밀번호를 입력 해주세요.'],
      ['empty password', { password: '' }, '비밀번호를 입력 해주세요.'],
      ['space in password', { password: 'abc def' }, M.passwordNoSpace],
      ['object password', { password: { $ne: null } }, '비밀번호를 입력 해주세요.'],
      ['huge password', { password: huge }, M.passwordTooLong],
      ['missing email', { email: undefined }, '이메일 형식을 맞춰주세요'],
      ['email without @', { email: 'kim.example.com' }, '이메일 형식을 맞춰주세요'],
      ['email without dot', { email: 'kim@example' }, '이메일 형식을 맞춰주세요'],
      ['numeric email', { email: 7 }, '이메일 형식을 맞춰주세요'],
      ['huge email', { email: `${huge}@example.com` }, '이메일 형식을 맞춰주세요'],
      ['missing route', { registerWhere: undefined }, '가입경로를 선택해주세요'],
      ['empty route', { registerWhere: '  ' }, '가입경로를 선택해주세요'],
      ['numeric route', { registerWhere: 3 }, '가입경로를 선택해주세요'],
      ['huge route', { registerWhere: huge }, '가입경로를 선택해주세요'],
      ['numeric phone', { phoneNumber: 1012345678 }, '휴대전화 번호가 올바르지 않습니다'],
      ['huge phone', { phoneNumber: huge }, '휴대전화 번호가 올바르지 않습니다'],
      ['object phone code', { sendCode: {} }, '휴대전화 인증번호 5자리를 입력해주세요'],
      ['huge email code', { emailCode: huge }, '이메일 인증코드 5자리를 입력해주세요'],
      ['numeric referral', { referral: 1234 }, M.referralInvalid],
      ['huge referral', { referral: huge }, M.referralInvalid],
      // The rule the placeholders announce (8~20자) is the server's.
      ['7-character password', { password: 'abc1234' }, '비밀번호는 8~20자로 입력해 주세요.'],
      ['1-character password', { password: 'a' }, '비밀번호는 8~20자로 입력해 주세요.'],
      ['21-character password', { password: 'a'.repeat(21) }, '비밀번호는 8~20자로 입력해 주세요.'],
      // Consents to the terms and the privacy policy are required.
      ['no terms consent', { agreeTerms: undefined }, '이용약관에 동의해 주세요.'],
      ['terms refused', { agreeTerms: false }, '이용약관에 동의해 주세요.'],
      ['terms as a string', { agreeTerms: 'true' }, '이용약관에 동의해 주세요.'],
      ['no privacy consent', { agreePrivacy: undefined }, '개인정보 수집·이용에 동의해 주세요.'],
      ['privacy refused', { agreePrivacy: false }, '개인정보 수집·이용에 동의해 주세요.'],
      ['marketing as a string', { agreeMarketing: 'yes' }, '입력 양식을 맞춰주세요.'],
    ];

    it.each(cases)('%s: 400 with a reason, nothing stored', async (_, change, message) => {
      const before = await identityTables(t);
      const res = await post('/api/auth/register', { ...fresh('bad'), ...change }).expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: expect.any(String), message });
      expect(await identityTables(t)).toEqual(before);
    });

    it('answers 400 for a body that is not an object or not JSON, and 413 for one over 1 MB', async () => {
      const before = await identityTables(t);
      for (const body of ['[]', '"text"', '42', 'null']) {
        const res = await t.http.post('/api/auth/register').set('Content-Type', 'application/json').send(body);
        expect(res.body).toEqual({
          statusCode: 400,
          code: expect.any(String),
          message: '요청 본문은 JSON 객체여야 합니다.',
        });
      }
      const broken = await t.http.post('/api/auth/register').set('Content-Type', 'application/json').send('{"id": ');
      expect(broken.body).toEqual({
        statusCode: 400,
        code: expect.any(String),
        message: '요청 본문이 올바른 JSON이 아닙니다.',
      });
      const tooBig = await post('/api/auth/register', { ...fresh('big'), id: 'x'.repeat(2 * 1024 * 1024) });
      expect(tooBig.body).toEqual({ statusCode: 413, code: expect.any(String), message: '요청 본문이 너무 큽니다.' });
      expect(await identityTables(t)).toEqual(before);
    });

    it('requires codes of exactly 5 characters while verification is on', async () => {
      await switches({ ENABLE_EMAIL_VERIFY: true, ENABLE_PHONE_NUMBER: true });
      const before = await identityTables(t);
      const base = { ...fresh('codes'), phoneNumber: '01055556666', sendCode: '12345', emailCode: '12345' };
      expect((await post('/api/auth/register', { ...base, emailCode: '1234' }).expect(400)).body.message).toBe(
        '이메일 인증코드 5자리를 입력해주세요',
      );
      expect((await post('/api/auth/register', { ...base, sendCode: '123456' }).expect(400)).body.message).toBe(
        '휴대전화 인증번호 5자리를 입력해주세요',
      );
      expect((await post('/api/auth/register', { ...base, phoneNumber: '' }).expect(400)).body.message).toBe(
        '휴대전화 번호가 올바르지 않습니다',
      );
      // Well-formed but never sent: nothing to check against.
      expect((await post('/api/auth/register', base).expect(400)).body.message).toBe(M.codeNotSent);
      expect(await identityTables(t)).toEqual(before);
    });
  });
});
