import { LOGIN_THROTTLE } from '../../../server/src/modules/identity/index.js';
import { SECOND_FACTOR_LIMITS as L, SECOND_FACTOR_MESSAGES as M } from '../../../server/src/contracts/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { startTestApp, TEST_OPERATOR, type TestApp } from '../../support/test-app.js';
import { clientIp, enrolledMember, type TestMember } from '../../support/members.js';
import { loginResults, sql } from '../../support/identity.js';
import { operatorWithRole } from '../../support/operators.js';
import { currentCode, TEST_OPERATOR_TOTP_SECRET, totpCode, wrongCode } from '../../support/second-factor.js';

const LONG = 240_000;

/**
 * The second factor's code step under guessing and replay: a challenge takes at most CHALLENGE_TRIES codes
 * and one success; an account's wrong codes from every address lock the code step past ACCOUNT_CEILING (the
 * holder told); an IPv6 /64 is one address; a TOTP time step is taken once.
 */
describe('second factor: the code step holds against guessing and replay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 120_000);
  afterAll(() => t.close());

  const results = (kind: string, loginId: string) => loginResults(t, kind, loginId);
  const checkedCodes = async (kind: string, loginId: string) =>
    (await results(kind, loginId)).filter((r) => r === 'CODE_FAILED').length;
  const sessionCount = async (kind: string, subjectId: number) =>
    Number(
      (
        await sql<{ n: string }>(t, 'select count(*) as n from auth_session where kind = ? and subject_id = ?', [
          kind,
          subjectId,
        ])
      )[0]!.n,
    );

  const memberChallenge = async (m: TestMember, ip = clientIp()) => {
    const res = await t.http
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ id: m.loginId, password: m.password });
    return res.status === 200 ? (res.body.challengeToken as string) : null;
  };
  const memberCode = (challengeToken: string, code: string, ip = clientIp()) =>
    t.http.post('/api/auth/totp/login').set('X-Forwarded-For', ip).send({ challengeToken, code });

  /**
   * `count` wrong codes sent 50 at a time, the i-th from `addressOf(i)` with challenge `i % challenges`:
   * how many reached the code check (CODE_FAILED) and how many were refused before it.
   */
  async function guess(
    m: TestMember & { secret: string },
    count: number,
    challenges: string[],
    addressOf: (i: number) => string,
  ) {
    const before = await checkedCodes('member', m.loginId);
    const wrong = await wrongCode(m.secret);
    const statuses: number[] = [];
    for (let start = 0; start < count; start += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, count - start) }, (_, k) =>
          memberCode(challenges[(start + k) % challenges.length]!, wrong, addressOf(start + k)),
        ),
      );
      statuses.push(...batch.map((a) => a.status));
    }
    const checked = (await checkedCodes('member', m.loginId)) - before;
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    return { checked, refused: count - checked, statuses };
  }

  it(
    'one challenge takes at most 5 codes: then it is void and the password step starts over',
    async () => {
      const m = await enrolledMember(t);
      const challenge = (await memberChallenge(m))!;
      const wrong = await wrongCode(m.secret);
      const answers: string[] = [];
      // From 12 addresses one after another, so no address is slowed: only the challenge's own count holds.
      for (let i = 0; i < 12; i++) {
        const res = await memberCode(challenge, wrong, `192.0.2.${10 + i}`);
        answers.push(`${res.status} ${res.body.message}`);
      }
      // The app's current code (never reaches the check, so the helper's next code stays unused).
      const right = await memberCode(challenge, await currentCode(m.secret));
      const checked = await checkedCodes('member', m.loginId);
      process.stdout.write(
        `one challenge, 12 wrong codes then the right one: ${checked} checked; answers ${JSON.stringify(answers)}; right code ${right.status} ${right.body.message}\n`,
      );
      expect(checked).toBe(L.CHALLENGE_TRIES);
      expect(answers.slice(0, L.CHALLENGE_TRIES - 1)).toEqual(Array(L.CHALLENGE_TRIES - 1).fill(`401 ${M.codeWrong}`));
      expect(answers.slice(L.CHALLENGE_TRIES)).toEqual(Array(12 - L.CHALLENGE_TRIES).fill(`401 ${M.challengeVoid}`));
      expect(answers[L.CHALLENGE_TRIES - 1]).toBe(`401 ${M.challengeVoid}`);
      expect(right.status).toBe(401);
      expect(right.body).toMatchObject({ code: 'SECOND_FACTOR_CHALLENGE_VOID', message: M.challengeVoid });
      // The password step starts over and the right code passes.
      const fresh = (await memberChallenge(m))!;
      await memberCode(fresh, await totpCode(m.secret)).expect(200);
    },
    LONG,
  );

  it(
    'a challenge and its code open one session; the same code is refused with a new challenge (replay)',
    async () => {
      const m = await enrolledMember(t);
      const sessionsBefore = await sessionCount('member', m.id);
      const code = await totpCode(m.secret);
      const challenge = (await memberChallenge(m))!;
      const same = [];
      for (let i = 0; i < 3; i++) same.push(await memberCode(challenge, code));
      const again = (await memberChallenge(m))!;
      const replay = await memberCode(again, code);
      const opened = (await sessionCount('member', m.id)) - sessionsBefore;
      process.stdout.write(
        `member: the same challenge + code 3 times: ${same.map((r) => r.status).join(', ')}; ` +
          `the same code with a new challenge: ${replay.status} ${replay.body.message}; sessions opened: ${opened}\n`,
      );
      expect(same.map((r) => r.status)).toEqual([200, 401, 401]);
      expect(same[1]!.body.message).toBe(M.challengeGone);
      expect(replay.status).toBe(401);
      expect(replay.body).toMatchObject({ code: 'SECOND_FACTOR_CODE_USED', message: M.codeUsed });
      expect(opened).toBe(1);
      // The next step's code (the app's next one) passes with that challenge.
      await memberCode(again, await totpCode(m.secret)).expect(200);

      // The owner's console login: the same.
      const owner = await t.http
        .post('/api/admin/auth/login')
        .set('X-Forwarded-For', '192.0.2.200')
        .send(TEST_OPERATOR)
        .expect(200);
      const ownerCode = await totpCode(TEST_OPERATOR_TOTP_SECRET);
      const ownerSessions = await sessionCount('operator', 1);
      const console3 = [];
      for (let i = 0; i < 3; i++)
        console3.push(
          await t.http
            .post('/api/admin/auth/totp/login')
            .set('X-Forwarded-For', '192.0.2.200')
            .send({ challengeToken: owner.body.challengeToken, code: ownerCode }),
        );
      process.stdout.write(
        `owner: the same challenge + code 3 times: ${console3.map((r) => r.status).join(', ')}; sessions opened: ${(await sessionCount('operator', 1)) - ownerSessions}\n`,
      );
      expect(console3.map((r) => r.status)).toEqual([200, 401, 401]);
      expect((await sessionCount('operator', 1)) - ownerSessions).toBe(1);
    },
    LONG,
  );

  it(
    '300 wrong codes from one address and from one IPv6 /64: the /64 counts as one address',
    async () => {
      const one = await enrolledMember(t);
      const oneChallenges = (
        await Promise.all(Array.from({ length: 8 }, () => memberChallenge(one, clientIp())))
      ).filter((c): c is string => !!c);
      const fromOne = await guess(one, 300, oneChallenges, () => '203.0.113.77');
      process.stdout.write(`300 wrong codes from 1 address: ${fromOne.checked} checked, ${fromOne.refused} refused\n`);
      // A few more may come through as the pair's 1 s, 2 s ... waits pass during the burst.
      expect(fromOne.checked).toBeLessThanOrEqual(LOGIN_THROTTLE.FREE_FAILURES + 3);

      const six = await enrolledMember(t);
      const net = (i: number) => `2001:db8:36:64:${(i >> 8).toString(16)}:${(i & 255).toString(16)}:0:1`;
      // The challenges come from the /64 too (each password step is a try of the same address).
      const sixChallenges = (
        await Promise.all(Array.from({ length: 8 }, (_, i) => memberChallenge(six, net(1000 + i))))
      ).filter((c): c is string => !!c);
      const fromNet = await guess(six, 300, sixChallenges, net);
      process.stdout.write(
        `300 wrong codes from one /64 (300 addresses, ${sixChallenges.length} challenges): ${fromNet.checked} checked, ${fromNet.refused} refused\n`,
      );
      expect(fromNet.checked).toBeLessThanOrEqual(LOGIN_THROTTLE.FREE_FAILURES + 3);
      // The holder elsewhere still gets in.
      t.app.get(Clock).travel(5_000);
      const fresh = (await memberChallenge(six, '192.0.2.251'))!;
      await memberCode(fresh, await totpCode(six.secret), '192.0.2.251').expect(200);
    },
    LONG,
  );

  it(
    '300 wrong codes from 8 addresses: the account locks after 20, the member is mailed, the right code waits for the lock',
    async () => {
      const m = await enrolledMember(t);
      const addresses = Array.from({ length: 8 }, (_, i) => `203.0.113.${100 + i}`);
      const challenges = await Promise.all(addresses.map((ip) => memberChallenge(m, ip)));
      const spread = await guess(m, 300, challenges as string[], (i) => addresses[i % 8]!);
      process.stdout.write(`300 wrong codes from 8 addresses: ${spread.checked} checked, ${spread.refused} refused\n`);
      expect(spread.checked).toBeLessThanOrEqual(L.ACCOUNT_CEILING);
      // The right code from a fresh address, with a fresh challenge: locked, 429 with the wait.
      t.app.get(Clock).travel(5_000);
      const fresh = (await memberChallenge(m, '192.0.2.252'))!;
      const locked = await memberCode(fresh, await currentCode(m.secret), '192.0.2.252');
      process.stdout.write(`the right code after the lock: ${locked.status} ${locked.body.message}\n`);
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('SECOND_FACTOR_LOCKED');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      const mails = await sql<{ subject: string }>(
        t,
        "select payload->>'subject' as subject from delivery where recipient = ? and event = 'identity.second-factor-locked'",
        [`${m.loginId}@example.com`],
      );
      expect(mails).toHaveLength(1);
      // After the lock the holder's right code passes.
      t.app.get(Clock).travel(L.LOCK_MS + 1_000);
      const later = (await memberChallenge(m, '192.0.2.253'))!;
      await memberCode(later, await totpCode(m.secret), '192.0.2.253').expect(200);
    },
    LONG,
  );

  it(
    'an operator locked by wrong codes raises an operator alert',
    async () => {
      const support = await operatorWithRole(t, 'SUPPORT');
      const password = `${support.loginId}-password`;
      const enrolment = await t.http.post('/api/admin/auth/totp/enrol').set('Authorization', support.auth).expect(200);
      const secret = enrolment.body.secret as string;
      await t.http
        .post('/api/admin/auth/totp/confirm')
        .set('Authorization', support.auth)
        .send({ code: await totpCode(secret) })
        .expect(200);
      const wrong = await wrongCode(secret);
      const statuses: number[] = [];
      // Five addresses, each a password step and four wrong codes (its pair's free tries): 20 wrong codes.
      for (let a = 0; a < 6; a++) {
        const ip = `198.51.100.${20 + a}`;
        const first = await t.http
          .post('/api/admin/auth/login')
          .set('X-Forwarded-For', ip)
          .send({ id: support.loginId, password })
          .expect(200);
        for (let k = 0; k < 4; k++) {
          const res = await t.http
            .post('/api/admin/auth/totp/login')
            .set('X-Forwarded-For', ip)
            .send({ challengeToken: first.body.challengeToken, code: wrong });
          statuses.push(res.status);
        }
      }
      const checked = await checkedCodes('operator', support.loginId);
      process.stdout.write(`operator: 24 wrong codes from 6 addresses: ${checked} checked; ${statuses.join(',')}\n`);
      expect(checked).toBe(L.ACCOUNT_CEILING);
      expect(statuses.slice(L.ACCOUNT_CEILING)).toEqual([429, 429, 429, 429]);
      const alerts = await sql<{ kind: string; text: string }>(
        t,
        "select kind, text from operator_alert where kind = 'LOGIN_SECURITY'",
      );
      expect(alerts).toHaveLength(1);
      expect(alerts[0]!.text).toContain(support.loginId);
    },
    LONG,
  );
});
