import { Injectable } from '@nestjs/common';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../../../shared/index.js';
import { LedgerKind } from '../../../domain/ledger-entry.entity.js';
import { PointDebt } from '../../../domain/point-debt.entity.js';
import { TakePoints } from '../take-points/take-points.command.js';

/**
 * Collects the member's open debts, oldest first, from their balance (each part a CHARGE_REFUND entry
 * referencing the debt), closing those paid in full; in the caller's transaction (a top-up's). Answers
 * what was collected.
 */
@Injectable()
export class CollectDebts {
  constructor(
    private readonly clock: Clock,
    private readonly takes: TakePoints,
  ) {}

  async run(em: EntityManager, memberId: number): Promise<bigint> {
    const debts = await em.find(
      PointDebt,
      { memberId, closedAt: null },
      { orderBy: { id: 'ASC' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    let total = 0n;
    for (const debt of debts) {
      const owed = debt.outstanding;
      if (owed <= 0n) continue;
      const taken = await this.takes.debitUpTo(em, {
        memberId,
        amount: owed,
        kind: LedgerKind.CHARGE_REFUND,
        reference: { type: 'debt', id: `${debt.id}:${debt.collected}` },
        memo: `미회수 포인트 정산 (#${debt.id})`,
      });
      if (taken === 0n) break;
      debt.collected += taken;
      total += taken;
      if (debt.outstanding === 0n) {
        debt.closedAt = this.clock.now();
        debt.closedReason = '정산 완료';
      }
    }
    await em.flush();
    return total;
  }
}
