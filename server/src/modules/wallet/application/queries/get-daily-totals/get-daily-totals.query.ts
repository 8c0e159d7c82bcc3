import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { LedgerKind } from '../../../domain/ledger-entry.entity.js';

/** Read-only, for the operator dashboard: each kind's net movement per calendar day. */
@Injectable()
export class GetDailyTotals {
  constructor(private readonly em: EntityManager) {}

  async run(since: Date, timeZone: string): Promise<{ day: string; kind: LedgerKind; total: bigint }[]> {
    const rows = await this.em.fork().execute<{ day: string; kind: LedgerKind; total: string }[]>(
      `select to_char(created_at at time zone ?, 'YYYY-MM-DD') as day, kind, sum(amount) as total
         from point_ledger_entry where created_at >= ? group by 1, 2`,
      [timeZone, since],
    );
    return rows.map((r) => ({ day: r.day, kind: r.kind, total: BigInt(r.total) }));
  }
}
