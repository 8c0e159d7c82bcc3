import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListQuery, Page } from '../../../shared/index.js';
import type { LedgerEntry, LedgerKind } from '../domain/ledger-entry.entity.js';
import type { PointDebt } from '../domain/point-debt.entity.js';
import { AdjustPoints } from './commands/adjust-points/adjust-points.command.js';
import { CollectDebts } from './commands/collect-debts/collect-debts.command.js';
import { ForfeitBalance } from './commands/forfeit-balance/forfeit-balance.command.js';
import { GivePoints } from './commands/give-points/give-points.command.js';
import { PayForNewRows } from './commands/pay-for-new-rows/pay-for-new-rows.command.js';
import { TakeBackPoints } from './commands/take-back-points/take-back-points.command.js';
import { TakePoints } from './commands/take-points/take-points.command.js';
import { WriteOffDebt } from './commands/write-off-debt/write-off-debt.command.js';
import { CheckInvariant } from './queries/check-invariant/check-invariant.query.js';
import { GetBalances } from './queries/get-balances/get-balances.query.js';
import { GetChargedTotal } from './queries/get-charged-total/get-charged-total.query.js';
import { GetDailyTotals } from './queries/get-daily-totals/get-daily-totals.query.js';
import { GetDebts } from './queries/get-debts/get-debts.query.js';
import { ListLedger } from './queries/list-ledger/list-ledger.query.js';
import type { InvariantViolation, LedgerReference, Movement, MovementResult, PaidRows } from './wallet.types.js';

export {
  InsufficientPointsError,
  OutstandingDebtError,
  type InvariantViolation,
  type LedgerReference,
  type Movement,
  type MovementResult,
  type PaidRow,
  type PaidRowRequest,
  type PaidRows,
} from './wallet.types.js';

/**
 * The wallet's one door, and the only way points move. Every command takes the caller's EntityManager so
 * the movement commits or rolls back with the caller's own change (an order, a charge), in one transaction.
 * Each method is one use case under commands/ or queries/; every take of points is the SQL function
 * `wallet_take_points`.
 */
@Injectable()
export class WalletFacade {
  constructor(
    private readonly takes: TakePoints,
    private readonly paidRows: PayForNewRows,
    private readonly gives: GivePoints,
    private readonly adjustments: AdjustPoints,
    private readonly forfeits: ForfeitBalance,
    private readonly takeBacks: TakeBackPoints,
    private readonly collections: CollectDebts,
    private readonly writeOffs: WriteOffDebt,
    private readonly balances: GetBalances,
    private readonly debts: GetDebts,
    private readonly ledger: ListLedger,
    private readonly daily: GetDailyTotals,
    private readonly invariant: CheckInvariant,
    private readonly charged: GetChargedTotal,
  ) {}

  /** Takes the amount or nothing (short balance, no account, or an order while a debt is open: the error). */
  debit(em: EntityManager, movement: Movement): Promise<MovementResult> {
    return this.takes.debit(em, movement);
  }

  /** Takes up to `amount`, never below zero; answers what was taken (0n: nothing moved). */
  debitUpTo(em: EntityManager, movement: Movement): Promise<bigint> {
    return this.takes.debitUpTo(em, movement);
  }

  /** Several debits of one member as one balance check (a mass order); answers the balance after them. */
  debitMany(em: EntityManager, memberId: number, movements: Omit<Movement, 'memberId'>[]): Promise<bigint> {
    return this.takes.debitMany(em, memberId, movements);
  }

  /** Debits and inserts the row it pays for, on its own, batched per turn (see {@link PaidRows}). */
  debitForNewRow(
    movement: Omit<Movement, 'reference' | 'memo'>,
    rows: PaidRows,
    row: Record<string, unknown>,
  ): Promise<{ id: number; balanceAfter: bigint }> {
    return this.paidRows.run(movement, rows, row);
  }

  /** Gives points at most once per (kind, reference), and tells the member. */
  credit(em: EntityManager, movement: Movement): Promise<MovementResult> {
    return this.gives.run(em, movement);
  }

  /** An operator's correction: positive credits, negative debits (never below zero). */
  adjust(...args: Parameters<AdjustPoints['run']>): Promise<MovementResult> {
    return this.adjustments.run(...args);
  }

  /** Takes the whole balance as one entry of `kind` (a deleted member's forfeiture), once per reference. */
  takeAll(...args: Parameters<ForfeitBalance['run']>): Promise<MovementResult> {
    return this.forfeits.run(...args);
  }

  /** Takes back what the balance covers and records the rest as the member's debt. */
  takeBack(em: EntityManager, movement: Movement): Promise<{ taken: bigint; unrecovered: bigint }> {
    return this.takeBacks.run(em, movement);
  }

  /** Collects the member's open debts from their balance, oldest first; answers what was collected. */
  collectDebts(em: EntityManager, memberId: number): Promise<bigint> {
    return this.collections.run(em, memberId);
  }

  /** An operator closes a debt without collecting the rest (no points move). */
  writeOffDebt(em: EntityManager, id: number, reason: string): Promise<PointDebt> {
    return this.writeOffs.run(em, id, reason);
  }

  /** Won the member has charged in all, less what Toss refunds took back, read in the caller's transaction. */
  chargedTotal(em: EntityManager, memberId: number): Promise<bigint> {
    return this.charged.run(em, memberId);
  }

  /** What the member owes on open debts, read in the caller's transaction. */
  outstandingIn(em: EntityManager, memberId: number): Promise<bigint> {
    return this.debts.outstandingIn(em, memberId);
  }

  outstandingOf(memberId: number): Promise<bigint> {
    return this.debts.outstandingOf(memberId);
  }

  /** One debt, locked in the caller's transaction; 404 when there is none. */
  debtIn(em: EntityManager, id: number): Promise<PointDebt> {
    return this.debts.debtIn(em, id);
  }

  debtPage(query: ListQuery): Promise<Page<PointDebt>> {
    return this.debts.debtPage(query);
  }

  /** The balance with the account row locked for the caller's transaction; 0 without an account. */
  lockedBalance(em: EntityManager, memberId: number): Promise<bigint> {
    return this.balances.lockedBalance(em, memberId);
  }

  balanceOf(memberId: number): Promise<bigint> {
    return this.balances.balanceOf(memberId);
  }

  balancesOf(memberIds: number[]): Promise<Map<number, bigint>> {
    return this.balances.balancesOf(memberIds);
  }

  /** The ledger entry a movement wrote, if any (operators see it next to the command that caused it). */
  findEntry(kind: LedgerKind, reference: LedgerReference): Promise<LedgerEntry | null> {
    return this.ledger.findEntry(kind, reference);
  }

  /** Read-only, for the operator dashboard: each kind's net movement per calendar day (in `timeZone`) since `since`. */
  dailyTotals(since: Date, timeZone: string): Promise<{ day: string; kind: LedgerKind; total: bigint }[]> {
    return this.daily.run(since, timeZone);
  }

  ledgerPage(query: ListQuery): Promise<Page<LedgerEntry>> {
    return this.ledger.ledgerPage(query);
  }

  /** The books check: every balance equals the sum of its entries, none below zero. Empty: they balance. */
  invariantViolations(): Promise<InvariantViolation[]> {
    return this.invariant.run();
  }
}
