import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES, type LoginInput } from '../../../contracts/index.js';
import { Clock } from '../../../shared/index.js';
import { LoginAttemptResult } from '../domain/login-attempt.entity.js';
import { Member } from '../domain/member.entity.js';
import { Operator } from '../domain/operator.entity.js';
import { LOGIN_THROTTLE, LoginThrottle, type LoginKind } from './login-throttle.js';
import { Messenger } from './messenger.js';
import { PasswordHasher } from './password-hasher.js';
import { RateLimiter } from './rate-limiter.js';
import { SessionService, type LoginContext, type TokenPair } from './sessions.js';

@Injectable()
export class LoginService {
  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly throttle: LoginThrottle,
    private readonly messenger: Messenger,
  ) {}

  /**
   * 404 with one message whether the id or the password is wrong (docs/product.md §8), and for a suspended or
   * withdrawn member. Attempts are limited per IP (a window across accounts) and slowed per (id, IP)
   * after failures (LoginThrottle, 429 with Retry-After); every attempt is recorded.
   */
  async member(input: LoginInput, context: LoginContext): Promise<TokenPair> {
    const { ip } = context;
    const { accountTries } = await this.gate('member', input.id, ip);
    const member = await this.em.fork().findOne(Member, { loginId: input.id });
    if (accountTries === LOGIN_THROTTLE.ACCOUNT_CEILING && member?.email) await this.warnOwner(member.email);
    const ok = await this.hasher.verify(member?.passwordHash, input.password);
    const succeeded = !!member && ok && member.canLogIn;
    if (succeeded) await this.throttle.succeeded('member', input.id, ip);
    await this.throttle.record(
      'member',
      input.id,
      ip,
      succeeded ? LoginAttemptResult.SUCCEEDED : LoginAttemptResult.FAILED,
    );
    if (!succeeded) throw new NotFoundException(MESSAGES.loginFailed);
    return this.sessions.open('member', member.id, context, member.sessionVersion);
  }

  async operator(input: LoginInput, context: LoginContext): Promise<TokenPair> {
    const { ip } = context;
    await this.gate('operator', input.id, ip);
    const em = this.em.fork();
    const operator = await em.findOne(Operator, { loginId: input.id });
    // A disabled account's password is still verified, so its answer takes as long as any other refusal.
    const ok = (await this.hasher.verify(operator?.passwordHash, input.password)) && !operator?.disabledAt;
    if (operator && ok) await this.throttle.succeeded('operator', input.id, ip);
    await this.throttle.record(
      'operator',
      input.id,
      ip,
      operator && ok ? LoginAttemptResult.SUCCEEDED : LoginAttemptResult.FAILED,
    );
    if (!operator || !ok) throw new NotFoundException(MESSAGES.loginFailed);
    operator.lastLoginAt = this.clock.now();
    await em.flush();
    return this.sessions.open('operator', operator.id, context);
  }

  /**
   * The address's window across accounts, then the (account, address) count, taken before the password is
   * checked; a refusal by either is recorded.
   */
  private async gate(kind: LoginKind, loginId: string, ip: string): Promise<{ accountTries: number }> {
    try {
      await this.limiter.hit('login', ip);
    } catch (error) {
      await this.throttle.record(kind, loginId, ip, LoginAttemptResult.THROTTLED);
      throw error;
    }
    return this.throttle.claim(kind, loginId, ip);
  }

  /** Once per window, when the account's tries from all addresses reach the ceiling: the owner is told. */
  private async warnOwner(email: string): Promise<void> {
    await this.messenger
      .email(
        email,
        '[알림] 로그인 시도가 많습니다',
        `최근 1시간 동안 회원님의 계정으로 ${LOGIN_THROTTLE.ACCOUNT_CEILING}회 이상의 로그인 시도가 있었습니다. ` +
          '본인이 아니라면 비밀번호를 변경하고 계정 설정에서 로그인된 기기를 확인해 주세요.',
      )
      .catch(() => undefined);
  }
}
