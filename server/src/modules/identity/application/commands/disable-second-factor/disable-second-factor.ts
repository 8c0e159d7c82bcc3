import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { SECOND_FACTOR_MESSAGES as M } from '../../../../../contracts/index.js';
import { DomainError } from '../../../../../shared/index.js';
import { RecoveryCode, SecondFactor } from '../../../domain/second-factor.entity.js';
import { LoginThrottle, type LoginKind } from '../../login-throttle.js';
import { Sessions } from '../../sessions.js';
import { findSecondFactor } from '../../second-factor-codes.js';
import { CheckSecondFactorCode } from '../check-second-factor-code/check-second-factor-code.js';

@Injectable()
export class DisableSecondFactor {
  constructor(
    private readonly em: EntityManager,
    private readonly throttle: LoginThrottle,
    private readonly sessions: Sessions,
    private readonly codes: CheckSecondFactorCode,
  ) {}

  /** Turns the factor off with a code or a recovery code; every session ends. */
  async execute(
    kind: LoginKind,
    subjectId: number,
    loginId: string,
    code: string,
    ip: string,
  ): Promise<{ message: string }> {
    const factor = await findSecondFactor(this.em, kind, subjectId);
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

  /** One code guess (CheckSecondFactorCode.check). */
  private check(...args: Parameters<CheckSecondFactorCode['check']>): Promise<boolean> {
    return this.codes.check(...args);
  }
}
