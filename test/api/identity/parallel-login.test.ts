import { LOGIN_THROTTLE } from '../../../server/src/modules/identity/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { sql } from '../../support/identity.js';

/**
 * Wrong passwords in parallel: each try is counted by one upsert before argon2 runs, so parallel tries
 * cannot all read the same old count. "Reached argon2" is a FAILED row in login_attempt (only a try that
 * got past the throttle is checked and recorded FAILED; a refused one is THROTTLED). TRUST_PROXY is
 * `loopback` in the test app, so X-Forwarded-For sets each request's address.
 */
/**
 * The waits after the free tries double (1 s, 2 s, 4 s ...): while a burst lasts `ms`, at most this many more
 * tries per address can find their wait over (a bound from the rule, not a measured time).
 */
const extraWithin = (ms: number) => Math.ceil(Math.log2(ms / LOGIN_THROTTLE.BASE_DELAY_MS + 1)) + 1;

/** A burst under argon2 on a shared machine takes long: each test may take minutes. */
const LONG = 600_000;

describe('login limits under parallel load', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, LONG);
  afterAll(() => t.close());

  const wrong = (m: TestMember, ip: string, n: number) =>
    t.http
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ id: m.loginId, password: `wrong-${n}` });

  async function outcome(m: TestMember): Promise<Record<string, number>> {
    const rows = await sql<{ result: string; n: string }>(
      t,
      'select result, count(*) as n from login_attempt where kind = ? and login_id = ? group by result',
      ['member', m.loginId.toLowerCase()],
    );
    return Object.fromEntries(rows.map((r) => [r.result, Number(r.n)]));
  }

  it(
    '40 parallel wrong passwords from one address: only the free tries reach argon2',
    async () => {
      const m = await createMember(t);
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => wrong(m, '203.0.113.10', i)));
      const elapsed = Date.now() - started;
      const seen = await outcome(m);
      process.stdout.write(
        `parallel login: 40 parallel tries from 1 address: ${seen.FAILED ?? 0} reached argon2, ${seen.THROTTLED ?? 0} refused before it (burst ${elapsed} ms)\n`,
      );
      expect(answers.every((r) => r.status === 404 || r.status === 429)).toBe(true);
      expect((seen.FAILED ?? 0) + (seen.THROTTLED ?? 0)).toBe(40);
      // The free tries, and at most a few more as the 1 s, 2 s, 4 s ... waits run out while the burst lasts.
      expect(seen.FAILED).toBeGreaterThanOrEqual(LOGIN_THROTTLE.FREE_FAILURES);
      expect(seen.FAILED).toBeLessThanOrEqual(LOGIN_THROTTLE.FREE_FAILURES + extraWithin(elapsed));
    },
    LONG,
  );

  it(
    '240 parallel wrong passwords from 8 addresses: the free tries of each address, then the account ceiling',
    async () => {
      const m = await createMember(t);
      const addresses = Array.from({ length: 8 }, (_, i) => `203.0.113.${20 + i}`);
      const started = Date.now();
      const answers = await Promise.all(
        addresses.flatMap((ip, a) => Array.from({ length: 30 }, (_, i) => wrong(m, ip, a * 100 + i))),
      );
      const elapsed = Date.now() - started;
      const seen = await outcome(m);
      process.stdout.write(
        `parallel login: 240 parallel tries from 8 addresses: ${seen.FAILED ?? 0} reached argon2, ${seen.THROTTLED ?? 0} refused before it (burst ${elapsed} ms)\n`,
      );
      expect(answers.every((r) => r.status === 404 || r.status === 429)).toBe(true);
      expect((seen.FAILED ?? 0) + (seen.THROTTLED ?? 0)).toBe(240);
      expect(seen.FAILED).toBeLessThanOrEqual(8 * (LOGIN_THROTTLE.FREE_FAILURES + extraWithin(elapsed)));
    },
    LONG,
  );

  it(
    'past the account ceiling every address waits after one failure, and the owner is mailed once',
    async () => {
      const m = await createMember(t);
      // Sequential rounds from many addresses (no address reaches its own limit): the account's tries add up.
      const addresses = Array.from({ length: 26 }, (_, i) => `198.51.100.${100 + i}`);
      for (let round = 0; round < 2; round++) {
        await Promise.all(addresses.map((ip, a) => wrong(m, ip, round * 100 + a).expect(404)));
        t.app.get(Clock).travel(60_000);
      }
      const [tries] = await sql<{ failures: number }>(
        t,
        "select failures from login_counter where kind = 'member' and login_id = ? and ip = '*'",
        [m.loginId.toLowerCase()],
      );
      // 2 rounds × 26 addresses, and the fixture's own login.
      expect(tries!.failures).toBe(53);
      // Each of these addresses has failed twice: past the ceiling its next try waits (it would have had 3 more).
      await wrong(m, addresses[1]!, 998).expect(404);
      const held = await wrong(m, addresses[1]!, 999);
      expect(held.status).toBe(429);
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
      // A fresh address still gets one try at once: the owner is slowed, never locked out.
      await t.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', '192.0.2.200')
        .send({ id: m.loginId, password: m.password })
        .expect(200);
      const mails = await sql<{ subject: string }>(
        t,
        "select payload->>'subject' as subject from delivery where recipient = ? and event = 'identity.login-warning'",
        [`${m.loginId}@example.com`],
      );
      expect(mails).toHaveLength(1);
    },
    LONG,
  );

  it(
    'sign-up is limited per address, an IPv6 address by its /64',
    async () => {
      const signUp = (ip: string, n: number) =>
        t.http
          .post('/api/auth/register')
          .set('X-Forwarded-For', ip)
          .send({
            id: `limit${n}x${Date.now() % 100000}`,
            password: 'password123',
            email: `limit${n}x${Date.now()}@example.com`,
            // A complete form: an incomplete one is a 400 from validation, which never reaches the limiter.
            registerWhere: '유튜브',
            agreeTerms: true,
            agreePrivacy: true,
          });
      const v4 = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp('203.0.113.77', i)));
      const v4Refused = v4.filter((r) => r.status === 429).length;
      expect(v4Refused).toBe(3);
      // Eight addresses of one /64: one subscriber's network, one limit.
      const v6 = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(`2001:db8:1:2::${i + 1}`, 100 + i)));
      expect(v6.filter((r) => r.status === 429).length).toBe(3);
      expect(v6.find((r) => r.status === 429)!.body.message).toMatch(/[가-힣]/);
    },
    LONG,
  );
});
