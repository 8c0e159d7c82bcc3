import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  type RecoveryCodesIssued,
  type SecondFactorChallenge,
  type SecondFactorConfirmed,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '../../../contracts/index.js';
import { DomainError } from '../../../shared/index.js';
import { RecoveryCode, type SecondFactor } from '../domain/second-factor.entity.js';
import { LoginThrottle, type LoginKind } from './login-throttle.js';
import type { AuditActor } from './ports.js';
import { findSecondFactor } from './second-factor-codes.js';
import { CheckSecondFactorCode } from './commands/check-second-factor-code/check-second-factor-code.js';
import { DisableSecondFactor } from './commands/disable-second-factor/disable-second-factor.js';
import { EnrolSecondFactor } from './commands/enrol-second-factor/enrol-second-factor.js';
import {
  OpenSecondFactorChallenge,
  type ChallengeStep,
  type ReadChallenge,
} from './commands/open-second-factor-challenge/open-second-factor-challenge.js';
import { RenewRecoveryCodes } from './commands/renew-recovery-codes/renew-recovery-codes.js';

export { SecondFactorLocked } from './commands/check-second-factor-code/check-second-factor-code.js';
export type { ReadChallenge } from './commands/open-second-factor-challenge/open-second-factor-challenge.js';

/**
 * TOTP second factors for members and operators: enrolment (secret and QR shown once, confirmed by a code),
 * 10 hashed single-use recovery codes, the login's code step, and disabling. Every code check is a guess
 * like a password's, claimed before it is checked: by the login challenge (CHALLENGE_TRIES, then void; used
 * once), by LoginThrottle's (account, address) pair, and by the account across every address
 * (ACCOUNT_CEILING wrong codes an hour, then the code step locks and the holder is told). A TOTP code's time
 * step is taken once: the same or an older step is refused (replay). Recorded in 로그인 기록. Turning the
 * factor on or off ends every session of the account.
 */
@Injectable()
export class SecondFactorService {
  constructor(
    private readonly em: EntityManager,
    private readonly throttle: LoginThrottle,
    private readonly challenges: OpenSecondFactorChallenge,
    private readonly codes: CheckSecondFactorCode,
    private readonly enrolment: EnrolSecondFactor,
    private readonly disabling: DisableSecondFactor,
    private readonly renewal: RenewRecoveryCodes,
  ) {}

  async status(kind: LoginKind, subjectId: number, required: boolean): Promise<SecondFactorStatus> {
    const factor = await this.find(kind, subjectId);
    const recoveryCodesLeft = factor?.enabled
      ? await this.em.fork().count(RecoveryCode, { secondFactorId: factor.id, usedAt: null })
      : 0;
    return { enabled: !!factor?.enabled, required, recoveryCodesLeft };
  }

  async isEnabled(kind: LoginKind, subjectId: number): Promise<boolean> {
    return !!(await this.find(kind, subjectId))?.enabled;
  }

  /** The password step's answer when a second step follows: a short-lived token naming the account, the step and its row. */
  challenge(kind: LoginKind, subjectId: number, loginId: string, step: ChallengeStep): Promise<SecondFactorChallenge> {
    return this.challenges.challenge(kind, subjectId, loginId, step);
  }

  /** The account a challenge names, or 401 when it is forged, expired, another kind's or another step's. */
  readChallenge(kind: LoginKind, token: string, step: ChallengeStep): ReadChallenge {
    return this.challenges.readChallenge(kind, token, step);
  }

  /** 401 unless the challenge may still take a code (not used, not void, not expired). */
  ensureOpen(challengeId: string): Promise<void> {
    return this.challenges.ensureOpen(challengeId);
  }

  /** A new secret for the app, pending until `confirm`; an account with a factor on must turn it off first. */
  begin(kind: LoginKind, subjectId: number, label: string): Promise<SecondFactorEnrolment> {
    return this.enrolment.begin(kind, subjectId, label);
  }

  /** The app's first code turns the pending secret on, hands out fresh recovery codes and ends every session. */
  confirm(
    kind: LoginKind,
    subjectId: number,
    loginId: string,
    code: string,
    ip: string,
    challengeId?: string,
  ): Promise<SecondFactorConfirmed> {
    return this.enrolment.confirm(kind, subjectId, loginId, code, ip, challengeId);
  }

  /** Turns the factor off with a code or a recovery code; every session ends. */
  disable(kind: LoginKind, subjectId: number, loginId: string, code: string, ip: string): Promise<{ message: string }> {
    return this.disabling.execute(kind, subjectId, loginId, code, ip);
  }

  /** The login's code step: 401 for a wrong code (counted and recorded like a wrong password). */
  async pass(kind: LoginKind, subjectId: number, challenge: ReadChallenge, code: string, ip: string): Promise<void> {
    const factor = await this.find(kind, subjectId);
    if (!factor?.enabled) throw new DomainError('SECOND_FACTOR_CODE_WRONG');
    if (!(await this.check(kind, challenge.loginId, ip, factor, code, 'enabled', challenge.challengeId)))
      throw new DomainError('SECOND_FACTOR_CODE_WRONG');
    await this.throttle.succeeded(kind, challenge.loginId, ip);
  }

  /** Ten new recovery codes for a current TOTP code (the old ones stop working); an operator's is audited. */
  renewRecoveryCodes(kind: LoginKind, actor: AuditActor, code: string, ip: string): Promise<RecoveryCodesIssued> {
    return this.renewal.execute(kind, actor, code, ip);
  }

  /** A factor with a secret chosen elsewhere (ADMIN_TOTP_SECRET for the first operator): on at once, no recovery codes. */
  enableWithSecret(kind: LoginKind, subjectId: number, secret: string): Promise<void> {
    return this.enrolment.enableWithSecret(kind, subjectId, secret);
  }

  private find(kind: LoginKind, subjectId: number): Promise<SecondFactor | null> {
    return findSecondFactor(this.em, kind, subjectId);
  }

  /** One code guess (CheckSecondFactorCode.check). */
  private check(...args: Parameters<CheckSecondFactorCode['check']>): Promise<boolean> {
    return this.codes.check(...args);
  }
}
