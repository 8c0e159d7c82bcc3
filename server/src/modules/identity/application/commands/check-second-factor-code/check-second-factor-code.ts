import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { verify } from 'otplib';
import {
  LoginAttemptResult,
  SECOND_FACTOR_LIMITS as L,
  secondFactorLockedMessage,
} from '../../../../../contracts/index.js';
import { Clock, DomainError, EventBus } from '../../../../../shared/index.js';
import { Member } from '../../../domain/member.entity.js';
import { Operator } from '../../../domain/operator.entity.js';
import type { SecondFactor } from '../../../domain/second-factor.entity.js';
import { LoginThrottle, type LoginKind } from '../../login-throttle.js';
import { Messenger } from '../../ports.js';
import { OperatorSecondFactorLocked } from '../../events.js';
import { IdentitySecrets } from '../../secrets.js';
import { hashRecovery } from '../../second-factor-codes.js';

/** One 30-second step either side: a phone's clock a little off still works. */
const EPOCH_TOLERANCE_SECONDS = 30;
/** TOTP's period: a code's time step is its period's start in seconds over this. */
const PERIOD_SECONDS = 30;

/** A 429 while the account's code step is locked (Retry-After and the Korean reason). */
export class SecondFactorLocked extends DomainError {
  constructor(retryAfterSeconds: number) {
    super('SECOND_FACTOR_LOCKED', secondFactorLockedMessage(retryAfterSeconds), {
      details: { retryAfterSeconds },
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  }
}

/** What `check` accepts: any code of the pending or the enabled secret, or only a current TOTP code. */
export type CheckMode = 'pending' | 'enabled' | 'totp';

/** One code guess, claimed before it is checked, and the lock (told to the holder) when the account reaches its ceiling. */
@Injectable()
export class CheckSecondFactorCode {
  private readonly logger = new Logger('SecondFactor');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly secrets: IdentitySecrets,
    private readonly throttle: LoginThrottle,
    private readonly messenger: Messenger,
    private readonly events: EventBus,
  ) {}

  /**
   * One code guess. Claimed before it is checked: a try of the login challenge (void after CHALLENGE_TRIES: 401
   * to start over), the (account, address) pair's (429 while it waits), and the account's count across every
   * address (429 while locked). Then a TOTP code is checked against the secret and its time step taken by one
   * conditional update (an older or the same step is refused: replay), or a recovery code used up by one
   * conditional update (a code sent twice at once passes once). Recorded either way; a success uses the
   * challenge up.
   */
  async check(
    kind: LoginKind,
    loginId: string,
    ip: string,
    factor: SecondFactor,
    code: string,
    mode: CheckMode,
    challengeId?: string,
  ): Promise<boolean> {
    const em = this.em.fork();
    const now = this.clock.now();
    if (challengeId !== undefined) await this.claimChallenge(em, challengeId, now);
    await this.throttle.claim(kind, loginId, ip);
    await this.claimAccount(em, factor.id, now);
    const sealed = mode === 'pending' ? factor.pendingSealed : factor.secretSealed;
    const secret = sealed ? this.secrets.secondFactors.open(sealed) : null;
    let ok = false;
    let replayed = false;
    if (secret && /^\d{6}$/.test(code)) {
      const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS });
      if (result.valid && 'epoch' in result) {
        const step = Math.floor(result.epoch / PERIOD_SECONDS);
        const taken = await em.execute<{ id: number }[]>(
          'update second_factor set last_step = ? where id = ? and (last_step is null or last_step < ?) returning id',
          [step, factor.id, step],
        );
        ok = taken.length > 0;
        replayed = !ok;
      }
    } else if (mode === 'enabled' && factor.enabled) {
      const used = await em.execute<{ id: number }[]>(
        'update recovery_code set used_at = ? where second_factor_id = ? and code_hash = ? and used_at is null returning id',
        [now, factor.id, hashRecovery(code)],
      );
      ok = used.length > 0;
    }
    // A right code gives its try back to the account; a challenge passes once.
    if (ok) {
      await em.execute('update second_factor set code_failures = greatest(code_failures - 1, 0) where id = ?', [
        factor.id,
      ]);
      if (challengeId !== undefined) {
        const used = await em.execute<{ id: string }[]>(
          'update second_factor_challenge set used_at = ? where id = ? and used_at is null returning id',
          [now, challengeId],
        );
        ok = used.length > 0;
      }
    } else {
      await this.lockIfOver(em, factor, now);
    }
    await this.throttle.record(
      kind,
      loginId,
      ip,
      ok ? LoginAttemptResult.CODE_SUCCEEDED : LoginAttemptResult.CODE_FAILED,
    );
    if (replayed)
      throw new DomainError(
        mode === 'pending' || !challengeId ? 'SECOND_FACTOR_SETUP_CODE_USED' : 'SECOND_FACTOR_CODE_USED',
      );
    if (!ok && challengeId !== undefined) {
      const [row] = await em.execute<{ tries: number }[]>('select tries from second_factor_challenge where id = ?', [
        challengeId,
      ]);
      if (!row || row.tries >= L.CHALLENGE_TRIES) throw new DomainError('SECOND_FACTOR_CHALLENGE_VOID');
    }
    return ok;
  }

  /** One try of the login challenge; 401 when it is used, expired or out of tries. */
  private async claimChallenge(em: EntityManager, id: string, now: Date): Promise<void> {
    const claimed = await em.execute<{ tries: number }[]>(
      `update second_factor_challenge set tries = tries + 1
        where id = ? and used_at is null and expires_at > ? and tries < ? returning tries`,
      [id, now, L.CHALLENGE_TRIES],
    );
    if (claimed.length > 0) return;
    const [row] = await em.execute<{ tries: number; used_at: Date | null }[]>(
      'select tries, used_at from second_factor_challenge where id = ?',
      [id],
    );
    throw new DomainError(
      row && !row.used_at && row.tries >= L.CHALLENGE_TRIES
        ? 'SECOND_FACTOR_CHALLENGE_VOID'
        : 'SECOND_FACTOR_CHALLENGE_GONE',
    );
  }

  /**
   * The account's try across every address, counted in its hour-long window before the code is checked: past
   * ACCOUNT_CEILING (or while locked) nothing is checked and the answer is 429.
   */
  private async claimAccount(em: EntityManager, factorId: number, now: Date): Promise<void> {
    const windowStart = new Date(now.getTime() - L.ACCOUNT_WINDOW_MS);
    const claimed = await em.execute<{ code_failures: number }[]>(
      `update second_factor set
         code_failures = case when code_failures_since is null or code_failures_since <= ? then 1 else code_failures + 1 end,
         code_failures_since = case when code_failures_since is null or code_failures_since <= ? then ? else code_failures_since end
       where id = ? and (code_locked_until is null or code_locked_until <= ?)
         and (code_failures_since is null or code_failures_since <= ? or code_failures < ?)
       returning code_failures`,
      [windowStart, windowStart, now, factorId, now, windowStart, L.ACCOUNT_CEILING],
    );
    if (claimed.length > 0) return;
    const [row] = await em.execute<{ code_locked_until: Date | null; code_failures_since: Date | null }[]>(
      'select code_locked_until, code_failures_since from second_factor where id = ?',
      [factorId],
    );
    const until = Math.max(
      row?.code_locked_until ? new Date(row.code_locked_until).getTime() : 0,
      row?.code_failures_since ? new Date(row.code_failures_since).getTime() + L.ACCOUNT_WINDOW_MS : 0,
    );
    throw new SecondFactorLocked(Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
  }

  /** The wrong code that brings the account to its ceiling locks the code step; the holder is told once. */
  private async lockIfOver(em: EntityManager, factor: SecondFactor, now: Date): Promise<void> {
    const until = new Date(now.getTime() + L.LOCK_MS);
    const locked = await em.execute<{ id: number }[]>(
      `update second_factor set code_locked_until = ?
        where id = ? and code_failures >= ? and (code_locked_until is null or code_locked_until <= ?) returning id`,
      [until, factor.id, L.ACCOUNT_CEILING, now],
    );
    if (locked.length > 0) await this.tellHolder(factor, until);
  }

  /** A member is mailed (when it has an address); an operator's lock is an operator alert (Telegram and the owner's mail). */
  private async tellHolder(factor: SecondFactor, until: Date): Promise<void> {
    const minutes = Math.round(L.LOCK_MS / 60_000);
    const what =
      `최근 1시간 동안 2단계 인증 코드가 ${L.ACCOUNT_CEILING}회 틀려 ${minutes}분 동안 코드 입력을 잠갔습니다. ` +
      '비밀번호가 알려졌을 수 있습니다.';
    try {
      if (factor.kind === 'member') {
        const member = await this.em.fork().findOne(Member, factor.subjectId);
        if (!member?.email) return;
        await this.messenger.write(this.em.fork(), {
          channel: 'EMAIL',
          event: 'identity.second-factor-locked',
          to: member.email,
          memberId: member.id,
          subject: '[알림] 2단계 인증 코드 입력이 잠겼습니다',
          text: `${what} 본인이 아니라면 비밀번호를 변경하고 계정 설정에서 로그인된 기기를 확인해 주세요.`,
        });
      } else {
        const operator = await this.em.fork().findOne(Operator, factor.subjectId);
        await this.events.publish(
          new OperatorSecondFactorLocked(
            `운영자 ${operator?.loginId ?? `#${factor.subjectId}`}: ${what} 본인 확인 후 비밀번호를 재설정해 주세요.`,
            `second-factor-locked:operator:${factor.subjectId}:${until.toISOString()}`,
          ),
        );
      }
    } catch (error) {
      // Telling must not turn the refusal into a 500.
      this.logger.error(
        `second factor lock of ${factor.kind} ${factor.subjectId} not told: ${(error as Error).message}`,
      );
    }
  }
}
