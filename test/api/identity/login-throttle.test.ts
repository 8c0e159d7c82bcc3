import type { FastifyInstance } from 'fastify';
import { Clock } from '../../../server/src/shared/index.js';
import { LOGIN_THROTTLE } from '../../../server/src/modules/identity/index.js';
import { startTestApp, TEST_OPERATOR, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { sql } from '../../support/identity.js';
import { TEST_OPERATOR_TOTP_SECRET, totpCode } from '../../support/second-factor.js';

const SLOWED = /^로그인 시도가 너무 많습니다\. \d+(초|분) 후 다시 시도해 주세요\.$/;

describe('login throttle: per account and address, growing delays, the owner never locked out', () => {
  let t: TestApp;
  let fastify: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp();
    fastify = t.app.getHttpAdapter().getInstance() as FastifyInstance;
  });
  afterAll(() => t.close());

  /** A login from `remoteAddress` (the socket: no proxy header). */
  const login = (path: string, remoteAddress: string, id: string, password: string) =>
    fastify.inject({ method: 'POST', url: path, remoteAddress, payload: { id, password } });

  it("slows one address's repeated failures with 429, a Korean reason and Retry-After, growing; the right password elsewhere works", async () => {
    const m = await createMember(t);
    const attacker = '198.51.100.200';
    const clock = t.app.get(Clock);
    const waits: number[] = [];
    let failures = 0;
    while (failures < 10) {
      const res = await login('/api/auth/login', attacker, m.loginId, 'wrong-password');
      if (res.statusCode === 404) {
        failures++;
        continue;
      }
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(SLOWED);
      const wait = Number(res.headers['retry-after']);
      waits.push(wait);
      clock.travel(wait * 1000);
    }
    // The right password from the failing address waits too ...
    const held = await login('/api/auth/login', attacker, m.loginId, m.password);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ statusCode: 429, message: expect.stringMatching(SLOWED) });
    const retryAfter = Number(held.headers['retry-after']);
    process.stdout.write(
      `login throttle: waits after failures 6..10: ${waits.join(', ')} s; after 10 failures: Retry-After ${retryAfter} s\n`,
    );
    // ... growing: each wait at least the one before, and the last longer than the first.
    expect(waits.length).toBeGreaterThanOrEqual(4);
    expect(waits.every((w, i) => i === 0 || w >= waits[i - 1]!)).toBe(true);
    expect(retryAfter).toBeGreaterThan(waits[0]!);
    // ... but not from an address that has not failed.
    expect((await login('/api/auth/login', '192.0.2.50', m.loginId, m.password)).statusCode).toBe(200);
    // Once the wait is over the owner gets in from there as well, and the success clears the address's record.
    clock.travel(retryAfter * 1000);
    expect((await login('/api/auth/login', attacker, m.loginId, m.password)).statusCode).toBe(200);
    expect((await login('/api/auth/login', attacker, m.loginId, 'wrong-password')).statusCode).toBe(404);
  });

  it.each([
    ['member', '/api/auth/login'],
    ['operator', '/api/admin/auth/login'],
  ])(
    "1,000 wrong tries from 20 other addresses do not stop the %s's correct login",
    async (kind, path) => {
      const account =
        kind === 'member' ? await createMember(t) : { loginId: TEST_OPERATOR.id, password: TEST_OPERATOR.password };
      const prefix = kind === 'member' ? '100.64.0.' : '100.65.0.';
      const addresses = Array.from({ length: 20 }, (_, i) => `${prefix}${i + 1}`);
      const statuses = new Map<number, number>();
      // 50 rounds; in each, every address tries once (in parallel across addresses, one after another per address).
      for (let round = 0; round < 50; round++) {
        const answers = await Promise.all(addresses.map((ip) => login(path, ip, account.loginId, `wrong-${round}`)));
        for (const res of answers) statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      }
      let owner = await login(path, '192.0.2.77', account.loginId, account.password);
      // The operator's right password leads to the code step (TOTP is required for the owner); under the
      // account's ceiling that step is slowed like a password, never refused for good: wait as told, then retry.
      const challengeToken = owner.statusCode === 200 ? (owner.json().challengeToken as string | undefined) : undefined;
      for (let attempt = 0; challengeToken && attempt < 4; attempt++) {
        owner = await fastify.inject({
          method: 'POST',
          url: '/api/admin/auth/totp/login',
          remoteAddress: '192.0.2.77',
          payload: { challengeToken, code: await totpCode(TEST_OPERATOR_TOTP_SECRET) },
        });
        if (owner.statusCode !== 429) break;
        await new Promise((r) => setTimeout(r, 1000 * Number(owner.json().retryAfterSeconds ?? 1)));
      }
      const [recorded] = await sql<{ n: string }>(
        t,
        `select count(*) as n from login_attempt where kind = ? and login_id = ? and ip like ?`,
        [kind, account.loginId.toLowerCase(), `${prefix}%`],
      );
      process.stdout.write(
        `login throttle (${kind}): 1000 wrong tries from 20 addresses: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}; recorded ${recorded!.n}; owner from a clean address: ${owner.statusCode}\n`,
      );
      expect(owner.statusCode).toBe(200);
      expect(owner.json().accessToken).toEqual(expect.any(String));
      expect([...statuses.keys()].every((s) => s === 404 || s === 429)).toBe(true);
      expect((statuses.get(404) ?? 0) + (statuses.get(429) ?? 0)).toBe(1000);
      // The account's ceiling went through (past it every address waits after one failure).
      expect(statuses.get(404)).toBeGreaterThanOrEqual(LOGIN_THROTTLE.ACCOUNT_CEILING);
      expect(Number(recorded!.n)).toBe(1000);
    },
    300_000,
  );

  it('lists the attempts to operators, read-only', async () => {
    const admin = `Bearer ${await t.operatorToken()}`;
    const res = await t.http
      .get('/api/admin/login-attempts')
      .query({
        filter: JSON.stringify({ kind: 'operator', result: 'FAILED' }),
        sort: JSON.stringify(['id', 'DESC']),
        range: JSON.stringify([0, 9]),
      })
      .set('Authorization', admin)
      .expect(200);
    expect(res.headers['content-range']).toMatch(/^login-attempts 0-9\/\d+$/);
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      kind: 'operator',
      loginId: TEST_OPERATOR.id,
      ip: expect.stringMatching(/^100\.65\.0\.\d+$/),
      result: 'FAILED',
      createdAt: expect.any(String),
    });
    await t.http.get('/api/admin/login-attempts').expect(401);
    for (const method of ['post', 'put', 'delete'] as const)
      expect((await t.http[method]('/api/admin/login-attempts/1').set('Authorization', admin)).status).toBe(404);
  });
});
