import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { findPage, idOf, NotFoundError, type ListQuery, type Page } from '../../../../../shared/index.js';
import { PointDebt } from '../../../domain/point-debt.entity.js';

/** Members' point debts: what is owed, one debt, the console's page. */
@Injectable()
export class GetDebts {
  constructor(private readonly em: EntityManager) {}

  /** What the member owes on open debts, read in the caller's transaction. */
  async outstandingIn(em: EntityManager, memberId: number): Promise<bigint> {
    const rows = await em.execute<{ owed: string | null }[]>(
      'select sum(amount - collected - written_off) as owed from point_debt where member_id = ? and closed_at is null',
      [memberId],
    );
    return BigInt(rows[0]?.owed ?? 0);
  }

  outstandingOf(memberId: number): Promise<bigint> {
    return this.outstandingIn(this.em.fork(), memberId);
  }

  /** One debt, locked in the caller's transaction; 404 when there is none. */
  async debtIn(em: EntityManager, id: number): Promise<PointDebt> {
    const debt = await em.findOne(PointDebt, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!debt) throw new NotFoundError('POINT_DEBT_NOT_FOUND');
    return debt;
  }

  debtPage(query: ListQuery): Promise<Page<PointDebt>> {
    return findPage(this.em.fork(), PointDebt, 'point-debts', query, {
      sortable: ['id', 'createdAt', 'amount', 'memberId'],
      filters: {
        memberId: idOf('memberId'),
        open: (v) => (v === true || v === 'true' ? { closedAt: null } : { closedAt: { $ne: null } }),
      },
    });
  }
}
