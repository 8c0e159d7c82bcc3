import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import {
  SECOND_FACTOR_MESSAGES as M,
  type SecondFactorConfirmed,
  type SecondFactorEnrolment,
} from '../../../../../contracts/index.js';
import { Clock, DomainError } from '../../../../../shared/index.js';
import { RecoveryCode, SecondFactor } from '../../../domain/second-factor.entity.js';
import { LoginThrottle, type LoginKind } from '../../login-throttle.js';
import { IdentitySecrets } from '../../secrets.js';
import { Sessions } from '../../sessions.js';
import { findSecondFactor, hashRecovery, newRecoveryCodes } from '../../second-factor-codes.js';
import { CheckSecondFactorCode } from '../check-second-factor-code/check-second-factor-code.js';

/** Shown as the account's issuer in the authenticator app. */
const ISSUER = 'SMM Panel';

/** Turning the factor on: a pending secret confirmed by the app's first code, or a secret chosen elsewhere. */
@Injectable()
export class EnrolSecondFactor {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly secrets: IdentitySecrets,
    private readonly throttle: LoginThrottle,
    private readonly sessions: Sessions,
    private readonly codes: CheckSecondFactorCode,
  ) {}

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
    const factor = await findSecondFactor(this.em, kind, subjectId);
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

  /** A factor with a secret chosen elsewhere (ADMIN_TOTP_SECRET for the first operator): on at once, no recovery codes. */
  async enableWithSecret(kind: LoginKind, subjectId: number, secret: string): Promise<void> {
    const em = this.em.fork();
    const factor = new SecondFactor(kind, subjectId);
    factor.begin(this.secrets.secondFactors.seal(secret));
    factor.confirm(this.clock.now());
    await em.persist(factor).flush();
  }

  /** One code guess (CheckSecondFactorCode.check). */
  private check(...args: Parameters<CheckSecondFactorCode['check']>): Promise<boolean> {
    return this.codes.check(...args);
  }
}
