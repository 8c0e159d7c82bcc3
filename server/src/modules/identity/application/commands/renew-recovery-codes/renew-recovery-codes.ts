import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { SECOND_FACTOR_MESSAGES as M, type RecoveryCodesIssued } from '../../../../../contracts/index.js';
import { DomainError } from '../../../../../shared/index.js';
import { RecoveryCode, SecondFactor } from '../../../domain/second-factor.entity.js';
import { LoginThrottle, type LoginKind } from '../../login-throttle.js';
import { AuditFacade } from '../../../../audit/index.js';
import type { AuditActor } from '../../ports.js';
import { findSecondFactor, hashRecovery, newRecoveryCodes } from '../../second-factor-codes.js';
import { CheckSecondFactorCode } from '../check-second-factor-code/check-second-factor-code.js';

@Injectable()
export class RenewRecoveryCodes {
  constructor(
    private readonly em: EntityManager,
    private readonly throttle: LoginThrottle,
    private readonly audit: AuditFacade,
    private readonly codes: CheckSecondFactorCode,
  ) {}

  /**
   * Ten new recovery codes for a current TOTP code (the old ones stop working); an operator's is audited. An
   * owner enabled from ADMIN_TOTP_SECRET starts with none and gets them here.
   */
  async execute(kind: LoginKind, actor: AuditActor, code: string, ip: string): Promise<RecoveryCodesIssued> {
    const factor = await findSecondFactor(this.em, kind, actor.id);
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

  /** One code guess (CheckSecondFactorCode.check). */
  private check(...args: Parameters<CheckSecondFactorCode['check']>): Promise<boolean> {
    return this.codes.check(...args);
  }
}
