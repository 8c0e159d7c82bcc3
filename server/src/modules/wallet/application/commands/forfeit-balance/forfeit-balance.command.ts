import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LedgerKind } from '../../../domain/ledger-entry.entity.js';
import { GetBalances } from '../../queries/get-balances/get-balances.query.js';
import { TakePoints } from '../take-points/take-points.command.js';
import type { LedgerReference, MovementResult } from '../../wallet.types.js';

/**
 * Takes the whole balance as one entry of `kind` (a deleted member's forfeiture), in the caller's
 * transaction with the account row locked; nothing when the balance is zero or the reference was used.
 */
@Injectable()
export class ForfeitBalance {
  constructor(
    private readonly balances: GetBalances,
    private readonly takes: TakePoints,
  ) {}

  async run(
    em: EntityManager,
    memberId: number,
    kind: LedgerKind,
    reference: LedgerReference,
    memo: string,
  ): Promise<MovementResult> {
    const balance = await this.balances.lockedBalance(em, memberId);
    if (balance === 0n) return { applied: false, balanceAfter: 0n };
    const done = await em.execute<{ one: number }[]>(
      'select 1 as one from point_ledger_entry where kind = ? and reference_type = ? and reference_id = ?',
      [kind, reference.type, String(reference.id)],
    );
    if (done.length > 0) return { applied: false, balanceAfter: balance };
    return this.takes.debit(em, { memberId, amount: balance, kind, reference, memo });
  }
}
