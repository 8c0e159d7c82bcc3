import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { InvariantViolation } from '../../wallet.types.js';

/**
 * The ledger's invariant for every account: balance = sum of its entries, balance >= 0, and no
 * entries without an account. An empty list means the books balance.
 */
@Injectable()
export class CheckInvariant {
  constructor(private readonly em: EntityManager) {}

  async run(): Promise<InvariantViolation[]> {
    const rows = await this.em
      .fork()
      .execute<{ member_id: number; balance: string | null; ledger_sum: string | null }[]>(
        `select coalesce(a.member_id, l.member_id) as member_id, a.balance, l.ledger_sum
         from point_account a
         full join (select member_id, sum(amount) as ledger_sum from point_ledger_entry group by member_id) l on l.member_id = a.member_id
        where a.balance is null or l.ledger_sum is null or a.balance <> l.ledger_sum or a.balance < 0`,
      );
    return rows
      .filter((r) => !(r.balance === '0' && r.ledger_sum === null))
      .map((r) => ({ memberId: r.member_id, balance: r.balance ?? 'none', ledgerSum: r.ledger_sum ?? '0' }));
  }
}
