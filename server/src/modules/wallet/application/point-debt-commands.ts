import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import type { AdminPointDebtView } from '../../../contracts/index.js';
import type { PointDebt } from '../domain/point-debt.entity.js';
import { WalletFacade } from './wallet.facade.js';

/** A point debt as the console reads it (contracts/views.ts). */
export const adminPointDebtView = (d: PointDebt): AdminPointDebtView<Date, bigint> => ({
  id: d.id,
  memberId: d.memberId,
  amount: d.amount,
  collected: d.collected,
  writtenOff: d.writtenOff,
  outstanding: d.outstanding,
  referenceType: d.referenceType,
  referenceId: d.referenceId,
  memo: d.memo,
  createdAt: d.createdAt,
  closedAt: d.closedAt,
  closedReason: d.closedReason,
});

/** The console's two commands on a point debt, each in one audited transaction. */
@Injectable()
export class PointDebtCommands {
  constructor(
    private readonly em: EntityManager,
    private readonly wallet: WalletFacade,
    private readonly audit: AuditFacade,
  ) {}

  /** Takes what the member's balance covers now (CHARGE_REFUND entries), closing the debt once paid. */
  collect(id: number, operator: AuditActor): Promise<AdminPointDebtView<Date, bigint>> {
    return this.em.fork().transactional(async (tx) => {
      const debt = await this.wallet.debtIn(tx, id);
      const before = adminPointDebtView(debt);
      await this.wallet.collectDebts(tx, debt.memberId);
      const after = adminPointDebtView(await this.wallet.debtIn(tx, id));
      this.audit.record(tx, operator, { action: 'collect', resource: 'point-debts', resourceId: id, before, after });
      return after;
    });
  }

  /** Closes the debt without collecting the rest (no points move): the member may order again. */
  writeOff(id: number, reason: string, operator: AuditActor): Promise<AdminPointDebtView<Date, bigint>> {
    return this.em.fork().transactional(async (tx) => {
      const before = adminPointDebtView(await this.wallet.debtIn(tx, id));
      const after = adminPointDebtView(await this.wallet.writeOffDebt(tx, id, reason));
      this.audit.record(tx, operator, { action: 'write-off', resource: 'point-debts', resourceId: id, before, after });
      return after;
    });
  }
}
