import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../shared/index.js';
import type { LedgerKind } from '../domain/ledger-entry.entity.js';

/** What a movement is for: (kind, type, id) is unique, so the same movement never happens twice. */
export interface LedgerReference {
  type: string;
  id: string | number;
}

export interface Movement {
  memberId: number;
  /** Positive whole won. */
  amount: bigint;
  kind: LedgerKind;
  reference: LedgerReference;
  memo?: string | null;
}

export interface MovementResult {
  /** False when this (kind, reference) had already been applied: nothing moved this time. */
  applied: boolean;
  balanceAfter: bigint | null;
}

export class InsufficientPointsError extends DomainError {
  constructor() {
    super('ORDER_INSUFFICIENT_POINTS');
  }
}

/** An ORDER debit of a member who owes the shop points a partner took back (an open point debt). */
export class OutstandingDebtError extends DomainError {
  constructor(readonly outstanding: bigint) {
    super('ORDER_OUTSTANDING_DEBT', { outstanding: outstanding.toLocaleString('ko-KR') });
  }
}

export interface InvariantViolation {
  memberId: number;
  balance: string;
  ledgerSum: string;
}

/** One new row a debit pays for (see {@link PaidRows}). */
export interface PaidRowRequest {
  memberId: number;
  /** Positive whole won. */
  amount: bigint;
  kind: LedgerKind;
  /** The row's values, as the owner's statement reads them. */
  row: Record<string, unknown>;
}

/** A row that went in, paid: its new id and the member's balance after the debit. */
export interface PaidRow {
  memberId: number;
  id: number;
  balanceAfter: bigint;
}

/**
 * The rows debits pay for ({@link WalletFacade.debitForNewRow}), written by the module that owns them as
 * one statement (one round trip): it allocates each row's id, takes the points through the wallet's SQL
 * function `wallet_take_points(now timestamptz, takes jsonb)` with one take per request (`member_id`,
 * `amount`, `kind`, `reference_type`, `reference_id` = the new id, `memo`), inserts the rows of the takes
 * it answers (no debit, no row), and answers those rows. A request missing from the answer moved nothing.
 */
export interface PaidRows {
  insertPaid(em: EntityManager, requests: readonly PaidRowRequest[], now: Date): Promise<PaidRow[]>;
}

export function positive(amount: bigint): void {
  if (typeof amount !== 'bigint' || amount <= 0n) throw new DomainError('POINT_AMOUNT_INVALID');
}
