import { Clock } from '../../../server/src/shared/index.js';
import { RATE_LIMITS } from '../../../server/src/modules/identity/index.js';
import { IDENTITY_MESSAGES as M } from '../../../server/src/contracts/index.js';
import { startReplica, startTestApp, type TestApp } from '../../support/test-app.js';
import { clientIp, createMember } from '../../support/members.js';
import { setSettings, sql } from '../../support/identity.js';

const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((r) => r.ip.windowSeconds)) * 1000;
const TOO_MANY = { statusCode: 429, code: 'RATE_LIMITED', message: M.tooManyRequests };

describe('rate limits (per IP and per account, buckets in PostgreSQL)', () => {
  let t: TestApp;
  let replica: TestApp;
  /**
   * Moves every server's clock a longest window on (every bucket an earlier test used is full again) and holds
   * it there: a bucket refills evenly (one login every 20 s), and a loaded machine may take that long for a test.
   */
  const freshBuckets = () => {
    for (const app of [t, replica]) {
      const clock = app.app.get(Clock);
      clock.travel(LONGEST_WINDOW_MS);
      clock.freeze();
    }
  };
  const from = (app: TestApp, ip: string) => (path: string, body: object) =>
    app.http.post(path).set('X-Forwarded-For', ip).send(body);

  beforeAll(async () => {
    t = await startTestApp();
    replica = await startReplica(t);
    await setSettings(t, { ENABLE_EMAIL_VERIFY: true });
  });
  afterAll(async () => {
    await replica.close();
    await t.close();
  });
  beforeEach(freshBuckets);

  // Logins have no per-account window (it locked owners out): login-throttle.test.ts covers the per-(account, address) delays.

  it('limits logins per IP across accounts', async () => {
    const ip = '203.0.113.7';
    const m = await createMember(t);
    const limit = RATE_LIMITS.login.ip.limit;
    for (let i = 0; i < limit; i++)
      await from(i % 2 ? replica : t, ip)('/api/auth/login', { id: `nobody${i}`, password: 'x' }).expect(404);
    expect((await from(t, ip)('/api/auth/login', { id: m.loginId, password: m.password }).expect(429)).body).toEqual(
      TOO_MANY,
    );
    // The operator login shares the IP's budget.
    await from(replica, ip)('/api/admin/auth/login', { id: 'operator', password: 'operator-password' }).expect(429);
    await from(t, clientIp())('/api/auth/login', { id: m.loginId, password: m.password }).expect(200);
    // 31 password checks: beside another suite's 2,000 login tries on a loaded machine they outlast 30 s.
  }, 90_000);

  it('does not count malformed requests', async () => {
    const ip = '203.0.113.8';
    for (let i = 0; i < 40; i++) await from(t, ip)('/api/auth/login', { id: 'has space', password: 'x' }).expect(400);
    expect(await sql(t, 'select 1 from rate_bucket where key = ?', [`login:ip:${ip}`])).toHaveLength(0);
  });

  it.each([
    [
      '/api/auth/send-email',
      'sendCode',
      (n: number) => ({ email: `code${n}@example.com` }),
      { email: 'same-code@example.com' },
    ],
    [
      '/api/auth/send-phone-number',
      'sendCode',
      (n: number) => ({ phoneNumber: `010${String(n).padStart(8, '0')}` }),
      { phoneNumber: '01098765432' },
    ],
    [
      '/api/service/find-id',
      'findId',
      (n: number) => ({ email: `find${n}@example.com` }),
      { email: 'same-find@example.com' },
    ],
    [
      '/api/service/find-password',
      'findPassword',
      (n: number) => ({ email: `reset${n}@example.com` }),
      { email: 'same-reset@example.com' },
    ],
  ] as const)('limits %s per IP and per account', async (path, action, distinct, same) => {
    const rules = RATE_LIMITS[action];
    const ip = `198.51.100.${path.length}`;
    for (let i = 0; i < rules.ip.limit; i++)
      expect((await from(i % 2 ? replica : t, ip)(path, distinct(i))).status).toBeLessThan(429);
    expect((await from(t, ip)(path, distinct(999)).expect(429)).body).toEqual(TOO_MANY);

    for (let i = 0; i < rules.account.limit; i++)
      expect((await from(i % 2 ? replica : t, clientIp())(path, same)).status).toBeLessThan(429);
    expect((await from(replica, clientIp())(path, same).expect(429)).body).toEqual(TOO_MANY);
  });
});
