import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException, wrap } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { Clock, DomainError, findPage, NotFoundError, type ListQuery, type Page } from '../../../shared/index.js';
import { ContentChanges } from './content-changes.js';
import type { ContentResource } from './content-resources.js';

type Row = { id: number };

/** Keys the caller left out stay as they are (PUT merges). */
const given = (input: Record<string, unknown>) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
const plain = (row: object) => wrap(row).toObject() as Record<string, unknown>;

/** Operators' create/read/update/delete of content resources; every write is audited in its transaction. */
@Injectable()
export class ContentAdmin {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly audit: AuditFacade,
    private readonly changes: ContentChanges,
  ) {}

  list(resource: ContentResource, query: ListQuery): Promise<Page<Row>> {
    return findPage(this.em.fork(), resource.entity, resource.name, query, { sortable: resource.sortable, filters: resource.filters });
  }

  get(resource: ContentResource, id: number): Promise<Row> {
    return this.find(this.em.fork(), resource, id);
  }

  create(resource: ContentResource, input: Record<string, unknown>, actor: AuditActor): Promise<Row> {
    return this.write(resource, async (tx) => {
      const fields = given(input);
      if (resource.appendToEnd && fields.sortOrder === undefined) fields.sortOrder = await this.endOf(tx, resource);
      const row = tx.create(resource.entity, { ...resource.stamp?.(this.clock.now()), ...fields } as never);
      await tx.flush();
      this.audit.record(tx, actor, { action: 'create', resource: resource.name, resourceId: row.id, after: plain(row) });
      return row;
    });
  }

  /** The position after the last row of an ordered list. */
  private async endOf(tx: EntityManager, resource: ContentResource): Promise<number> {
    const [last] = (await tx.find(resource.entity, {}, { orderBy: { sortOrder: 'DESC' } as never, limit: 1 })) as unknown as { sortOrder: number }[];
    return last ? last.sortOrder + 1 : 0;
  }

  update(resource: ContentResource, id: number, input: Record<string, unknown>, actor: AuditActor): Promise<Row> {
    return this.write(resource, async (tx) => {
      const row = await this.find(tx, resource, id);
      const before = plain(row);
      tx.assign(row, given(input) as never);
      await tx.flush();
      this.audit.record(tx, actor, { action: 'update', resource: resource.name, resourceId: id, before, after: plain(row) });
      return row;
    });
  }

  /** Answers the deleted record, as ra-data-simple-rest expects. */
  remove(resource: ContentResource, id: number, actor: AuditActor): Promise<Record<string, unknown>> {
    return this.write(resource, async (tx) => {
      const row = await this.find(tx, resource, id);
      const before = plain(row);
      tx.remove(row);
      this.audit.record(tx, actor, { action: 'delete', resource: resource.name, resourceId: id, before });
      return before;
    });
  }

  private async write<R>(resource: ContentResource, work: (tx: EntityManager) => Promise<R>): Promise<R> {
    try {
      const result = await this.em.fork().transactional(work);
      this.changes.emit(resource.name);
      return result;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && resource.conflict) throw new DomainError(resource.conflict, 409);
      throw error;
    }
  }

  private async find(tx: EntityManager, resource: ContentResource, id: number): Promise<Row> {
    const row = await tx.findOne(resource.entity, { id });
    if (!row) throw new NotFoundError();
    return row;
  }
}
