import { Injectable, Logger } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  LoginAttemptResult,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_LIMITS as L,
  SECOND_FACTOR_MESSAGES as M,
  secondFactorLockedMessage,
  type RecoveryCodesIssued,
  type SecondFactorChallenge,
  type SecondFactorConfirmed,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '../../../contracts/index.js';
import { Clock, DomainError } from '../../../shared/index.js';
import { Member } from '../domain/member.entity.js';
import { Operator } from '../domain/operator.entity.js';
import { RecoveryCode, SecondFactor, SecondFactorChallengeRow } from '../domain/second-factor.entity.js';
import { LoginThrottle, type LoginKind } from './login-throttle.js';
import { AuditRecorder, Messenger, SecurityAlerts, type AuditActor } from './ports.js';
import { IdentitySecrets } from './secrets.js';
import { SessionService } from './sessions.js';
import { TokenService } from './tokens.js';

/** Shown as the account's issuer in the authenticator app. */
const ISSUER = 'SMM Panel';
/** The login's second step must follow within this long (an enrolment needs time with the phone). */
const CHALLENGE_TTL_SECONDS = 10 * 60;
/** One 30-second step either side: a phone's clock a little off still works. */
const EPOCH_TOLERANCE_SECONDS = 30;
/** TOTP's period: a code's time step is its period's start in seconds over this. */
const PERIOD_SECONDS = 30;
/** Recovery codes without look-alike characters (no 0/O, 1/I/L): 31 symbols, 10 of them ≈ 49 bits. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

type ChallengeStep = SecondFactorChallenge['twoFactor'];
interface ChallengePayload {
  sub: number;
  kind: LoginKind;
  lid: string;
  step: ChallengeStep;
  /** The challenge row that counts its tries and is used once. */
  cid: string;
}

export interface ReadChallenge {
  subjectId: number;
  loginId: string;
  challengeId: string;
}

const normalizeRecovery = (code: string) => code.replace(/-/g, '').toUpperCase();
const hashRecovery = (code: string) => createHash('sha256').update(normalizeRecovery(code)).digest('hex');
const newRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });

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
type CheckMode = 'pending' | 'enabled' | 'totp';

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
  private readonly logger = new Logger('SecondFactor');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly secrets: IdentitySecrets,
    private readonly throttle: LoginThrottle,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
    private readonly messenger: Messenger,
    private readonly alerts: SecurityAlerts,
    private readonly audit: AuditRecorder,
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
  async challenge(
    kind: LoginKind,
    subjectId: number,
    loginId: string,
    step: ChallengeStep,
  ): Promise<SecondFactorChallenge> {
    const cid = randomBytes(16).toString('hex');
    const expiresAt = new Date(this.clock.now().getTime() + CHALLENGE_TTL_SECONDS * 1000);
    await this.em.fork().persist(new SecondFactorChallengeRow(cid, expiresAt)).flush();
    const payload: ChallengePayload = { sub: subjectId, kind, lid: loginId, step, cid };
    return {
      twoFactor: step,
      challengeToken: this.tokens.purposeToken('second-factor-challenge', { ...payload }, CHALLENGE_TTL_SECONDS),
      message: step === 'code' ? M.codeStep : M.enrolStep,
    };
  }

  /** The account a challenge names, or 401 when it is forged, expired, another kind's or another step's. */
  readChallenge(kind: LoginKind, token: string, step: ChallengeStep): ReadChallenge {
    const payload = this.tokens.verifyPurposeToken<ChallengePayload>('second-factor-challenge', token);
    if (
      !payload ||
      payload.kind !== kind ||
      payload.step !== step ||
      !Number.isInteger(payload.sub) ||
      typeof payload.cid !== 'string'
    )
      throw new DomainError('SECOND_FACTOR_CHALLENGE_GONE');
    return { subjectId: payload.sub, loginId: String(payload.lid), challengeId: payload.cid };
  }

  /** 401 unless the challenge may still take a code (not used, not void, not expired). */
  async ensureOpen(challengeId: string): Promise<void> {
    const open = await this.em.fork().count(SecondFactorChallengeRow, {
      id: challengeId,
      usedAt: null,
      tries: { $lt: L.CHALLENGE_TRIES },
      expiresAt: { $gt: this.clock.now() },
    });
    if (!open) throw new DomainError('SECOND_FACTOR_CHALLENGE_GONE');
  }

  /** A new secret for the app, pending until `confirm`; an account with a factor on must turn it off first. */
  async begin(kind: LoginKind, subjectId: number, label: string): Promise<SecondFactorEnrolment> {
    const secret = generateSecret();
    await this.em.fork().transactional(async (tx) => {
      const factor =
        (await tx.findOne(SecondFactor, { kind, subjectId })) ??
        tx.create(SecondFactor, new SecondFactor(kind, subjectId));
      if (factor.enabled) throw new DomainError('SECOND_FACTOR_ALREADY_ENABLED');
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
    challengeId?: string,
  ): Promise<SecondFactorConfirmed> {
    const factor = await this.find(kind, subjectId);
    if (!factor?.pendingSealed)
      throw new DomainError(factor?.enabled ? 'SECOND_FACTOR_ALREADY_ENABLED' : 'SECOND_FACTOR_NO_ENROLMENT');
    if (!(await this.check(kind, loginId, ip, factor, code, 'pending', challengeId)))
      throw new DomainError('SECOND_FACTOR_SETUP_CODE_WRONG');
    const recoveryCodes = newRecoveryCodes();
    await this.em.fork().transactional(async (tx) => {
      const row = await tx.findOneOrFail(SecondFactor, factor.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row.pendingSealed) throw new DomainError('SECOND_FACTOR_NO_ENROLMENT');
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
    if (!factor?.enabled) throw new DomainError('SECOND_FACTOR_NOT_ENABLED');
    if (!(await this.check(kind, loginId, ip, factor, code, 'enabled')))
      throw new DomainError('SECOND_FACTOR_SETUP_CODE_WRONG');
    await this.em.fork().transactional(async (tx) => {
      await tx.nativeDelete(RecoveryCode, { secondFactorId: factor.id });
      await tx.nativeDelete(SecondFactor, { id: factor.id });
      await this.sessions.revokeAll(kind, subjectId, 'second-factor', undefined, tx);
    });
    await this.throttle.succeeded(kind, loginId, ip);
    return { message: M.disabled };
  }

  /** The login's code step: 401 for a wrong code (counted and recorded like a wrong password). */
  async pass(kind: LoginKind, subjectId: number, challenge: ReadChallenge, code: string, ip: string): Promise<void> {
    const factor = await this.find(kind, subjectId);
    if (!factor?.enabled) throw new DomainError('SECOND_FACTOR_CODE_WRONG');
    if (!(await this.check(kind, challenge.loginId, ip, factor, code, 'enabled', challenge.challengeId)))
      throw new DomainError('SECOND_FACTOR_CODE_WRONG');
    await this.throttle.succeeded(kind, challenge.loginId, ip);
  }

  /**
   * Ten new recovery codes for a current TOTP code (the old ones stop working); an operator's is audited. An
   * owner enabled from ADMIN_TOTP_SECRET starts with none and gets them here.
   */
  async renewRecoveryCodes(kind: LoginKind, actor: AuditActor, code: string, ip: string): Promise<RecoveryCodesIssued> {
    const factor = await this.find(kind, actor.id);
    if (!factor?.enabled) throw new DomainError('SECOND_FACTOR_NOT_ENABLED');
    if (!(await this.check(kind, actor.loginId, ip, factor, code, 'totp')))
      throw new DomainError('SECOND_FACTOR_SETUP_CODE_WRONG');
    const recoveryCodes = newRecoveryCodes();
    await this.em.fork().transactional(async (tx) => {
      await tx.findOneOrFail(SecondFactor, factor.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      await tx.nativeDelete(RecoveryCode, { secondFactorId: factor.id });
      for (const c of recoveryCodes) tx.persist(new RecoveryCode(factor.id, hashRecovery(c)));
      await tx.flush();
      // Says that it happened, never the codes.
      if (kind === 'operator')
        this.audit.record(tx, actor, {
          action: 'renew-recovery-codes',
          resource: 'operators',
          resourceId: actor.id,
          after: { recoveryCodesLeft: recoveryCodes.length },
        });
    });
    await this.throttle.succeeded(kind, actor.loginId, ip);
    return { message: M.recoveryCodesIssued, recoveryCodes };
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
   * One code guess. Claimed before it is checked: a try of the login challenge (void after CHALLENGE_TRIES: 401
   * to start over), the (account, address) pair's (429 while it waits), and the account's count across every
   * address (429 while locked). Then a TOTP code is checked against the secret and its time step taken by one
   * conditional update (an older or the same step is refused: replay), or a recovery code used up by one
   * conditional update (a code sent twice at once passes once). Recorded either way; a success uses the
   * challenge up.
   */
  private async check(
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
        await this.alerts.raise(
          `운영자 ${operator?.loginId ?? `#${factor.subjectId}`}: ${what} 본인 확인 후 비밀번호를 재설정해 주세요.`,
          `second-factor-locked:operator:${factor.subjectId}:${until.toISOString()}`,
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
