import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock, filterId, filterString, findPage, type ListQuery, type Page } from '../../../shared/index.js';
import { AuditLog } from '../domain/audit-log.entity.js';

export interface AuditActor {
  /** Null: the system (a scheduled job) acted. */
  id: number | null;
  loginId: string;
}

export interface AuditEntry {
  action: string;
  resource: string;
  resourceId: string | number;
  before?: unknown;
  after?: unknown;
}

// bigint is not JSON: audit snapshots store money as numbers.
const plain = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

@Injectable()
export class AuditFacade {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** Records an operator action in the caller's transaction, so the row exists exactly when the change does. */
  record(em: EntityManager, actor: AuditActor, entry: AuditEntry): void {
    em.persist(
      new AuditLog({
        operatorId: actor.id,
        operatorLoginId: actor.loginId,
        action: entry.action,
        resource: entry.resource,
        resourceId: String(entry.resourceId),
        before: plain(entry.before),
        after: plain(entry.after),
        createdAt: this.clock.now(),
      }),
    );
  }

  page(query: ListQuery): Promise<Page<AuditLog>> {
    return findPage(this.em.fork(), AuditLog, 'audit-logs', query, {
      sortable: ['id', 'createdAt', 'resource', 'action'],
      filters: {
        resource: (v) => ({ resource: filterString(v, 64) }),
        resourceId: (v) => ({ resourceId: filterString(v, 64) }),
        action: (v) => ({ action: filterString(v, 64) }),
        operatorLoginId: (v) => ({ operatorLoginId: filterString(v, 100) }),
        operatorId: (v) => ({ operatorId: filterId(v) }),
      },
    });
  }
}
