import { Logger } from '@nestjs/common';
import {
  LockMode,
  type EntityManager,
  type EntityName,
  type FilterQuery,
  type QueryOrderMap,
} from '@mikro-orm/postgresql';

export interface ClaimOptions<T extends object> {
  /** Which rows are due (e.g. status PENDING and dueAt <= now). */
  where: FilterQuery<T>;
  orderBy?: QueryOrderMap<T>;
  /** At most this many rows per batch. */
  limit: number;
}

export interface BatchResult {
  handled: number;
  failed: number;
}

const logger = new Logger('Jobs');

/**
 * The one way to run scheduled work safely on any number of replicas: in one transaction, lock up to
 * `limit` due rows with FOR UPDATE SKIP LOCKED (rows another process holds are skipped, not waited
 * for), run `handle` on each in its own savepoint, and commit. A row whose handler throws is rolled
 * back alone; `onError` may record the failure on it (in the outer transaction). Handlers must be
 * idempotent with respect to the row's state: they change the row so it is no longer due.
 */
export async function claimAndProcess<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  options: ClaimOptions<T>,
  handle: (tx: EntityManager, row: T) => Promise<void>,
  onError?: (tx: EntityManager, row: T, error: unknown) => Promise<void> | void,
): Promise<BatchResult> {
  return em.fork().transactional(async (tx) => {
    const rows = await tx.find(
      entity,
      options.where as never,
      {
        orderBy: options.orderBy,
        limit: options.limit,
        lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE,
      } as never,
    );
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
