import { SECOND_FACTOR_MESSAGES as M, UNKNOWN_DEVICE } from '../../../server/src/contracts/index.js';
import { startTestApp, TEST_OPERATOR, type TestApp } from '../../support/test-app.js';
import { clientIp, createMember, enrolledMember as enrolMember, type TestMember } from '../../support/members.js';
import { loginResults, sql } from '../../support/identity.js';
import { operatorWithRole } from '../../support/operators.js';
import {
  currentCode,
  logInOperator,
  secretOf,
  TEST_OPERATOR_TOTP_SECRET,
  totpCode,
  wrongCode,
} from '../../support/second-factor.js';

const bearer = (token: string) => `Bearer ${token}`;
/** A login of an account already logged in within 30 s waits for the app's next code (each code is taken once). */
const CODE_WAIT = 90_000;

describe('second factor (TOTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 120_000);
  afterAll(() => t.close());

  const results = (kind: string, loginId: string) => loginResults(t, kind, loginId);

  const enrolledMember = () => enrolMember(t);

  const memberLogin = (m: TestMember, ip = clientIp()) =>
    t.http.post('/api/auth/login').set('X-Forwarded-For', ip).send({ id: m.loginId, password: m.password });

  it(
    'the owner (required, enrolled from ADMIN_TOTP_SECRET) passes the code step; a wrong code is 401 and recorded',
    async () => {
      const first = await t.http.post('/api/admin/auth/login').send(TEST_OPERATOR).expect(200);
      expect(first.body).toMatchObject({ twoFactor: 'code', message: M.codeStep });
      expect(first.body.accessToken).toBeUndefined();
      const wrong = await t.http
        .post('/api/admin/auth/totp/login')
        .send({
          challengeToken: first.body.challengeToken,
          code: await wrongCode(TEST_OPERATOR_TOTP_SECRET),
        })
        .expect(401);
      expect(wrong.body.message).toBe(M.codeWrong);
      // The challenge is for the code step of an operator: not a member's, not an enrolment's.
      await t.http
        .post('/api/auth/totp/login')
        .send({ challengeToken: first.body.challengeToken, code: await currentCode(TEST_OPERATOR_TOTP_SECRET) })
        .expect(401);
      await t.http
        .post('/api/admin/auth/totp/login/enrol')
        .send({ challengeToken: first.body.challengeToken })
        .expect(401);
      const ok = await t.http
        .post('/api/admin/auth/totp/login')
        .send({ challengeToken: first.body.challengeToken, code: await totpCode(TEST_OPERATOR_TOTP_SECRET) })
        .expect(200);
      await t.http.get('/api/admin/auth/me').set('Authorization', bearer(ok.body.accessToken)).expect(200);
      const status = await t.http
        .get('/api/admin/auth/totp')
        .set('Authorization', bearer(ok.body.accessToken))
        .expect(200);
      expect(status.body).toMatchObject({ enabled: true, required: true });
      // Required for the role: the owner cannot turn it off.
      const off = await t.http
        .post('/api/admin/auth/totp/disable')
        .set('Authorization', bearer(ok.body.accessToken))
        .send({ code: await currentCode(TEST_OPERATOR_TOTP_SECRET) })
        .expect(403);
      expect(off.body.message).toBe(M.requiredForRole);
      expect((await results('operator', TEST_OPERATOR.id)).slice(-3)).toEqual([
        'CODE_REQUIRED',
        'CODE_FAILED',
        'CODE_SUCCEEDED',
      ]);
    },
    CODE_WAIT,
  );

  it(
    'an ACCOUNTANT without a factor is sent into enrolment and gets no session until the code confirms it',
    async () => {
      const owner = bearer(await t.operatorToken());
      const loginId = `acct_${Date.now().toString(36)}`;
      const password = 'accountant-password';
      await t.http
        .post('/api/admin/operators')
        .set('Authorization', owner)
        .send({ loginId, password, role: 'ACCOUNTANT' })
        .expect(201);
      const first = await t.http.post('/api/admin/auth/login').send({ id: loginId, password }).expect(200);
      expect(first.body).toMatchObject({ twoFactor: 'enrol', message: M.enrolStep });
      expect(first.body.accessToken).toBeUndefined();
      const { challengeToken } = first.body as { challengeToken: string };
      // An enrolment challenge is not a code step.
      await t.http.post('/api/admin/auth/totp/login').send({ challengeToken, code: '123456' }).expect(401);
      const enrolment = await t.http.post('/api/admin/auth/totp/login/enrol').send({ challengeToken }).expect(200);
      expect(enrolment.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      expect(enrolment.body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
      const secret = enrolment.body.secret as string;
      const wrong = await t.http
        .post('/api/admin/auth/totp/login/confirm')
        .send({ challengeToken, code: await wrongCode(secret) })
        .expect(409);
      expect(wrong.body.message).toBe(M.codeWrong);
      const confirmed = await t.http
        .post('/api/admin/auth/totp/login/confirm')
        .send({ challengeToken, code: await totpCode(secret) })
        .expect(200);
      expect(confirmed.body.recoveryCodes).toHaveLength(10);
      expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
      // Stored hashed: no code appears in the table.
      const stored = await sql<{ code_hash: string }>(t, 'select code_hash from recovery_code');
      for (const c of confirmed.body.recoveryCodes as string[]) expect(stored.map((r) => r.code_hash)).not.toContain(c);
      const me = await t.http
        .get('/api/admin/auth/me')
        .set('Authorization', bearer(confirmed.body.accessToken))
        .expect(200);
      expect(me.body.role).toBe('ACCOUNTANT');
      // The next login asks for the code.
      const again = await t.http.post('/api/admin/auth/login').send({ id: loginId, password }).expect(200);
      expect(again.body.twoFactor).toBe('code');
    },
    CODE_WAIT,
  );

  it(
    'a SUPPORT operator may log in without one, and enrols optionally (then the code step is required)',
    async () => {
      const support = await operatorWithRole(t, 'SUPPORT');
      const password = `${support.loginId}-password`;
      expect(secretOf(support.loginId)).toBeUndefined();
      const enrolment = await t.http.post('/api/admin/auth/totp/enrol').set('Authorization', support.auth).expect(200);
      await t.http
        .post('/api/admin/auth/totp/confirm')
        .set('Authorization', support.auth)
        .send({ code: await totpCode(enrolment.body.secret) })
        .expect(200);
      // The change ended every session, this one too.
      await t.http.get('/api/admin/auth/me').set('Authorization', support.auth).expect(401);
      const first = await t.http.post('/api/admin/auth/login').send({ id: support.loginId, password }).expect(200);
      expect(first.body.twoFactor).toBe('code');
      const ok = await t.http
        .post('/api/admin/auth/totp/login')
        .send({ challengeToken: first.body.challengeToken, code: await totpCode(enrolment.body.secret) })
        .expect(200);
      await t.http.get('/api/admin/settings').set('Authorization', bearer(ok.body.accessToken)).expect(403);
    },
    CODE_WAIT,
  );

  it(
    'a member turns it on: every session ends (the list shows them revoked), the login asks for the code',
    async () => {
      const m = await createMember(t);
      const other = await memberLogin(m, '192.0.2.31').set('User-Agent', 'second-phone').expect(200);
      const enrolment = await t.http.post('/api/auth/totp/enrol').set('Authorization', bearer(m.token)).expect(200);
      // Enrolled twice: the pending secret is replaced, only the newest counts.
      const second = await t.http.post('/api/auth/totp/enrol').set('Authorization', bearer(m.token)).expect(200);
      expect(second.body.secret).not.toBe(enrolment.body.secret);
      await t.http
        .post('/api/auth/totp/confirm')
        .set('Authorization', bearer(m.token))
        .send({ code: await totpCode(second.body.secret) })
        .expect(200);
      await t.http.get('/api/auth/profile').set('Authorization', bearer(m.token)).expect(401);
      await t.http.get('/api/auth/profile').set('Authorization', bearer(other.body.accessToken)).expect(401);
      const first = await memberLogin(m, '192.0.2.32').set('User-Agent', 'laptop').expect(200);
      expect(first.body.twoFactor).toBe('code');
      const ok = await t.http
        .post('/api/auth/totp/login')
        .set('X-Forwarded-For', '192.0.2.32')
        .set('User-Agent', 'laptop')
        .send({ challengeToken: first.body.challengeToken, code: await totpCode(second.body.secret) })
        .expect(200);
      const list = await t.http.get('/api/auth/sessions').set('Authorization', bearer(ok.body.accessToken)).expect(200);
      const rows = await sql<{ id: number; device: string; ip: string; revoked_reason: string | null }>(
        t,
        'select id, device, ip, revoked_reason from auth_session where kind = ? and subject_id = ? order by id',
        ['member', m.id],
      );
      process.stdout.write(
        `sessions after turning 2FA on: GET /api/auth/sessions = ${JSON.stringify(list.body)}; all rows: ${JSON.stringify(rows)}\n`,
      );
      expect(list.body).toHaveLength(1);
      expect(list.body[0]).toMatchObject({ device: UNKNOWN_DEVICE, userAgent: 'laptop', current: true });
      expect(rows.filter((r) => r.revoked_reason === 'second-factor')).toHaveLength(2);
      expect(await results('member', m.loginId)).toEqual(expect.arrayContaining(['CODE_SUCCEEDED', 'CODE_REQUIRED']));
    },
    CODE_WAIT,
  );

  it(
    'a recovery code works once, also when sent twice at once; turning 2FA off needs a code and ends the sessions',
    async () => {
      const m = await enrolledMember();
      const challenges = await Promise.all(
        Array.from({ length: 4 }, async () => (await memberLogin(m).expect(200)).body.challengeToken as string),
      );
      const [code] = m.recoveryCodes;
      const answers = await Promise.all(
        challenges.map((challengeToken) =>
          t.http.post('/api/auth/totp/login').set('X-Forwarded-For', clientIp()).send({ challengeToken, code }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);
      const token = answers.find((a) => a.status === 200)!.body.accessToken as string;
      const status = await t.http.get('/api/auth/totp').set('Authorization', bearer(token)).expect(200);
      expect(status.body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 9 });
      // Lower case without the dash is the same code: still used.
      const later = (await memberLogin(m).expect(200)).body.challengeToken as string;
      await t.http
        .post('/api/auth/totp/login')
        .send({ challengeToken: later, code: code!.replace('-', '').toLowerCase() })
        .expect(401);
      // Off with another recovery code: every session ends, the next login is the password alone.
      await t.http.post('/api/auth/totp/disable').set('Authorization', bearer(token)).send({ code: '123' }).expect(400);
      await t.http
        .post('/api/auth/totp/disable')
        .set('Authorization', bearer(token))
        .send({ code: m.recoveryCodes[1] })
        .expect(200);
      await t.http.get('/api/auth/profile').set('Authorization', bearer(token)).expect(401);
      const plain = await memberLogin(m).expect(200);
      expect(plain.body.accessToken).toBeDefined();
      expect(
        await sql(t, 'select 1 from second_factor where kind = ? and subject_id = ?', ['member', m.id]),
      ).toHaveLength(0);
    },
    CODE_WAIT,
  );

  it(
    'new recovery codes for a current code: the bootstrapped owner starts with none; the old codes stop working',
    async () => {
      const owner = await logInOperator(t.http, TEST_OPERATOR);
      const auth = bearer(owner.accessToken);
      const before = await t.http.get('/api/admin/auth/totp').set('Authorization', auth).expect(200);
      expect(before.body).toMatchObject({ enabled: true, recoveryCodesLeft: 0 });
      const wrong = await t.http
        .post('/api/admin/auth/totp/recovery-codes')
        .set('Authorization', auth)
        .send({ code: await wrongCode(TEST_OPERATOR_TOTP_SECRET) })
        .expect(409);
      expect(wrong.body.message).toBe(M.codeWrong);
      const issued = await t.http
        .post('/api/admin/auth/totp/recovery-codes')
        .set('Authorization', auth)
        .send({ code: await totpCode(TEST_OPERATOR_TOTP_SECRET) })
        .expect(200);
      expect(issued.body.message).toBe(M.recoveryCodesIssued);
      expect(issued.body.recoveryCodes).toHaveLength(10);
      const afterIssue = await t.http.get('/api/admin/auth/totp').set('Authorization', auth).expect(200);
      expect(afterIssue.body.recoveryCodesLeft).toBe(10);
      const audit = await sql<{ action: string }>(
        t,
        "select action from audit_log where resource = 'operators' and action = 'renew-recovery-codes'",
      );
      expect(audit).toHaveLength(1);
      // A recovery code opens the console in place of a code.
      const first = await t.http.post('/api/admin/auth/login').send(TEST_OPERATOR).expect(200);
      await t.http
        .post('/api/admin/auth/totp/login')
        .send({ challengeToken: first.body.challengeToken, code: issued.body.recoveryCodes[0] })
        .expect(200);

      // A member's renewal replaces the codes of the enrolment.
      const m = await enrolledMember();
      const challenge = (await memberLogin(m).expect(200)).body.challengeToken as string;
      const session = await t.http
        .post('/api/auth/totp/login')
        .send({ challengeToken: challenge, code: m.recoveryCodes[0] })
        .expect(200);
      const renewed = await t.http
        .post('/api/auth/totp/recovery-codes')
        .set('Authorization', bearer(session.body.accessToken))
        .send({ code: await totpCode(m.secret) })
        .expect(200);
      const old = (await memberLogin(m).expect(200)).body.challengeToken as string;
      await t.http.post('/api/auth/totp/login').send({ challengeToken: old, code: m.recoveryCodes[1] }).expect(401);
      await t.http
        .post('/api/auth/totp/login')
        .send({ challengeToken: old, code: renewed.body.recoveryCodes[0] })
        .expect(200);
    },
    CODE_WAIT,
  );

  it(
    'test support logs the owner in with the known secret',
    async () => {
      const pair = await logInOperator(t.http, TEST_OPERATOR);
      await t.http.get('/api/admin/auth/me').set('Authorization', bearer(pair.accessToken)).expect(200);
    },
    CODE_WAIT,
  );
});
