import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Won the member has charged in all, less what Toss refunds took back, read in the caller's transaction. */
@Injectable()
export class GetChargedTotal {
  async run(em: EntityManager, memberId: number): Promise<bigint> {
    const rows = await em.execute<{ total: string | null }[]>(
      `select sum(amount) as total from point_ledger_entry where member_id = ? and kind in ('CHARGE', 'CHARGE_REFUND') and reference_type <> 'debt'`,
      [memberId],
    );
    return BigInt(rows[0]?.total ?? 0);
  }
}
