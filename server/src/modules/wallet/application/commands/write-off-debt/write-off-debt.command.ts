import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock, DomainError } from '../../../../../shared/index.js';
import type { PointDebt } from '../../../domain/point-debt.entity.js';
import { GetDebts } from '../../queries/get-debts/get-debts.query.js';

/** An operator closes a debt without collecting the rest (no points move); answers the debt. */
@Injectable()
export class WriteOffDebt {
  constructor(
    private readonly clock: Clock,
    private readonly debts: GetDebts,
  ) {}

  async run(em: EntityManager, id: number, reason: string): Promise<PointDebt> {
    const debt = await this.debts.debtIn(em, id);
    if (debt.closedAt !== null) throw new DomainError('POINT_DEBT_CLOSED');
    debt.writtenOff = debt.outstanding;
    debt.closedAt = this.clock.now();
    debt.closedReason = reason.slice(0, 500);
    await em.flush();
    return debt;
  }
}
