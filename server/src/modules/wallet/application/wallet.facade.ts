import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import {
  Clock,
  DomainError,
  filterOneOf,
  filterString,
  findPage,
  idOf,
  NotFoundError,
  type ListQuery,
  type Page,
  executePrepared,
  oncePerStatement,
  TurnBatches,
} from '../../../shared/index.js';
import { LedgerEntry, LedgerKind } from '../domain/ledger-entry.entity.js';
import { DeliveryFacade } from '../../delivery/index.js';
import { PointDebt } from '../domain/point-debt.entity.js';

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
    super('포인트가 부족합니다.', 400);
  }
}

/** An ORDER debit of a member who owes the shop points a partner took back (an open {@link PointDebt}). */
export class OutstandingDebtError extends DomainError {
  constructor(readonly outstanding: bigint) {
    super(
      `결제 취소로 회수하지 못한 포인트 ${outstanding.toLocaleString('ko-KR')}원이 남아 있어 주문할 수 없습니다. 포인트를 충전하면 자동으로 정산되며, 문의는 고객센터(1:1 문의)로 해 주세요.`,
      409,
    );
  }
}

export interface InvariantViolation {
  memberId: number;
  balance: string;
  ledgerSum: string;
}

/** The rows debits pay for ({@link WalletFacade.debitForNewRow}); the ledger references each by its new id. */
export interface PaidRows {
  /**
   * The owning module's INSERT of its rows, written there: it selects from `taken` (one row per debit that
   * took: `member_id` and the row's values as jsonb `fields`, so no debit, no row) and answers
   * `returning id, member_id`.
   */
  insert: string;
  referenceType: string;
  /** The ledger memo before the row's id ("주문 " → "주문 123"). */
  memoPrefix: string;
}

/** A debit waiting for this turn's statement (see {@link WalletFacade.debitForNewRow}). */
interface PendingDebit {
  movement: Omit<Movement, 'reference' | 'memo'>;
  row: Record<string, unknown>;
  done: (paid: { id: number; balanceAfter: bigint } | Error) => void;
}

/** Most debits one statement carries. */
const MAX_DEBITS_PER_STATEMENT = 100;

/** An order is not paid while its member owes the shop points (a partial index makes this one probe). */
const NO_OPEN_DEBT =
  'not exists (select 1 from point_debt d where d.member_id = point_account.member_id and d.closed_at is null)';
/** The conditional UPDATE every debit is: no row back means the balance was short (or there is no account). */
const TAKE =
  'update point_account set balance = balance - ?, version = version + 1, updated_at = ? where member_id = ? and balance >= ? returning balance';
const TAKE_FOR_ORDER = TAKE.replace(' returning balance', ` and ${NO_OPEN_DEBT} returning balance`);
const takeFor = (kind: LedgerKind) => (kind === LedgerKind.ORDER ? TAKE_FOR_ORDER : TAKE);
const takeParams = (movement: Pick<Movement, 'memberId' | 'amount'>, now: Date) => [
  movement.amount.toString(),
  now,
  movement.memberId,
  movement.amount.toString(),
];

/**
 * Many members' debits as one UPDATE (the same condition as {@link TAKE}, per member), each returning the
 * row its debit pays for. The accounts are locked in member order first, so two such statements (two
 * replicas) never wait on each other in a cycle.
 */
const takeMany = (kind: LedgerKind) => `
  requested as (select * from jsonb_to_recordset(?::jsonb) as r(member_id int, amount bigint, fields jsonb)),
  locked as (
    select member_id from point_account where member_id in (select member_id from requested) order by member_id for update
  ),
  taken as (
    update point_account set balance = balance - r.amount, version = version + 1, updated_at = ?
    from requested r
    where point_account.member_id = r.member_id and point_account.member_id in (select member_id from locked)
      and balance >= r.amount${kind === LedgerKind.ORDER ? ` and ${NO_OPEN_DEBT}` : ''}
    returning point_account.member_id, point_account.balance, r.amount, r.fields
  )`;

function positive(amount: bigint): void {
  if (typeof amount !== 'bigint' || amount <= 0n) throw new DomainError('금액은 1원 이상의 정수여야 합니다.', 400);
}

/**
 * The only way points move. Every method takes the caller's EntityManager so the movement commits
 * or rolls back with the caller's own change (an order, a charge), in one transaction.
 */
@Injectable()
export class WalletFacade {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly delivery: DeliveryFacade,
  ) {}

  /**
   * A credit is told to the member in its own transaction: the reseller's `balance.changed` webhook, and
   * for a charge the customer's 충전 완료 notice. (Order debits are not: the reseller placed them.)
   */
  private async announceCredit(em: EntityManager, movement: Movement, balanceAfter: bigint): Promise<void> {
    const key = `${movement.kind}:${movement.reference.type}:${movement.reference.id}`;
    await this.delivery.webhookEvent(
      em,
      movement.memberId,
      'balance.changed',
      {
        balance: balanceAfter.toString(),
        amount: movement.amount.toString(),
        kind: movement.kind,
        reference: `${movement.reference.type}:${movement.reference.id}`,
        currency: 'KRW',
      },
      `balance:${key}`,
      'balance',
    );
    if (movement.kind === 'CHARGE')
      await this.delivery.notice(
        em,
        movement.memberId,
        'charge.completed',
        { '#{금액}': movement.amount.toLocaleString('ko-KR'), '#{잔액}': balanceAfter.toLocaleString('ko-KR') },
        `charge:${key}`,
      );
  }

  /**
   * Takes points in one statement: the conditional UPDATE (balance >= amount) and the ledger row.
   * No row back means the balance was short (or the account does not exist): nothing changed.
   */
  async debit(em: EntityManager, movement: Movement): Promise<MovementResult> {
    positive(movement.amount);
    const now = this.clock.now();
    const rows = await em.execute<{ balance_after: string }[]>(
      `with taken as (${takeFor(movement.kind)})
       insert into point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, memo, created_at)
       select ?, ?, taken.balance, ?, ?, ?, ?, ? from taken
       returning balance_after`,
      [
        ...takeParams(movement, now),
        movement.memberId,
        (-movement.amount).toString(),
        movement.kind,
        movement.reference.type,
        String(movement.reference.id),
        movement.memo ?? null,
        now,
      ],
    );
    if (rows.length === 0) throw await this.shortfall(em, movement);
    return { applied: true, balanceAfter: BigInt(rows[0]!.balance_after) };
  }

  /** Why a debit took nothing: an order's open debt, else a short balance. */
  private async shortfall(em: EntityManager, movement: Pick<Movement, 'memberId' | 'kind'>): Promise<DomainError> {
    if (movement.kind !== LedgerKind.ORDER) return new InsufficientPointsError();
    const owed = await this.outstandingIn(em, movement.memberId);
    return owed > 0n ? new OutstandingDebtError(owed) : new InsufficientPointsError();
  }

  /**
   * Takes up to `amount`, never below zero, in one statement: what the balance can cover. Answers
   * what was taken (0n: nothing moved, no ledger row). For taking back a reward that may be spent.
   */
  async debitUpTo(em: EntityManager, movement: Movement): Promise<bigint> {
    positive(movement.amount);
    const now = this.clock.now();
    const rows = await em.execute<{ taken: string }[]>(
      `with before as (select balance from point_account where member_id = ? and balance > 0 for update),
       taken as (
         update point_account a set balance = a.balance - least(b.balance, ?), version = a.version + 1, updated_at = ?
           from before b where a.member_id = ? returning a.balance, least(b.balance, ?) as taken
       )
       insert into point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, memo, created_at)
       select ?, -taken.taken, taken.balance, ?, ?, ?, ?, ? from taken
       returning -amount as taken`,
      [
        movement.memberId,
        movement.amount.toString(),
        now,
        movement.memberId,
        movement.amount.toString(),
        movement.memberId,
        movement.kind,
        movement.reference.type,
        String(movement.reference.id),
        movement.memo ?? null,
        now,
      ],
    );
    return rows[0] ? BigInt(rows[0].taken) : 0n;
  }

  /** Debits waiting for this turn's statements, by kind and paid rows. */
  private readonly pending = new TurnBatches<string, PendingDebit & { kind: LedgerKind; rows: PaidRows }>(
    (_, debits) => this.payTogether(debits[0]!.kind, debits[0]!.rows, debits),
    (debit, error) => debit.done(error as Error),
  );

  /**
   * Debits and inserts the row the debit pays for, on its own (not in a caller's transaction): the row goes
   * in only when the balance covered the amount, and the ledger entry references the row's new id. Atomic;
   * nothing changes on a short balance. The single order is the hot path: the debits asked for in one turn
   * go to PostgreSQL together, one statement (one round trip, one commit) for up to a hundred members.
   */
  debitForNewRow(
    movement: Omit<Movement, 'reference' | 'memo'>,
    rows: PaidRows,
    row: Record<string, unknown>,
  ): Promise<{ id: number; balanceAfter: bigint }> {
    positive(movement.amount);
    // The row must be inserted from the UPDATE's result: no debit, no row.
    if (!/\bfrom taken\b/.test(rows.insert) || !/\breturning "?id"?, "?member_id"?\s*$/.test(rows.insert))
      throw new Error(`paid rows' insert selects from taken and returns id, member_id: ${rows.insert}`);
    const key = `${movement.kind}\0${rows.referenceType}\0${rows.memoPrefix}\0${rows.insert}`;
    return new Promise((resolve, reject) =>
      this.pending.add(key, {
        kind: movement.kind,
        rows,
        movement,
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
  private async payTogether(kind: LedgerKind, rows: PaidRows, debits: PendingDebit[]): Promise<void> {
    const statements = oncePerStatement(debits, (d) => d.movement.memberId, MAX_DEBITS_PER_STATEMENT);
    await Promise.all(
      statements.map(async (statement) => {
        try {
          await this.payInOneStatement(kind, rows, statement);
        } catch (error) {
          // PostgreSQL's own refusal (an error with its severity and SQLSTATE, not a lost connection) means
          // the statement committed nothing, so its debits may be tried again.
          const refused = error instanceof Error && 'severity' in error && 'code' in error;
          if (!refused || statement.length === 1) return statement.forEach((d) => d.done(error as Error));
          await Promise.all(
            statement.map((debit) =>
              this.payInOneStatement(kind, rows, [debit]).catch((e: unknown) => debit.done(e as Error)),
            ),
          );
        }
      }),
    );
  }

  private async payInOneStatement(kind: LedgerKind, rows: PaidRows, debits: PendingDebit[]): Promise<void> {
    const now = this.clock.now();
    const requested = debits.map(({ movement, row }) => ({
      member_id: movement.memberId,
      amount: movement.amount.toString(),
      fields: row,
    }));
    const result = await executePrepared<{ member_id: number; id: string; balance_after: string }>(
      this.em.fork(),
      `with ${takeMany(kind)},
       paid as (${rows.insert}),
       entry as (
         insert into point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, memo, created_at)
         select taken.member_id, -taken.amount, taken.balance, ?, ?, paid.id::text, ? || paid.id::text, ?
         from taken join paid on paid.member_id = taken.member_id
         returning member_id, reference_id, balance_after
       )
       select member_id, reference_id as id, balance_after from entry`,
      [JSON.stringify(requested), now, kind, rows.referenceType, rows.memoPrefix, now],
    );
    const paid = new Map(result.map((r) => [Number(r.member_id), r]));
    for (const debit of debits) {
      const r = paid.get(debit.movement.memberId);
      if (r) debit.done({ id: Number(r.id), balanceAfter: BigInt(r.balance_after) });
      else debit.done(await this.shortfall(this.em.fork(), debit.movement).catch((e: unknown) => e as Error));
    }
  }

  /**
   * Gives points at most once per (kind, reference): a repeated call finds the ledger row and moves
   * nothing. Two concurrent calls for the same reference: the unique key fails the second statement.
   */
  async credit(em: EntityManager, movement: Movement): Promise<MovementResult> {
    positive(movement.amount);
    const now = this.clock.now();
    const rows = await em.execute<{ balance_after: string }[]>(
      `with given as (
         insert into point_account (member_id, balance, version, updated_at) values (?, ?, 1, ?)
         on conflict (member_id) do update
           set balance = point_account.balance + excluded.balance, version = point_account.version + 1, updated_at = excluded.updated_at
         where not exists (select 1 from point_ledger_entry where kind = ? and reference_type = ? and reference_id = ?)
         returning balance
       )
       insert into point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, memo, created_at)
       select ?, ?, given.balance, ?, ?, ?, ?, ? from given
       returning balance_after`,
      [
        movement.memberId,
        movement.amount.toString(),
        now,
        movement.kind,
        movement.reference.type,
        String(movement.reference.id),
        movement.memberId,
        movement.amount.toString(),
        movement.kind,
        movement.reference.type,
        String(movement.reference.id),
        movement.memo ?? null,
        now,
      ],
    );
    if (rows.length === 0) return { applied: false, balanceAfter: null };
    const balanceAfter = BigInt(rows[0]!.balance_after);
    await this.announceCredit(em, movement, balanceAfter);
    return { applied: true, balanceAfter };
  }

  /** An operator's correction: positive credits, negative debits (never below zero). */
  async adjust(
    em: EntityManager,
    memberId: number,
    amount: bigint,
    reference: LedgerReference,
    memo: string,
  ): Promise<MovementResult> {
    if (amount === 0n) throw new DomainError('조정 금액은 0일 수 없습니다.', 400);
    const movement = { memberId, kind: LedgerKind.ADJUST, reference, memo };
    return amount > 0n ? this.credit(em, { ...movement, amount }) : this.debit(em, { ...movement, amount: -amount });
  }

  /**
   * Takes the whole balance as one entry of `kind` (a deleted member's forfeiture), in the caller's
   * transaction with the account row locked; nothing when the balance is zero or the reference was used.
   */
  async takeAll(
    em: EntityManager,
    memberId: number,
    kind: LedgerKind,
    reference: LedgerReference,
    memo: string,
  ): Promise<MovementResult> {
    const rows = await em.execute<{ balance: string }[]>(
      'select balance from point_account where member_id = ? for update',
      [memberId],
    );
    const balance = rows[0] ? BigInt(rows[0].balance) : 0n;
    if (balance === 0n) return { applied: false, balanceAfter: 0n };
    const done = await em.execute<{ one: number }[]>(
      'select 1 as one from point_ledger_entry where kind = ? and reference_type = ? and reference_id = ?',
      [kind, reference.type, String(reference.id)],
    );
    if (done.length > 0) return { applied: false, balanceAfter: balance };
    return this.debit(em, { memberId, amount: balance, kind, reference, memo });
  }

  /**
   * Takes back up to `amount` (what the balance covers, as {@link debitUpTo}) and records the rest as the
   * member's debt, once per reference; answers both parts. While a debt is open the member cannot order.
   */
  async takeBack(em: EntityManager, movement: Movement): Promise<{ taken: bigint; unrecovered: bigint }> {
    const taken = await this.debitUpTo(em, movement);
    const unrecovered = movement.amount - taken;
    if (unrecovered > 0n) {
      await em.execute(
        `insert into point_debt (member_id, amount, collected, written_off, reference_type, reference_id, memo, created_at)
         values (?, ?, 0, 0, ?, ?, ?, ?)`,
        [
          movement.memberId,
          unrecovered.toString(),
          movement.reference.type,
          String(movement.reference.id),
          movement.memo ?? null,
          this.clock.now(),
        ],
      );
    }
    return { taken, unrecovered };
  }

  /** Won the member has charged in all, less what Toss refunds took back, read in the caller's transaction. */
  async chargedTotal(em: EntityManager, memberId: number): Promise<bigint> {
    const rows = await em.execute<{ total: string | null }[]>(
      `select sum(amount) as total from point_ledger_entry where member_id = ? and kind in ('CHARGE', 'CHARGE_REFUND') and reference_type <> 'debt'`,
      [memberId],
    );
    return BigInt(rows[0]?.total ?? 0);
  }

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

  /**
   * Collects the member's open debts, oldest first, from their balance (each part a CHARGE_REFUND entry
   * referencing the debt), closing those paid in full; in the caller's transaction (a top-up's). Answers
   * what was collected.
   */
  async collectDebts(em: EntityManager, memberId: number): Promise<bigint> {
    const debts = await em.find(
      PointDebt,
      { memberId, closedAt: null },
      { orderBy: { id: 'ASC' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    let total = 0n;
    for (const debt of debts) {
      const owed = debt.outstanding;
      if (owed <= 0n) continue;
      const taken = await this.debitUpTo(em, {
        memberId,
        amount: owed,
        kind: LedgerKind.CHARGE_REFUND,
        reference: { type: 'debt', id: `${debt.id}:${debt.collected}` },
        memo: `미회수 포인트 정산 (#${debt.id})`,
      });
      if (taken === 0n) break;
      debt.collected += taken;
      total += taken;
      if (debt.outstanding === 0n) {
        debt.closedAt = this.clock.now();
        debt.closedReason = '정산 완료';
      }
    }
    await em.flush();
    return total;
  }

  /** One debt, locked in the caller's transaction; 404 when there is none. */
  async debtIn(em: EntityManager, id: number): Promise<PointDebt> {
    const debt = await em.findOne(PointDebt, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!debt) throw new NotFoundError('미회수 포인트 기록을 찾을 수 없습니다.');
    return debt;
  }

  /** An operator closes a debt without collecting the rest (no points move); answers the debt. */
  async writeOffDebt(em: EntityManager, id: number, reason: string): Promise<PointDebt> {
    const debt = await this.debtIn(em, id);
    if (debt.closedAt !== null) throw new DomainError('이미 정산되었거나 면제된 미회수 포인트입니다.', 409);
    debt.writtenOff = debt.outstanding;
    debt.closedAt = this.clock.now();
    debt.closedReason = reason.slice(0, 500);
    await em.flush();
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

  /**
   * Several debits of one member as one balance check (a mass order), in the caller's transaction: the
   * account takes the total in one conditional UPDATE, then each movement gets its own ledger entry (its
   * own unique (kind, reference)) with the running balance after it. Short: nothing moves, and the error.
   */
  async debitMany(em: EntityManager, memberId: number, movements: Omit<Movement, 'memberId'>[]): Promise<bigint> {
    if (movements.length === 0) return this.lockedBalance(em, memberId);
    movements.forEach((m) => positive(m.amount));
    const total = movements.reduce((sum, m) => sum + m.amount, 0n);
    const now = this.clock.now();
    const kind = movements.some((m) => m.kind === LedgerKind.ORDER) ? LedgerKind.ORDER : movements[0]!.kind;
    const taken = await em.execute<{ balance: string }[]>(takeFor(kind), takeParams({ memberId, amount: total }, now));
    if (taken.length === 0) throw await this.shortfall(em, { memberId, kind });
    let balance = BigInt(taken[0]!.balance) + total;
    const entries = movements.map((m) => {
      balance -= m.amount;
      return {
        member_id: memberId,
        amount: (-m.amount).toString(),
        balance_after: balance.toString(),
        kind: m.kind,
        reference_type: m.reference.type,
        reference_id: String(m.reference.id),
        memo: m.memo ?? null,
        created_at: now.toISOString(),
      };
    });
    const columns = 'member_id, amount, balance_after, kind, reference_type, reference_id, memo, created_at';
    await em.execute(
      `insert into point_ledger_entry (${columns})
       select ${columns} from jsonb_populate_recordset(null::point_ledger_entry, ?::jsonb)`,
      [JSON.stringify(entries)],
    );
    return balance;
  }

  /**
   * The balance with the account row locked for the caller's transaction: a check of several debits at once
   * (a mass order) holds until they are made. 0 without an account.
   */
  async lockedBalance(em: EntityManager, memberId: number): Promise<bigint> {
    const rows = await em.execute<{ balance: string }[]>(
      'select balance from point_account where member_id = ? for update',
      [memberId],
    );
    return rows[0] ? BigInt(rows[0].balance) : 0n;
  }

  async balanceOf(memberId: number): Promise<bigint> {
    const rows = await this.em
      .fork()
      .execute<{ balance: string }[]>('select balance from point_account where member_id = ?', [memberId]);
    return rows[0] ? BigInt(rows[0].balance) : 0n;
  }

  async balancesOf(memberIds: number[]): Promise<Map<number, bigint>> {
    const result = new Map<number, bigint>(memberIds.map((id) => [id, 0n]));
    if (memberIds.length === 0) return result;
    const rows = await this.em
      .fork()
      .execute<{ member_id: number; balance: string }[]>(
        'select member_id, balance from point_account where member_id in (?)',
        [memberIds],
      );
    for (const row of rows) result.set(row.member_id, BigInt(row.balance));
    return result;
  }

  /** The ledger entry a movement wrote, if any (operators see it next to the command that caused it). */
  findEntry(kind: LedgerKind, reference: LedgerReference): Promise<LedgerEntry | null> {
    return this.em
      .fork()
      .findOne(LedgerEntry, { kind, referenceType: reference.type, referenceId: String(reference.id) });
  }

  /** Read-only, for the operator dashboard: each kind's net movement per calendar day (in `timeZone`) since `since`. */
  async dailyTotals(since: Date, timeZone: string): Promise<{ day: string; kind: LedgerKind; total: bigint }[]> {
    const rows = await this.em.fork().execute<{ day: string; kind: LedgerKind; total: string }[]>(
      `select to_char(created_at at time zone ?, 'YYYY-MM-DD') as day, kind, sum(amount) as total
         from point_ledger_entry where created_at >= ? group by 1, 2`,
      [timeZone, since],
    );
    return rows.map((r) => ({ day: r.day, kind: r.kind, total: BigInt(r.total) }));
  }

  ledgerPage(query: ListQuery): Promise<Page<LedgerEntry>> {
    return findPage(this.em.fork(), LedgerEntry, 'ledger-entries', query, {
      sortable: ['id', 'createdAt', 'amount', 'memberId'],
      filters: {
        memberId: idOf('memberId'),
        kind: (v) => ({ kind: filterOneOf(Object.values(LedgerKind), v) }),
        referenceType: (v) => ({ referenceType: filterString(v, 32) }),
        referenceId: (v) => ({ referenceId: filterString(v, 64) }),
      },
    });
  }

  /**
   * The ledger's invariant for every account: balance = sum of its entries, balance >= 0, and no
   * entries without an account. An empty list means the books balance.
   */
  async invariantViolations(): Promise<InvariantViolation[]> {
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
