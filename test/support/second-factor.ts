import { generate } from 'otplib';
import type supertest from 'supertest';

/** The bootstrap owner's TOTP secret in tests (ADMIN_TOTP_SECRET): the owner starts enrolled, codes come from otplib. */
export const TEST_OPERATOR_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Secrets of the operators and members a test enrolled, by login id (each suite's database is its own). */
const secrets = new Map<string, string>([['operator', TEST_OPERATOR_TOTP_SECRET]]);

export const rememberSecret = (loginId: string, secret: string) => secrets.set(loginId.toLowerCase(), secret);
export const secretOf = (loginId: string) => secrets.get(loginId.toLowerCase());

/** TOTP's period in seconds. */
const PERIOD = 30;
/** The last time step handed out per secret: the server takes each step once (replay), so none is handed out twice. */
const handedOut = new Map<string, number>();

/**
 * A code of a secret the server has not seen yet, as a person would wait for the app's next one. The server
 * takes the step before now, now and the next, each once and in order, so three logins of one account pass in
 * 30 s before the wall clock is waited for (the step before is skipped in a step's last 2 s: it may have
 * passed out of reach by the time the request arrives).
 */
export async function totpCode(secret: string): Promise<string> {
  const seconds = Date.now() / 1000;
  const now = Math.floor(seconds / PERIOD);
  const earliest = seconds % PERIOD < PERIOD - 2 ? now - 1 : now;
  const step = Math.max(earliest, (handedOut.get(secret) ?? -1) + 1);
  if (step > now + 1) await new Promise((r) => setTimeout(r, (step - 1) * PERIOD * 1000 - Date.now() + 100));
  handedOut.set(secret, step);
  return generate({ secret, epoch: step * PERIOD });
}

/** The app's code now (or `stepsFromNow` steps away), not marked handed out: for a code the server will not check. */
export const currentCode = (secret: string, stepsFromNow = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsFromNow * PERIOD });

/** A 6-digit code that is not the secret's code now nor either side of now (a wrong guess). */
export async function wrongCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const near = await Promise.all([-PERIOD, 0, PERIOD].map((d) => generate({ secret, epoch: now + d })));
  return ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c))!;
}

export interface LoggedIn {
  accessToken: string;
  refreshToken: string;
  recoveryCodes?: string[];
}

/**
 * An operator's whole login as the console does it: the password, then the code step (a known secret), or,
 * for an OWNER/ACCOUNTANT without a factor, the enrolment (its secret remembered for later logins).
 */
export async function logInOperator(
  http: supertest.Agent | ReturnType<typeof supertest>,
  credentials: { id: string; password: string },
  headers: Record<string, string> = {},
): Promise<LoggedIn> {
  const post = (path: string, body: object) => {
    let request = http.post(path);
    for (const [k, v] of Object.entries(headers)) request = request.set(k, v);
    return request.send(body);
  };
  const first = await post('/api/admin/auth/login', credentials);
  if (first.status !== 200) throw new Error(`operator login ${first.status}: ${JSON.stringify(first.body)}`);
  const body = first.body as { accessToken?: string; twoFactor?: 'code' | 'enrol'; challengeToken?: string };
  if (body.accessToken) return first.body as LoggedIn;
  const { challengeToken } = body;
  if (body.twoFactor === 'enrol') {
    const enrolment = await post('/api/admin/auth/totp/login/enrol', { challengeToken });
    if (enrolment.status !== 200) throw new Error(`enrol ${enrolment.status}: ${JSON.stringify(enrolment.body)}`);
    const secret = enrolment.body.secret as string;
    rememberSecret(credentials.id, secret);
    const confirmed = await post('/api/admin/auth/totp/login/confirm', {
      challengeToken,
      code: await totpCode(secret),
    });
    if (confirmed.status !== 200) throw new Error(`confirm ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
    return confirmed.body as LoggedIn;
  }
  const secret = secretOf(credentials.id);
  if (!secret) throw new Error(`no known TOTP secret for ${credentials.id}`);
  // The code step is throttled like a password: a 429 says how long to wait, as a person would.
  let done = await post('/api/admin/auth/totp/login', { challengeToken, code: await totpCode(secret) });
  for (let attempt = 0; done.status === 429 && attempt < 3; attempt++) {
    await new Promise((r) => setTimeout(r, 1000 * Number(done.body?.retryAfterSeconds ?? 1)));
    done = await post('/api/admin/auth/totp/login', { challengeToken, code: await totpCode(secret) });
  }
  if (done.status !== 200) throw new Error(`code step ${done.status}: ${JSON.stringify(done.body)}`);
  return done.body as LoggedIn;
}

/** The same login over fetch, for a server in a child process at `base` (known secret; no enrolment). */
export async function operatorTokenAt(base: string, credentials: { id: string; password: string }): Promise<string> {
  const post = async (path: string, body: object) =>
    (await (
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { accessToken?: string; challengeToken?: string };
  const first = await post('/api/admin/auth/login', credentials);
  if (first.accessToken) return first.accessToken;
  const secret = secretOf(credentials.id) ?? TEST_OPERATOR_TOTP_SECRET;
  const done = await post('/api/admin/auth/totp/login', {
    challengeToken: first.challengeToken,
    code: await totpCode(secret),
  });
  return done.accessToken as string;
}
