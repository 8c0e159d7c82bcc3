import { Logger } from '@nestjs/common';
import type { EntityManager, EntityName } from '@mikro-orm/postgresql';

/** How long a claim holds what it took: another claimer skips the row until it has gone by. */
export class Lease {
  private constructor(readonly ms: number) {}

  static seconds(n: number): Lease {
    return new Lease(n * 1000);
  }

  static minutes(n: number): Lease {
    return new Lease(n * 60_000);
  }

  /** When a lease taken at `now` ends. */
  endsAt(now: Date): Date {
    return new Date(now.getTime() + this.ms);
  }

  /** A lease taken at or before this has ended at `now`. */
  takenBefore(now: Date): Date {
    return new Date(now.getTime() - this.ms);
  }
}

/** The column a lease is kept in, and what it holds. */
export interface LeaseColumn {
  /** A column of the claimed table (unqualified). */
  column: string;
  lease: Lease;
  /** 'until': when the lease ends (stamped now + lease); 'since': when it was taken (stamped now). */
  holds: 'until' | 'since';
  /**
   * Which rows the lease leaves free: 'ended' (the default: the column says the lease is over), 'ended-or-null'
   * (never taken too), 'any' (the due condition decides; the lease is only stamped).
   */
  free?: 'ended' | 'ended-or-null' | 'any';
}

/** Which rows are due: the claim as data. */
export interface DueRows {
  /** The claimed table (the one whose rows are taken and stamped). */
  table: string;
  alias?: string;
  /** Tables joined to it (`join … on …`), read by `due` and locked with `lockOf`. */
  join?: string;
  /** The table's key (default `id`). */
  key?: string;
  /** What the selection answers (default the key). */
  select?: string;
  /** The due condition (SQL on the table's columns) and its parameters. */
  due: string;
  params?: unknown[];
  /** Order and limit; left out when the rows are already chosen (a join on a limited set). */
  order?: string;
  limit?: number;
  lease?: LeaseColumn;
  /** Which of the joined tables' rows are locked (default all). */
  lockOf?: string;
  /** Wait for a row another transaction holds instead of skipping it (a claim of one row by key). */
  wait?: boolean;
}

export interface SqlPart {
  sql: string;
  params: unknown[];
}

/**
 * The due selection, the one piece of SQL every claim is made of: `select key from table where due (and the lease
 * has ended) order by … limit n for update skip locked`. Rows another process holds are skipped, not waited for,
 * so claimers at once take disjoint sets.
 */
export function dueSelection(claim: DueRows, now?: Date): SqlPart {
  const params = [...(claim.params ?? [])];
  let due = claim.due;
  const lease = claim.lease;
  if (lease && lease.free !== 'any') {
    if (!now) throw new Error(`the lease on ${claim.table} needs the time of the claim`);
    const { column } = lease;
    due = `(${due}) and (${lease.free === 'ended-or-null' ? `${column} is null or ` : ''}${column} <= ?)`;
    params.push(lease.holds === 'until' ? now : lease.lease.takenBefore(now));
  }
  const alias = claim.alias ? ` ${claim.alias}` : '';
  const key = claim.key ?? 'id';
  let sql = `select ${claim.select ?? (claim.alias ? `${claim.alias}.${key}` : key)} from ${claim.table}${alias}${claim.join ? ` ${claim.join}` : ''} where ${due}`;
  if (claim.order) sql += ` order by ${claim.order}`;
  if (claim.limit !== undefined) {
    sql += ' limit ?';
    params.push(claim.limit);
  }
  sql += ` for update${claim.lockOf ? ` of ${claim.lockOf}` : ''}${claim.wait ? '' : ' skip locked'}`;
  return { sql, params };
}

/** The assignment stamping a lease taken at `now`. */
export function leaseStamp(lease: LeaseColumn, now: Date): SqlPart {
  return { sql: `${lease.column} = ?`, params: [lease.holds === 'until' ? lease.lease.endsAt(now) : now] };
}

export interface Take extends DueRows {
  /** Further assignments when taken (SQL) and their parameters. */
  set?: string;
  setParams?: unknown[];
  /** What comes back of each row taken (default the key). */
  returning?: string;
}

/**
 * Option 1, take: one statement takes the due rows and stamps them (the lease, `set`), committed at once:
 * `update table set lease = … where key in (due selection) returning …`. The work is done after, outside
 * any lock; the lease (or the changed state) keeps other claimers off meanwhile.
 */
export async function takeDue<R extends object = { id: number }>(
  em: EntityManager,
  claim: Take,
  now: Date,
): Promise<R[]> {
  const sets: SqlPart[] = [];
  if (claim.lease) sets.push(leaseStamp(claim.lease, now));
  if (claim.set) sets.push({ sql: claim.set, params: claim.setParams ?? [] });
  if (sets.length === 0) throw new Error(`a take of ${claim.table} stamps nothing`);
  const selection = dueSelection(claim, now);
  return em.execute<R[]>(
    `update ${claim.table} set ${sets.map((s) => s.sql).join(', ')} where ${claim.key ?? 'id'} in (${selection.sql}) returning ${claim.returning ?? claim.key ?? 'id'}`,
    [...sets.flatMap((s) => s.params), ...selection.params],
  );
}

/** A claim whose rows are loaded as entities: the table and key are the entity's. */
export type EntityDue = Omit<DueRows, 'table' | 'key' | 'select' | 'lease'>;

/**
 * Option 2, lock: in the caller's transaction, locks the due rows (the same due selection) and loads them as
 * entities, in the claim's order. The work is done inside the lock and commits with it.
 */
export async function lockDue<T extends object>(
  tx: EntityManager,
  entity: EntityName<T>,
  claim: EntityDue,
): Promise<T[]> {
  const meta = tx.getMetadata().get(entity);
  const key = meta.primaryKeys[0]!;
  const column = meta.properties[key]!.fieldNames[0]!;
  const table = `"${meta.tableName}"`;
  const selection = dueSelection({ ...claim, table, key: column });
  const keys = (await tx.execute<Record<string, unknown>[]>(selection.sql, selection.params)).map((r) => r[column]);
  if (keys.length === 0) return [];
  const rows = await tx.find(entity, { [key]: { $in: keys } } as never);
  const position = new Map(keys.map((k, i) => [String(k), i]));
  const at = (row: T) => position.get(String((row as Record<string, unknown>)[key]))!;
  return rows.sort((a, b) => at(a) - at(b));
}

export interface BatchResult {
  handled: number;
  failed: number;
}

const logger = new Logger('Jobs');

/**
 * Option 2 row by row: in one transaction, lock the due rows ({@link lockDue}), run `handle` on each in its own
 * savepoint, and commit. A row whose handler throws is rolled back alone; `onError` may record the failure on
 * it (in the outer transaction). Handlers change the row so it is no longer due.
 */
export async function processDue<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  claim: EntityDue,
  handle: (tx: EntityManager, row: T) => Promise<void>,
  onError?: (tx: EntityManager, row: T, error: unknown) => Promise<void> | void,
): Promise<BatchResult> {
  return em.fork().transactional(async (tx) => {
    const rows = await lockDue(tx, entity, claim);
    let failed = 0;
    for (const row of rows) {
      try {
        await tx.transactional((inner) => handle(inner, row));
      } catch (error) {
        failed++;
        logger.warn(
          `${String((entity as { name?: string }).name ?? entity)}: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (onError) await onError(tx, row, error);
      }
    }
    await tx.flush();
    return { handled: rows.length - failed, failed };
  });
}
