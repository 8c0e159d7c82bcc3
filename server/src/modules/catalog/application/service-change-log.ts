import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  SERVICE_CHANGE_KINDS,
  SERVICE_CHANGE_SOURCE_LABELS,
  SERVICE_CHANGE_SOURCES,
  SERVICE_CHANGE_KIND_LABELS,
  type ServiceChangeListInput,
  type ServiceChangePage,
  type ServiceChangeUpdate,
  type ServiceChangeView,
} from '../../../contracts/index.js';
import {
  filterFlag,
  filterId,
  filterOneOrMany,
  findPage,
  lockDue,
  NotFoundError,
  searchIn,
  type ListQuery,
  type Page,
} from '../../../shared/index.js';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { ServiceChange } from '../domain/service-change.entity.js';

/** What the console shows of an entry: the public view with its source, visibility and labels. */
const adminRow = (row: ServiceChange) => ({
  ...row.view(),
  kindLabel: SERVICE_CHANGE_KIND_LABELS[row.kind],
  source: row.source,
  sourceLabel: SERVICE_CHANGE_SOURCE_LABELS[row.source],
  hidden: row.hidden,
  noticedAt: row.noticedAt?.toISOString() ?? null,
});
export type ServiceChangeAdminRow = ReturnType<typeof adminRow>;

/** One member's share of the daily digest: the entries of services they ordered lately. */
export interface DigestEntry {
  id: number;
  view: ServiceChangeView;
}

/**
 * The change log (서비스 변경 안내) as it is read: the public list (newest first, hidden entries left out),
 * the console's list with hide and note (audited), and the entries the recent customers' digest takes.
 */
@Injectable()
export class ServiceChangeLog {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditFacade,
  ) {}

  async publicPage({ page, size }: ServiceChangeListInput): Promise<ServiceChangePage> {
    const [rows, total] = await this.em
      .fork()
      .findAndCount(
        ServiceChange,
        { hidden: false },
        { orderBy: { createdAt: 'DESC', id: 'DESC' }, limit: size, offset: (page - 1) * size },
      );
    return { items: rows.map((r) => r.view()), total, page, size };
  }

  async adminPage(query: ListQuery): Promise<Page<ServiceChangeAdminRow>> {
    const page = await findPage(this.em.fork(), ServiceChange, 'service-changes', query, {
      sortable: ['createdAt', 'id', 'serviceId', 'kind'],
      filters: {
        q: searchIn('serviceName', 'note'),
        serviceId: (v) => ({ serviceId: filterId(v) }),
        kind: (v) => ({ kind: { $in: filterOneOrMany(SERVICE_CHANGE_KINDS, v) } }),
        source: (v) => ({ source: { $in: filterOneOrMany(SERVICE_CHANGE_SOURCES, v) } }),
        hidden: (v) => ({ hidden: filterFlag(v) }),
      },
    });
    return page.map(adminRow);
  }

  async adminOne(id: number): Promise<ServiceChangeAdminRow> {
    const row = await this.em.fork().findOne(ServiceChange, { id });
    if (!row) throw new NotFoundError('SERVICE_CHANGE_NOT_FOUND');
    return adminRow(row);
  }

  /** Hides or shows an entry, or sets its note (a PUT of the console's form: other fields are ignored). */
  async update(id: number, input: ServiceChangeUpdate, actor: AuditActor): Promise<ServiceChangeAdminRow> {
    return this.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(ServiceChange, { id });
      if (!row) throw new NotFoundError('SERVICE_CHANGE_NOT_FOUND');
      const before = { hidden: row.hidden, note: row.note };
      if (input.hidden !== undefined) row.hidden = input.hidden;
      if (input.note !== undefined) row.note = input.note;
      this.audit.record(tx, actor, {
        action: 'update',
        resource: 'service-changes',
        resourceId: id,
        before,
        after: { hidden: row.hidden, note: row.note },
      });
      return adminRow(row);
    });
  }

  /**
   * The digest's batch, in the caller's transaction: entries written before `before` and not yet taken, oldest
   * first, locked so two replicas never take the same one, and marked taken at `now`. Hidden ones are taken
   * and left out (an operator hid them before members were told).
   */
  async takeForDigest(tx: EntityManager, before: Date, now: Date, limit: number): Promise<DigestEntry[]> {
    const rows = await lockDue(tx, ServiceChange, {
      due: 'noticed_at is null and created_at < ?',
      params: [before],
      order: 'id',
      limit,
    });
    for (const row of rows) row.noticedAt = now;
    return rows.filter((r) => !r.hidden).map((r) => ({ id: r.id, view: r.view() }));
  }
}
