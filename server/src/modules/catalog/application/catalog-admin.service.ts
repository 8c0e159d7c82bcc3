import { Injectable } from '@nestjs/common';
import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException, wrap } from '@mikro-orm/core';
import { EntityManager, type EntityClass, type FilterQuery } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  CATALOG_MESSAGES,
  categoryInputSchema,
  platformInputSchema,
  serviceInputSchema,
  type CategoryInput,
  type PlatformInput,
  type ServiceInput,
} from '../../../contracts/index.js';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { contains as ilike, DomainError, filterFlag, filterId, filterString, findPage, NotFoundError, type ListQuery, type Page } from '../../../shared/index.js';
import { Category } from '../domain/category.entity.js';
import { Platform } from '../domain/platform.entity.js';
import { Service } from '../domain/service.entity.js';

interface CrudSpec<E extends { id: string | number }, I> {
  resource: string;
  entity: EntityClass<E>;
  schema: z.ZodType<I, any>;
  parseId: (raw: string) => E['id'];
  create: (input: I) => E;
  update: (row: E, input: I) => void;
  sortable: string[];
  filters: Record<string, (value: unknown) => FilterQuery<E>>;
  /** How an id reads in getMany, when not an int4 (platforms' text ids). */
  id?: (value: unknown) => string;
  /** Said when a referenced row (platform, category) does not exist. */
  missingParent: string;
}

const IN_USE = '사용 중인 항목은 삭제할 수 없습니다. 숨김 처리해 주세요.';
const DUPLICATE = '이미 존재하는 항목입니다.';

const contains = (field: string) => (v: unknown) => ({ [field]: ilike(v) });
const flag = (field: string) => (v: unknown) => ({ [field]: filterFlag(v) });
const idOf = (field: string) => (v: unknown) => ({ [field]: filterId(v) });
const integer = (raw: string): number => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
  return id;
};

/** One operator resource of the catalogue in ra-data-simple-rest terms: list, read, create, update, delete, each audited. */
export class CrudResource<E extends { id: string | number }, I> {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditFacade,
    private readonly spec: CrudSpec<E, I>,
  ) {}

  list(query: ListQuery): Promise<Page<E>> {
    return findPage(this.em.fork(), this.spec.entity, this.spec.resource, query, { sortable: this.spec.sortable, filters: this.spec.filters, id: this.spec.id });
  }

  async getOne(rawId: string, em: EntityManager = this.em.fork()): Promise<E> {
    const row = await em.findOne(this.spec.entity, { id: this.spec.parseId(rawId) } as FilterQuery<E>);
    if (!row) throw new NotFoundError();
    return row;
  }

  create(body: unknown, actor: AuditActor): Promise<E> {
    const input = this.spec.schema.parse(body);
    return this.write(async (tx) => {
      const row = this.spec.create(input);
      tx.persist(row);
      await tx.flush();
      this.audit.record(tx, actor, { action: 'create', resource: this.spec.resource, resourceId: row.id, after: row });
      return row;
    });
  }

  update(rawId: string, body: unknown, actor: AuditActor): Promise<E> {
    return this.write(async (tx) => {
      const row = await this.getOne(rawId, tx);
      const before = wrap(row).toObject();
      const input = this.spec.schema.parse({ ...before, ...(body as object), id: row.id });
      this.spec.update(row, input);
      await tx.flush();
      this.audit.record(tx, actor, { action: 'update', resource: this.spec.resource, resourceId: row.id, before, after: row });
      return row;
    });
  }

  delete(rawId: string, actor: AuditActor): Promise<E> {
    return this.write(async (tx) => {
      const row = await this.getOne(rawId, tx);
      const before = wrap(row).toObject();
      await tx.remove(row).flush();
      this.audit.record(tx, actor, { action: 'delete', resource: this.spec.resource, resourceId: row.id, before });
      return before as unknown as E;
    });
  }

  /** A write in its own transaction; constraint violations become the operator's 4xx. */
  private async write<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.em.fork().transactional(work);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DomainError(DUPLICATE, 409);
      if (error instanceof ForeignKeyConstraintViolationException) {
        throw /delete/i.test(error.message) ? new DomainError(IN_USE, 409) : new DomainError(this.spec.missingParent, 400);
      }
      throw error;
    }
  }
}

/** The operator's catalogue resources: platforms, categories, services. */
@Injectable()
export class CatalogAdmin {
  readonly platforms: CrudResource<Platform, PlatformInput>;
  readonly categories: CrudResource<Category, CategoryInput>;
  readonly services: CrudResource<Service, ServiceInput>;

  constructor(em: EntityManager, audit: AuditFacade) {
    this.platforms = new CrudResource(em, audit, {
      resource: 'platforms',
      entity: Platform,
      schema: platformInputSchema,
      parseId: (raw) => raw,
      create: (input) => new Platform(input),
      update: (row, { id: _id, ...input }) => Object.assign(row, input),
      sortable: ['sortOrder', 'id', 'text'],
      filters: { q: contains('text'), visible: flag('visible') },
      id: (v) => filterString(v, 50),
      missingParent: '',
    });
    this.categories = new CrudResource(em, audit, {
      resource: 'categories',
      entity: Category,
      schema: categoryInputSchema,
      parseId: integer,
      create: (input) => new Category(input),
      update: (row, input) => Object.assign(row, input),
      sortable: ['sortOrder', 'id', 'text', 'platform'],
      filters: { q: contains('text'), platform: (v) => ({ platform: filterString(v, 50) }) },
      missingParent: CATALOG_MESSAGES.platform,
    });
    this.services = new CrudResource(em, audit, {
      resource: 'services',
      entity: Service,
      schema: serviceInputSchema,
      parseId: integer,
      create: (input) => new Service(input),
      update: (row, input) => row.apply(input),
      sortable: ['sortOrder', 'id', 'text', 'point', 'categoryId', 'providerId'],
      filters: {
        q: contains('text'),
        categoryId: idOf('categoryId'),
        providerId: idOf('providerId'),
        visible: flag('visible'),
        enableAuto: flag('enableAuto'),
        isReadOnly: flag('isReadOnly'),
      },
      missingParent: CATALOG_MESSAGES.category,
    });
  }
}
