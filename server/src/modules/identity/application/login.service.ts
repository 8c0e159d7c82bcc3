import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  secondFactorRequired,
  type LoginInput,
  type SecondFactorChallenge,
  type SecondFactorConfirmed,
  type SecondFactorEnrolment,
  type SecondFactorLogin,
} from '../../../contracts/index.js';
import { Clock, DomainError } from '../../../shared/index.js';
import { LoginAttemptResult } from '../domain/login-attempt.entity.js';
import { Member } from '../domain/member.entity.js';
import { Operator } from '../domain/operator.entity.js';
import { LOGIN_THROTTLE, LoginThrottle, type LoginKind } from './login-throttle.js';
import { PasswordHasher } from './password-hasher.js';
import { Messenger } from './ports.js';
import { RateLimiter } from './rate-limiter.js';
import { SecondFactorService } from './second-factor.service.js';
import { Sessions, type LoginContext, type TokenPair } from './sessions.js';

@Injectable()
export class LoginService {
  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly throttle: LoginThrottle,
    private readonly messenger: Messenger,
    private readonly factors: SecondFactorService,
  ) {}

  /**
   * 404 with one message whether the id or the password is wrong (docs/product.md §8), and for a suspended or
   * withdrawn member. Attempts are limited per IP (a window across accounts) and slowed per (id, IP)
   * after failures (LoginThrottle, 429 with Retry-After); every attempt is recorded.
   */
  async member(input: LoginInput, context: LoginContext): Promise<TokenPair | SecondFactorChallenge> {
    const { ip } = context;
    const { accountTries } = await this.gate('member', input.id, ip);
    const member = await this.em.fork().findOne(Member, { loginId: input.id });
    if (accountTries === LOGIN_THROTTLE.ACCOUNT_CEILING && member?.email) await this.warnOwner(member.id, member.email);
    const ok = await this.hasher.verify(member?.passwordHash, input.password);
    const succeeded = !!member && ok && member.canLogIn;
    if (!succeeded) {
      await this.throttle.record('member', input.id, ip, LoginAttemptResult.FAILED);
      throw new DomainError('LOGIN_FAILED');
    }
    // With a second factor the try stays counted until the code passes, so a known password buys no free codes.
    if (await this.factors.isEnabled('member', member.id)) {
      await this.throttle.record('member', input.id, ip, LoginAttemptResult.CODE_REQUIRED);
      return this.factors.challenge('member', member.id, input.id, 'code');
    }
    await this.throttle.succeeded('member', input.id, ip);
    await this.throttle.record('member', input.id, ip, LoginAttemptResult.SUCCEEDED);
    return this.sessions.open('member', member.id, context, member.sessionVersion);
  }

  /** A member's code step after the password (or a social login) asked for it. */
  async memberCode(input: SecondFactorLogin, context: LoginContext): Promise<TokenPair> {
    const challenge = this.factors.readChallenge('member', input.challengeToken, 'code');
    const member = await this.em.fork().findOne(Member, challenge.subjectId);
    if (!member?.canLogIn) throw new DomainError('LOGIN_FAILED');
    await this.factors.pass('member', member.id, challenge, input.code, context.ip);
    return this.sessions.open('member', member.id, context, member.sessionVersion);
  }

  /**
   * An operator with a second factor gets the code step; one whose role requires it (OWNER, ACCOUNTANT) and
   * has none gets the enrolment step: no session until the factor is on.
   */
  async operator(input: LoginInput, context: LoginContext): Promise<TokenPair | SecondFactorChallenge> {
    const { ip } = context;
    await this.gate('operator', input.id, ip);
    const operator = await this.em.fork().findOne(Operator, { loginId: input.id });
    // A disabled account's password is still verified, so its answer takes as long as any other refusal.
    const ok = (await this.hasher.verify(operator?.passwordHash, input.password)) && !operator?.disabledAt;
    if (!operator || !ok) {
      await this.throttle.record('operator', input.id, ip, LoginAttemptResult.FAILED);
      throw new DomainError('LOGIN_FAILED');
    }
    const step = (await this.factors.isEnabled('operator', operator.id))
      ? 'code'
      : secondFactorRequired(operator.role)
        ? 'enrol'
        : null;
    if (step) {
      await this.throttle.record('operator', input.id, ip, LoginAttemptResult.CODE_REQUIRED);
      return this.factors.challenge('operator', operator.id, input.id, step);
    }
    await this.throttle.succeeded('operator', input.id, ip);
    await this.throttle.record('operator', input.id, ip, LoginAttemptResult.SUCCEEDED);
    return this.operatorSession(operator.id, context);
  }

  /** An operator's code step. */
  async operatorCode(input: SecondFactorLogin, context: LoginContext): Promise<TokenPair> {
    const challenge = this.factors.readChallenge('operator', input.challengeToken, 'code');
    await this.activeOperator(challenge.subjectId);
    await this.factors.pass('operator', challenge.subjectId, challenge, input.code, context.ip);
    return this.operatorSession(challenge.subjectId, context);
  }

  /** The enrolment step an OWNER or ACCOUNTANT without a factor is sent into: the secret and its QR. */
  async operatorEnrol(challengeToken: string): Promise<SecondFactorEnrolment> {
    const { subjectId, challengeId } = this.factors.readChallenge('operator', challengeToken, 'enrol');
    await this.factors.ensureOpen(challengeId);
    const operator = await this.activeOperator(subjectId);
    return this.factors.begin('operator', subjectId, operator.loginId);
  }

  /** The app's first code turns the factor on and opens the console session, with the recovery codes shown once. */
  async operatorConfirm(input: SecondFactorLogin, context: LoginContext): Promise<TokenPair & SecondFactorConfirmed> {
    const { subjectId, loginId, challengeId } = this.factors.readChallenge('operator', input.challengeToken, 'enrol');
    await this.activeOperator(subjectId);
    const confirmed = await this.factors.confirm('operator', subjectId, loginId, input.code, context.ip, challengeId);
    return { ...(await this.operatorSession(subjectId, context)), ...confirmed };
  }

  private async activeOperator(id: number): Promise<Operator> {
    const operator = await this.em.fork().findOne(Operator, id);
    if (!operator || operator.disabledAt) throw new DomainError('LOGIN_FAILED');
    return operator;
  }

  private async operatorSession(id: number, context: LoginContext): Promise<TokenPair> {
    await this.em.fork().nativeUpdate(Operator, id, { lastLoginAt: this.clock.now() });
    return this.sessions.open('operator', id, context);
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
  private async warnOwner(memberId: number, email: string): Promise<void> {
    // Sent by the delivery job (with its retries); a failure to write it must not fail the login.
    await this.messenger
      .write(this.em.fork(), {
        channel: 'EMAIL',
        event: 'identity.login-warning',
        to: email,
        memberId,
        subject: '[알림] 로그인 시도가 많습니다',
        text:
          `최근 1시간 동안 회원님의 계정으로 ${LOGIN_THROTTLE.ACCOUNT_CEILING}회 이상의 로그인 시도가 있었습니다. ` +
          '본인이 아니라면 비밀번호를 변경하고 계정 설정에서 로그인된 기기를 확인해 주세요.',
      })
      .catch(() => undefined);
  }
}
