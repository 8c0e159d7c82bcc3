import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../../../shared/index.js';
import { LedgerKind } from '../../../domain/ledger-entry.entity.js';
import { GivePoints } from '../give-points/give-points.command.js';
import { TakePoints } from '../take-points/take-points.command.js';
import type { LedgerReference, MovementResult } from '../../wallet.types.js';

/** An operator's correction: positive credits, negative debits (never below zero). */
@Injectable()
export class AdjustPoints {
  constructor(
    private readonly gives: GivePoints,
    private readonly takes: TakePoints,
  ) {}

  run(
    em: EntityManager,
    memberId: number,
    amount: bigint,
    reference: LedgerReference,
    memo: string,
  ): Promise<MovementResult> {
    if (amount === 0n) throw new DomainError('POINT_ADJUSTMENT_ZERO');
    const movement = { memberId, kind: LedgerKind.ADJUST, reference, memo };
    return amount > 0n
      ? this.gives.run(em, { ...movement, amount })
      : this.takes.debit(em, { ...movement, amount: -amount });
  }
}
