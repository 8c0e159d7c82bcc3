import { Injectable, UnauthorizedException } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  LoginAttemptResult,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MESSAGES as M,
  type SecondFactorChallenge,
  type SecondFactorConfirmed,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '../../../contracts/index.js';
import { Clock, DomainError } from '../../../shared/index.js';
import { RecoveryCode, SecondFactor } from '../domain/second-factor.entity.js';
import { LoginThrottle, type LoginKind } from './login-throttle.js';
import { IdentitySecrets } from './secrets.js';
import { SessionService } from './sessions.js';
import { TokenService } from './tokens.js';

/** Shown as the account's issuer in the authenticator app. */
const ISSUER = 'SMM Panel';
/** The login's second step must follow within this long (an enrolment needs time with the phone). */
const CHALLENGE_TTL_SECONDS = 10 * 60;
/** One 30-second step either side: a phone's clock a little off still works. */
const EPOCH_TOLERANCE_SECONDS = 30;
/** Recovery codes without look-alike characters (no 0/O, 1/I/L): 31 symbols, 10 of them ≈ 49 bits. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

type ChallengeStep = SecondFactorChallenge['twoFactor'];
interface ChallengePayload {
  sub: number;
  kind: LoginKind;
  lid: string;
  step: ChallengeStep;
}

const normalizeRecovery = (code: string) => code.replace(/-/g, '').toUpperCase();
const hashRecovery = (code: string) => createHash('sha256').update(normalizeRecovery(code)).digest('hex');

/**
 * TOTP second factors for members and operators (issue 24): enrolment (secret and QR shown once, confirmed by
 * a code), 10 hashed single-use recovery codes, the login's code step, and disabling. Every code check is a
 * guess like a password's: counted by LoginThrottle's atomic claim before it is checked, and recorded in
 * 로그인 기록. Turning the factor on or off ends every session of the account.
 */
@Injectable()
export class SecondFactorService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly secrets: IdentitySecrets,
    private readonly throttle: LoginThrottle,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
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

  /** The password step's answer when a second step follows: a short-lived token naming the account and the step. */
  challenge(kind: LoginKind, subjectId: number, loginId: string, step: ChallengeStep): SecondFactorChallenge {
    const payload: Omit<ChallengePayload, 'sub'> & { sub: number } = { sub: subjectId, kind, lid: loginId, step };
    return {
      twoFactor: step,
      challengeToken: this.tokens.purposeToken('second-factor-challenge', { ...payload }, CHALLENGE_TTL_SECONDS),
      message: step === 'code' ? M.codeStep : M.enrolStep,
    };
  }

  /** The account a challenge names, or 401 when it is forged, expired, another kind's or another step's. */
  readChallenge(kind: LoginKind, token: string, step: ChallengeStep): { subjectId: number; loginId: string } {
    const payload = this.tokens.verifyPurposeToken<ChallengePayload>('second-factor-challenge', token);
    if (!payload || payload.kind !== kind || payload.step !== step || !Number.isInteger(payload.sub))
      throw new UnauthorizedException(M.challengeGone);
    return { subjectId: payload.sub, loginId: String(payload.lid) };
  }

  /** A new secret for the app, pending until `confirm`; an account with a factor on must turn it off first. */
  async begin(kind: LoginKind, subjectId: number, label: string): Promise<SecondFactorEnrolment> {
    const secret = generateSecret();
    await this.em.fork().transactional(async (tx) => {
      const factor =
        (await tx.findOne(SecondFactor, { kind, subjectId })) ??
        tx.create(SecondFactor, new SecondFactor(kind, subjectId));
      if (factor.enabled) throw new DomainError(M.alreadyEnabled, 409);
      factor.begin(this.secrets.secondFactors.seal(secret));
    });
    const otpauthUrl = generateURI({ issuer: ISSUER, label, secret });
    return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
  }

  /** The app's first code turns the pending secret on, hands out fresh recovery codes and ends every session. */
  async confirm(
    kind: LoginKind,
    subjectId: number,
    loginId: string,
    code: string,
    ip: string,
  ): Promise<SecondFactorConfirmed> {
    const factor = await this.find(kind, subjectId);
    if (!factor?.pendingSealed) throw new DomainError(factor?.enabled ? M.alreadyEnabled : M.noEnrolment, 409);
    if (!(await this.check(kind, loginId, ip, factor, code, 'pending'))) throw new DomainError(M.codeWrong, 409);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
      const raw = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
      return `${raw.slice(0, 5)}-${raw.slice(5)}`;
    });
    await this.em.fork().transactional(async (tx) => {
      const row = await tx.findOneOrFail(SecondFactor, factor.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row.pendingSealed) throw new DomainError(M.noEnrolment, 409);
      row.confirm(this.clock.now());
      await tx.nativeDelete(RecoveryCode, { secondFactorId: row.id });
      for (const c of recoveryCodes) tx.persist(new RecoveryCode(row.id, hashRecovery(c)));
      await tx.flush();
      await this.sessions.revokeAll(kind, subjectId, 'second-factor', undefined, tx);
    });
    await this.throttle.succeeded(kind, loginId, ip);
    return { message: M.enabled, recoveryCodes };
  }

  /** Turns the factor off with a code or a recovery code; every session ends. */
  async disable(
    kind: LoginKind,
    subjectId: number,
    loginId: string,
    code: string,
    ip: string,
  ): Promise<{ message: string }> {
    const factor = await this.find(kind, subjectId);
    if (!factor?.enabled) throw new DomainError(M.notEnabled, 409);
    if (!(await this.check(kind, loginId, ip, factor, code, 'enabled'))) throw new DomainError(M.codeWrong, 409);
    await this.em.fork().transactional(async (tx) => {
      await tx.nativeDelete(RecoveryCode, { secondFactorId: factor.id });
      await tx.nativeDelete(SecondFactor, { id: factor.id });
      await this.sessions.revokeAll(kind, subjectId, 'second-factor', undefined, tx);
    });
    await this.throttle.succeeded(kind, loginId, ip);
    return { message: M.disabled };
  }

  /** The login's code step: 401 for a wrong code (counted and recorded like a wrong password). */
  async pass(kind: LoginKind, subjectId: number, loginId: string, code: string, ip: string): Promise<void> {
    const factor = await this.find(kind, subjectId);
    if (!factor?.enabled || !(await this.check(kind, loginId, ip, factor, code, 'enabled')))
      throw new UnauthorizedException(M.codeWrong);
    await this.throttle.succeeded(kind, loginId, ip);
  }

  /** A factor with a secret chosen elsewhere (ADMIN_TOTP_SECRET for the first operator): on at once, no recovery codes. */
  async enableWithSecret(kind: LoginKind, subjectId: number, secret: string): Promise<void> {
    const em = this.em.fork();
    const factor = new SecondFactor(kind, subjectId);
    factor.begin(this.secrets.secondFactors.seal(secret));
    factor.confirm(this.clock.now());
    await em.persist(factor).flush();
  }

  private find(kind: LoginKind, subjectId: number): Promise<SecondFactor | null> {
    return this.em.fork().findOne(SecondFactor, { kind, subjectId });
  }

  /**
   * One code guess: counted first (the same atomic claim as a password, 429 while the source must wait), then a
   * TOTP code checked against the secret, or a recovery code used up by one conditional update (a code sent
   * twice at once passes once). Recorded either way.
   */
  private async check(
    kind: LoginKind,
    loginId: string,
    ip: string,
    factor: SecondFactor,
    code: string,
    which: 'pending' | 'enabled',
  ): Promise<boolean> {
    await this.throttle.claim(kind, loginId, ip);
    const sealed = which === 'pending' ? factor.pendingSealed : factor.secretSealed;
    const secret = sealed ? this.secrets.secondFactors.open(sealed) : null;
    let ok = false;
    if (secret && /^\d{6}$/.test(code)) {
      ok = (await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS })).valid;
    } else if (which === 'enabled' && factor.enabled) {
      const used = await this.em
        .fork()
        .execute<{ id: number }[]>(
          'update recovery_code set used_at = ? where second_factor_id = ? and code_hash = ? and used_at is null returning id',
          [this.clock.now(), factor.id, hashRecovery(code)],
        );
      ok = used.length > 0;
    }
    await this.throttle.record(
      kind,
      loginId,
      ip,
      ok ? LoginAttemptResult.CODE_SUCCEEDED : LoginAttemptResult.CODE_FAILED,
    );
    return ok;
  }
}
