import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  Clock,
  DomainError,
  filterOneOf,
  filterString,
  findPage,
  type ListQuery,
  type Page,
  searchIn,
} from '../../../shared/index.js';
import { LoginAttempt, LoginAttemptResult } from '../domain/login-attempt.entity.js';
import { addressKey } from './address-key.js';

/**
 * Failed logins slow the source that made them: the pair (account, address; an IPv6 address by its /64) gets FREE_FAILURES tries, then
 * waits twice as long after each further failure (1 s, 2 s, 4 s ... at most MAX_DELAY_MS). A success clears
 * the pair's record; failures older than MEMORY_MS are forgotten. Past ACCOUNT_CEILING tries on one account
 * within ACCOUNT_WINDOW_MS from all addresses together, every address gets a single free try (then waits), and
 * the owner is mailed once. An address that has not failed still reaches the password check at once, so the
 * owner's right password from elsewhere is never held up. Each try is counted by one upsert BEFORE the
 * password is checked, so parallel tries cannot all read the same old count.
 */
export const LOGIN_THROTTLE = {
  FREE_FAILURES: 5,
  BASE_DELAY_MS: 1000,
  MAX_DELAY_MS: 15 * 60_000,
  MEMORY_MS: 24 * 3600_000,
  ACCOUNT_CEILING: 50,
  ACCOUNT_WINDOW_MS: 3600_000,
};

/** The account-wide row's address (no real address looks like it). */
const ALL_ADDRESSES = '*';

const LOGIN_KINDS = ['member', 'operator'] as const;
export type LoginKind = (typeof LOGIN_KINDS)[number];

/** How long the pair waits after its latest failure, given how many it has. */
export function delayAfter(failures: number): number {
  if (failures < LOGIN_THROTTLE.FREE_FAILURES) return 0;
  return Math.min(
    LOGIN_THROTTLE.MAX_DELAY_MS,
    LOGIN_THROTTLE.BASE_DELAY_MS * 2 ** (failures - LOGIN_THROTTLE.FREE_FAILURES),
  );
}

/** A 429 telling when to try again (Retry-After header and the Korean reason). */
export class TooManyLoginAttempts extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'LOGIN_THROTTLED',
      { wait: formatWait(retryAfterSeconds) },
      { details: { retryAfterSeconds }, headers: { 'Retry-After': String(retryAfterSeconds) } },
    );
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds}초`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes}분`;
}

/** Every member and operator login attempt, recorded (로그인 기록); the counters decide how long a failing source waits. */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts this try before the password is checked, in one statement that increments and returns the count
   * (refused when the pair must still wait: nothing counted, the refusal recorded, 429). Answers how many
   * tries the account has had in its window, from every address, this one included.
   */
  async claim(kind: LoginKind, loginId: string, ip: string): Promise<{ accountTries: number }> {
    const now = this.clock.now();
    const id = normalize(loginId);
    const address = addressKey(ip);
    const em = this.em.fork();
    const forgotten = new Date(now.getTime() - LOGIN_THROTTLE.MEMORY_MS);
    const windowStart = new Date(now.getTime() - LOGIN_THROTTLE.ACCOUNT_WINDOW_MS);
    const T = LOGIN_THROTTLE;
    // The free tries of this pair: FREE_FAILURES, or 1 while the account is past its ceiling.
    const free = `(case when coalesce((select a.failures from login_counter a where a.kind = ? and a.login_id = ? and a.ip = '${ALL_ADDRESSES}' and a.last_at > ?), 0) >= ${T.ACCOUNT_CEILING} then 1 else ${T.FREE_FAILURES} end)`;
    const claimed = await em.execute<{ failures: number }[]>(
      `insert into login_counter as c (kind, login_id, ip, failures, last_at) values (?, ?, ?, 1, ?)
       on conflict (kind, login_id, ip) do update set
         failures = case when c.last_at <= ? then 1 else c.failures + 1 end,
         last_at = excluded.last_at
       where c.last_at <= ? or c.failures < ${free}
          or c.last_at + make_interval(secs => least(${T.MAX_DELAY_MS}, ${T.BASE_DELAY_MS} * power(2, c.failures - ${free})) / 1000.0) <= excluded.last_at
       returning failures`,
      [kind, id, address, now, forgotten, forgotten, kind, id, windowStart, kind, id, windowStart],
    );
    if (claimed.length === 0) {
      const [row] = await em.execute<{ failures: number; last_at: Date; free: number }[]>(
        `select failures, last_at, ${free} as free from login_counter where kind = ? and login_id = ? and ip = ?`,
        [kind, id, windowStart, kind, id, address],
      );
      const waitMs = row
        ? new Date(row.last_at).getTime() +
          Math.min(T.MAX_DELAY_MS, T.BASE_DELAY_MS * 2 ** (row.failures - Number(row.free))) -
          now.getTime()
        : 1000;
      await this.record(kind, loginId, ip, LoginAttemptResult.THROTTLED);
      throw new TooManyLoginAttempts(Math.max(1, Math.ceil(waitMs / 1000)));
    }
    const [account] = await em.execute<{ failures: number }[]>(
      `insert into login_counter as c (kind, login_id, ip, failures, last_at) values (?, ?, '${ALL_ADDRESSES}', 1, ?)
       on conflict (kind, login_id, ip) do update set
         failures = case when c.last_at <= ? then 1 else c.failures + 1 end,
         last_at = case when c.last_at <= ? then excluded.last_at else c.last_at end
       returning failures`,
      [kind, id, now, windowStart, windowStart],
    );
    return { accountTries: Number(account?.failures ?? 1) };
  }

  /** A right password clears the pair's count (the account's window keeps its tries). */
  async succeeded(kind: LoginKind, loginId: string, ip: string): Promise<void> {
    await this.em
      .fork()
      .execute('delete from login_counter where kind = ? and login_id = ? and ip = ?', [
        kind,
        normalize(loginId),
        addressKey(ip),
      ]);
  }

  async record(kind: LoginKind, loginId: string, ip: string, result: LoginAttemptResult): Promise<void> {
    await this.em
      .fork()
      .persist(
        new LoginAttempt({
          kind,
          loginId: normalize(loginId),
          ip: ip.slice(0, 64),
          result,
          createdAt: this.clock.now(),
        }),
      )
      .flush();
  }

  page(query: ListQuery): Promise<Page<LoginAttempt>> {
    return findPage(this.em.fork(), LoginAttempt, 'login-attempts', query, {
      sortable: ['id', 'createdAt', 'loginId', 'ip', 'result', 'kind'],
      filters: {
        kind: (v) => ({ kind: filterOneOf(LOGIN_KINDS, v) }),
        result: (v) => ({ result: filterOneOf(Object.values(LoginAttemptResult), v) }),
        loginId: (v) => ({ loginId: normalize(filterString(v)) }),
        ip: (v) => ({ ip: filterString(v) }),
        q: searchIn('loginId', 'ip'),
      },
    });
  }

  /** Drops attempts recorded before `before` and counters untouched since (the cleanup job). */
  async prune(before: Date): Promise<number> {
    await this.em.fork().execute('delete from login_counter where last_at < ?', [before]);
    return this.em.fork().nativeDelete(LoginAttempt, { createdAt: { $lt: before } });
  }
}

const normalize = (loginId: string) => loginId.trim().toLowerCase().slice(0, 100);
