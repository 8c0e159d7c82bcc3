import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  Clock,
  filterOneOf,
  filterString,
  findPage,
  searchIn,
  type ListQuery,
  type Page,
} from '../../../shared/index.js';
import { LoginAttempt, LoginAttemptResult } from '../domain/login-attempt.entity.js';

/**
 * Failed logins slow the source that made them, for that account only: the pair (account, address)
 * gets FREE_FAILURES tries, then waits twice as long after each further failure (1 s, 2 s, 4 s ... at most
 * MAX_DELAY_MS). A success clears the pair's record; failures older than MEMORY_MS are forgotten. The
 * owner's right password from another address is never held up by them.
 */
export const LOGIN_THROTTLE = {
  FREE_FAILURES: 5,
  BASE_DELAY_MS: 1000,
  MAX_DELAY_MS: 15 * 60_000,
  MEMORY_MS: 24 * 3600_000,
};

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
export class TooManyLoginAttempts extends HttpException {
  readonly headers: Record<string, string>;

  constructor(readonly retryAfterSeconds: number) {
    super(
      {
        message: `로그인 시도가 너무 많습니다. ${formatWait(retryAfterSeconds)} 후 다시 시도해 주세요.`,
        retryAfterSeconds,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds}초`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes}분`;
}

/** Every member and operator login attempt, recorded; the record decides how long a failing source waits. */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** Throws TooManyLoginAttempts (and records it) while this address must still wait for this account. */
  async check(kind: LoginKind, loginId: string, ip: string): Promise<void> {
    const now = this.clock.now();
    const id = normalize(loginId);
    const [row] = await this.em.fork().execute<{ failures: number; last_failure: Date | null }[]>(
      `select count(*)::int as failures, max(created_at) as last_failure
         from login_attempt
        where kind = ? and login_id = ? and ip = ? and result = 'FAILED' and created_at > ?
          and created_at > coalesce((select max(created_at) from login_attempt
                                      where kind = ? and login_id = ? and ip = ? and result = 'SUCCEEDED'), '-infinity')`,
      [kind, id, ip, new Date(now.getTime() - LOGIN_THROTTLE.MEMORY_MS), kind, id, ip],
    );
    const failures = Number(row?.failures ?? 0);
    if (!row?.last_failure || failures < LOGIN_THROTTLE.FREE_FAILURES) return;
    const waitMs = new Date(row.last_failure).getTime() + delayAfter(failures) - now.getTime();
    if (waitMs <= 0) return;
    await this.record(kind, loginId, ip, LoginAttemptResult.THROTTLED);
    throw new TooManyLoginAttempts(Math.ceil(waitMs / 1000));
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

  /** Drops attempts recorded before `before` (the cleanup job). */
  prune(before: Date): Promise<number> {
    return this.em.fork().nativeDelete(LoginAttempt, { createdAt: { $lt: before } });
  }
}

const normalize = (loginId: string) => loginId.trim().toLowerCase().slice(0, 100);
