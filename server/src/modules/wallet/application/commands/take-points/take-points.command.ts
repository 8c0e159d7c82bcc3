import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock, type DomainError } from '../../../../../shared/index.js';
import { LedgerKind } from '../../../domain/ledger-entry.entity.js';
import { GetBalances } from '../../queries/get-balances/get-balances.query.js';
import { GetDebts } from '../../queries/get-debts/get-debts.query.js';
import {
  InsufficientPointsError,
  OutstandingDebtError,
  positive,
  type Movement,
  type MovementResult,
} from '../../wallet.types.js';

/** A take as `wallet_take_points` reads it (the migration that creates the function names these fields). */
interface Take {
  member_id: number;
  amount: string;
  kind: LedgerKind;
  reference_type: string;
  reference_id: string;
  memo: string | null;
}

/** An entry the function wrote: what moved and the balance after it. */
interface Taken {
  member_id: number;
  reference_id: string;
  amount: string;
  balance_after: string;
}

const takeOf = (memberId: number, m: Omit<Movement, 'memberId'>): Take => ({
  member_id: memberId,
  amount: m.amount.toString(),
  kind: m.kind,
  reference_type: m.reference.type,
  reference_id: String(m.reference.id),
  memo: m.memo ?? null,
});

/**
 * Every way points are taken, through one SQL function (`wallet_take_points`, one statement): a debit, a
 * member's several debits as one balance check, and taking what the balance covers. Each runs in the
 * caller's transaction, so it commits or rolls back with the caller's own change.
 */
@Injectable()
export class TakePoints {
  constructor(
    private readonly clock: Clock,
    private readonly debts: GetDebts,
    private readonly balances: GetBalances,
  ) {}

  private take(em: EntityManager, takes: Take[], upTo = false): Promise<Taken[]> {
    return em.execute<Taken[]>(
      'select member_id, reference_id, amount, balance_after from wallet_take_points(?, ?::jsonb, ?)',
      [this.clock.now(), JSON.stringify(takes), upTo],
    );
  }

  /**
   * Takes the amount or nothing: the conditional UPDATE (balance >= amount) and the ledger row. No row back
   * means the balance was short (or the account does not exist, or an order meets an open debt).
   */
  async debit(em: EntityManager, movement: Movement): Promise<MovementResult> {
    positive(movement.amount);
    const rows = await this.take(em, [takeOf(movement.memberId, movement)]);
    if (rows.length === 0) throw await this.shortfall(em, movement);
    return { applied: true, balanceAfter: BigInt(rows[0]!.balance_after) };
  }

  /**
   * Several debits of one member as one balance check (a mass order): the account takes the total, then each
   * movement gets its own ledger entry with the running balance after it. Short: nothing moves, and the error.
   * Answers the balance after them all.
   */
  async debitMany(em: EntityManager, memberId: number, movements: Omit<Movement, 'memberId'>[]): Promise<bigint> {
    if (movements.length === 0) return this.balances.lockedBalance(em, memberId);
    movements.forEach((m) => positive(m.amount));
    const rows = await this.take(
      em,
      movements.map((m) => takeOf(memberId, m)),
    );
    if (rows.length === 0) {
      const kind = movements.some((m) => m.kind === LedgerKind.ORDER) ? LedgerKind.ORDER : movements[0]!.kind;
      throw await this.shortfall(em, { memberId, kind });
    }
    return rows.reduce(
      (low, r) => (BigInt(r.balance_after) < low ? BigInt(r.balance_after) : low),
      BigInt(rows[0]!.balance_after),
    );
  }

  /**
   * Takes up to `amount`, never below zero: what the balance can cover. Answers what was taken (0n: nothing
   * moved, no ledger row). For taking back a reward that may be spent.
   */
  async debitUpTo(em: EntityManager, movement: Movement): Promise<bigint> {
    positive(movement.amount);
    const rows = await this.take(em, [takeOf(movement.memberId, movement)], true);
    return rows[0] ? BigInt(rows[0].amount) : 0n;
  }

  /** Why a debit took nothing: an order's open debt, else a short balance. */
  async shortfall(em: EntityManager, movement: Pick<Movement, 'memberId' | 'kind'>): Promise<DomainError> {
    if (movement.kind !== LedgerKind.ORDER) return new InsufficientPointsError();
    const owed = await this.debts.outstandingIn(em, movement.memberId);
    return owed > 0n ? new OutstandingDebtError(owed) : new InsufficientPointsError();
  }
}
