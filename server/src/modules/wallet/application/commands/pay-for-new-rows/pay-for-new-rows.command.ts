import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock, oncePerStatement, TurnBatches } from '../../../../../shared/index.js';
import type { LedgerKind } from '../../../domain/ledger-entry.entity.js';
import { TakePoints } from '../take-points/take-points.command.js';
import { positive, type PaidRow, type PaidRowRequest, type PaidRows } from '../../wallet.types.js';

/** A debit waiting for this turn's statement. */
interface PendingDebit extends PaidRowRequest {
  done: (paid: { id: number; balanceAfter: bigint } | Error) => void;
}

/** Most debits one statement carries. */
const MAX_DEBITS_PER_STATEMENT = 100;

/**
 * Debits and inserts the row the debit pays for, on its own (not in a caller's transaction): the row goes
 * in only when the balance covered the amount, and the ledger entry references the row's new id. Atomic;
 * nothing changes on a short balance. The single order is the hot path: the debits asked for in one turn
 * go to PostgreSQL together, one statement (one round trip, one commit) for up to a hundred members.
 */
@Injectable()
export class PayForNewRows {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly takes: TakePoints,
  ) {}

  /** Debits waiting for this turn's statements, by the rows they pay for. */
  private readonly pending = new TurnBatches<PaidRows, PendingDebit>(
    (rows, debits) => this.payTogether(rows, debits),
    (debit, error) => debit.done(error as Error),
  );

  run(
    movement: { memberId: number; amount: bigint; kind: LedgerKind },
    rows: PaidRows,
    row: Record<string, unknown>,
  ): Promise<{ id: number; balanceAfter: bigint }> {
    positive(movement.amount);
    return new Promise((resolve, reject) =>
      this.pending.add(rows, {
        ...movement,
        row,
        done: (paid) => (paid instanceof Error ? reject(paid) : resolve(paid)),
      }),
    );
  }

  /**
   * Runs a turn's debits: a member appears once per statement (one UPDATE changes a row once), so a
   * member's second debit goes to the next statement. A statement PostgreSQL refused changed nothing: its
   * debits are then tried one by one, so one bad row (or a deadlock) fails only itself.
   */
  private async payTogether(rows: PaidRows, debits: PendingDebit[]): Promise<void> {
    const statements = oncePerStatement(debits, (d) => d.memberId, MAX_DEBITS_PER_STATEMENT);
    await Promise.all(
      statements.map(async (statement) => {
        try {
          await this.payInOneStatement(rows, statement);
        } catch (error) {
          // PostgreSQL's own refusal (an error with its severity and SQLSTATE, not a lost connection) means
          // the statement committed nothing, so its debits may be tried again.
          const refused = error instanceof Error && 'severity' in error && 'code' in error;
          if (!refused || statement.length === 1) return statement.forEach((d) => d.done(error as Error));
          await Promise.all(
            statement.map((debit) =>
              this.payInOneStatement(rows, [debit]).catch((e: unknown) => debit.done(e as Error)),
            ),
          );
        }
      }),
    );
  }

  private async payInOneStatement(rows: PaidRows, debits: PendingDebit[]): Promise<void> {
    const requests = debits.map(({ memberId, amount, kind, row }) => ({ memberId, amount, kind, row }));
    const result = await rows.insertPaid(this.em.fork(), requests, this.clock.now());
    const paid = new Map<number, PaidRow>(result.map((r) => [r.memberId, r]));
    for (const debit of debits) {
      const r = paid.get(debit.memberId);
      if (r) debit.done({ id: r.id, balanceAfter: r.balanceAfter });
      else debit.done(await this.takes.shortfall(this.em.fork(), debit).catch((e: unknown) => e as Error));
    }
  }
}
