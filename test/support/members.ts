import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app.js';
import { PasswordHasher } from '../../server/src/modules/identity/index.js';
import { Member } from '../../server/src/modules/identity/entities.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { totpCode } from './second-factor.js';

export interface TestMember {
  id: number;
  loginId: string;
  password: string;
  token: string;
  /** The login session's refresh token (fixtures made elsewhere may have none). */
  refreshToken?: string;
}

let seq = 0;

/**
 * A client address of its own (198.18.0.0/15, the benchmarking range) for each fixture login, so a
 * suite that creates many members stays under the per-IP login limit, as distinct customers would.
 */
export function clientIp(n = ++seq): string {
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
}

/** A member made directly (fixture), then logged in through the real login endpoint. */
export async function createMember(
  t: TestApp,
  loginId = `m${process.env.JEST_WORKER_ID}x${++seq}x${randomBytes(3).toString('hex')}`,
): Promise<TestMember> {
  const password = 'password123';
  const em = t.app.get(MikroORM).em.fork();
  const member = new Member({
    loginId,
    passwordHash: await t.app.get(PasswordHasher).hash(password),
    email: `${loginId}@example.com`,
    phone: null,
    registerWhere: null,
    now: new Date(),
  });
  await em.persist(member).flush();
  const res = await t.http
    .post('/api/auth/login')
    .set('X-Forwarded-For', clientIp())
    .send({ id: loginId, password })
    .expect(200);
  return {
    id: member.id,
    loginId,
    password,
    token: res.body.accessToken as string,
    refreshToken: res.body.refreshToken as string,
  };
}

/** A member signed up through the real sign-up form with `referralCode`, then logged in. */
export async function registerReferred(t: TestApp, referralCode: string, loginId: string): Promise<TestMember> {
  const password = 'secret123';
  const signup = {
    id: loginId,
    password,
    email: `${loginId}@example.com`,
    registerWhere: '유튜브',
    phoneNumber: '',
    sendCode: '',
    referral: referralCode,
    emailCode: '',
    agreeTerms: true,
    agreePrivacy: true,
  };
  await t.http.post('/api/auth/register').set('X-Forwarded-For', clientIp()).send(signup).expect(201);
  const login = await t.http
    .post('/api/auth/login')
    .set('X-Forwarded-For', clientIp())
    .send({ id: loginId, password })
    .expect(200);
  const member = await t.app.get(MikroORM).em.fork().findOneOrFail(Member, { loginId });
  return { id: member.id, loginId, password, token: login.body.accessToken };
}

/** A member with TOTP on (enrolled and confirmed through the API): its secret and recovery codes. */
export async function enrolledMember(t: TestApp): Promise<TestMember & { secret: string; recoveryCodes: string[] }> {
  const m = await createMember(t);
  const enrolment = await t.http.post('/api/auth/totp/enrol').set('Authorization', `Bearer ${m.token}`).expect(200);
  const confirmed = await t.http
    .post('/api/auth/totp/confirm')
    .set('Authorization', `Bearer ${m.token}`)
    .send({ code: await totpCode(enrolment.body.secret) })
    .expect(200);
  return { ...m, secret: enrolment.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}
