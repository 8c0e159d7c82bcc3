import { OptimisticLockError, wrap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditActor, AuditFacade } from '../../audit/index.js';
import { DomainError } from '../../../shared/index.js';

/** Who settles a charge or records a deposit: an operator (audited) or the bank-alert integration. */
export interface Settler {
  by: string;
  operator?: AuditActor;
}

export const operatorSettler = (operator: AuditActor): Settler => ({ by: `operator:${operator.loginId}`, operator });
export const BANK_ALERT: Settler = { by: 'bank-alert' };

export class AlreadySettledError extends DomainError {
  constructor() {
    super('CHARGE_CHANGED_MEANWHILE');
  }
}

/**
 * Flushes versioned entities: each UPDATE carries `WHERE version = <read version>`, so when a
 * concurrent transaction changed the row first (two operators accepting at once), this one matches
 * nothing and is refused with a 409 instead of settling twice.
 */
export async function flushOrConflict(tx: EntityManager): Promise<void> {
  try {
    await tx.flush();
  } catch (error) {
    if (error instanceof OptimisticLockError) throw new AlreadySettledError();
    throw error;
  }
}

/** A plain snapshot for the audit log. */
export const snapshot = (entity: object): Record<string, unknown> => wrap(entity).toObject() as Record<string, unknown>;

/**
 * An operator's command on a charge or deposit, in the caller's transaction: `change` moves the record,
 * the versioned flush refuses a concurrent change (409), and the audit log keeps it before and after.
 */
export async function auditedChange<T extends object>(
  tx: EntityManager,
  audit: AuditFacade,
  operator: AuditActor,
  entry: { action: string; resource: string; resourceId: number },
  record: T,
  change: (record: T) => void,
): Promise<T> {
  const before = snapshot(record);
  change(record);
  await flushOrConflict(tx);
  audit.record(tx, operator, { ...entry, before, after: snapshot(record) });
  return record;
}
