import {
  Body,
  Controller,
  Delete,
  Get,
  Inject,
  Injectable,
  Optional,
  Param,
  Post,
  Put,
  Query,
  UseGuards,
  type CanActivate,
  type PipeTransform,
  type Type,
} from '@nestjs/common';
import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException, wrap } from '@mikro-orm/core';
import { EntityManager, type EntityClass, type FilterQuery, type RequiredEntityData } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { parseListQuery, type ListQuery, type Page } from './admin-list.js';
import { findPage } from './admin-page.js';
import { Clock } from './clock.js';
import { DomainError, NotFoundError } from './domain-error.js';
import { idPipe, keyPipe, type IdPipeOptions } from './id-pipe.js';
import { filterId, filterString } from './list-filters.js';
import { Allow } from './permissions.js';
import type { Permission } from '../contracts/operators.js';
import { type ErrorCode } from '../contracts/index.js';

/**
 * The operator console's CRUD over a table (ra-data-simple-rest): one resource definition per table and
 * one controller made from it, at /api/admin/<name>: GET list (sort/range/filter, Content-Range), GET one,
 * POST, PUT (merges), DELETE (answers the deleted record). Every write runs in its own transaction with
 * its audit entry.
 */

export type CrudRow = { id: number | string };
type Snapshot = Record<string, unknown>;

/** How a resource's records are numbered: the `:id` pipe and getMany's `{"id": [..]}` reader. */
export interface RecordIds<I extends number | string> {
  pipe: PipeTransform<unknown, I>;
  filter: (value: unknown) => I;
}

/** int4 ids (a serial column). */
export const numberedIds = (options?: IdPipeOptions): RecordIds<number> => ({
  pipe: idPipe(options),
  filter: filterId,
});

/** Text keys of a known shape (platforms' 'instagram'). */
export const keyedIds = (pattern: RegExp, max: number): RecordIds<string> => ({
  pipe: keyPipe(pattern),
  filter: (v) => filterString(v, max),
});

export interface CrudContext<E extends CrudRow> {
  tx: EntityManager;
  now: Date;
  /** A new row of the resource's entity from plain fields (those left undefined keep the entity's defaults). */
  insert(fields: Snapshot): E;
}

export interface AdminResource<E extends CrudRow, C, U> {
  /** The path under /api/admin, the Content-Range's and the audit log's resource name. */
  name: string;
  entity: EntityClass<E>;
  ids: RecordIds<E['id']>;
  /** A POST body. */
  create: z.ZodType<C>;
  /**
   * A PUT body. `fields`: the fields sent are checked on their own, before the record is looked up.
   * `record`: the stored record with the body laid over it is checked whole, for rules that span fields
   * (a service's min ≤ max); the id stays the record's.
   */
  update: { check: 'fields' | 'record'; schema: z.ZodType<U> };
  /** Sortable fields; the first is the default (descending). */
  sortable: readonly string[];
  /** List filters by key (shared/list-filters builders); `id: [..]` is built in. */
  filters: Record<string, (value: unknown) => FilterQuery<E>>;
  /** A new row from a checked POST body; by default its fields onto a new entity. */
  build?: (input: C, context: CrudContext<E>) => E | Promise<E>;
  /** A checked PUT body onto the row; by default its defined fields are assigned. */
  apply?: (row: E, input: U) => void;
  /** Korean answers for writes the database refuses (a rule it keeps, such as "a category in use stays"). */
  refusals?: {
    /** A unique key (a 409 code). Without it the HTTP kernel's generic 409. */
    duplicate?: ErrorCode;
    /** DELETE of a row others reference (a 409 code). */
    inUse?: ErrorCode;
    /** A create or update naming a parent that does not exist (a 400 code). */
    missingParent?: ErrorCode;
  };
}

/** Who acts: the operator the guard let in. */
export interface CrudActor {
  id: number;
  loginId: string;
}

/** Where writes are audited, in their transaction (the audit module's AuditFacade, bound by each module). */
export abstract class CrudAuditLog {
  abstract record(
    tx: EntityManager,
    actor: CrudActor,
    entry: { action: string; resource: string; resourceId: string | number; before?: unknown; after?: unknown },
  ): void;
}

/** Told after a write of a resource commits (content keeps a copy of itself in the storefront's page). */
export abstract class CrudWriteListener {
  abstract written(resource: string): void;
}

const defined = (fields: object): Snapshot =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
const snapshot = (row: object): Snapshot => wrap(row).toObject() as Snapshot;

/** Runs the definitions: list, read, create, update, delete, each write audited. One per module (its audit and listener). */
@Injectable()
export class AdminCrud {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly audit: CrudAuditLog,
    @Optional() private readonly listener?: CrudWriteListener,
  ) {}

  list<E extends CrudRow, C, U>(resource: AdminResource<E, C, U>, query: ListQuery): Promise<Page<E>> {
    return findPage(this.em.fork(), resource.entity, resource.name, query, {
      sortable: resource.sortable,
      filters: resource.filters,
      id: resource.ids.filter,
    });
  }

  getOne<E extends CrudRow, C, U>(resource: AdminResource<E, C, U>, id: E['id']): Promise<E> {
    return this.find(this.em.fork(), resource, id);
  }

  create<E extends CrudRow, C, U>(resource: AdminResource<E, C, U>, body: unknown, actor: CrudActor): Promise<E> {
    const input = resource.create.parse(body);
    return this.write(resource, 'create', async (tx) => {
      const context: CrudContext<E> = {
        tx,
        now: this.clock.now(),
        insert: (fields) => tx.create(resource.entity, defined(fields) as RequiredEntityData<E>),
      };
      const row = resource.build ? await resource.build(input, context) : context.insert(input as Snapshot);
      await tx.persist(row).flush();
      this.audit.record(tx, actor, {
        action: 'create',
        resource: resource.name,
        resourceId: row.id,
        after: snapshot(row),
      });
      return row;
    });
  }

  update<E extends CrudRow, C, U>(
    resource: AdminResource<E, C, U>,
    id: E['id'],
    body: unknown,
    actor: CrudActor,
  ): Promise<E> {
    const { check, schema } = resource.update;
    // Fields checked alone are refused before the lookup; a whole record needs the stored one first.
    const fields = check === 'fields' ? schema.parse(body) : undefined;
    return this.write(resource, 'update', async (tx) => {
      const row = await this.find(tx, resource, id);
      const before = snapshot(row);
      const input = fields ?? schema.parse({ ...before, ...(typeof body === 'object' ? body : {}), id: row.id });
      if (resource.apply) resource.apply(row, input);
      else Object.assign(row, defined(input as Snapshot));
      await tx.flush();
      this.audit.record(tx, actor, {
        action: 'update',
        resource: resource.name,
        resourceId: row.id,
        before,
        after: snapshot(row),
      });
      return row;
    });
  }

  /** Answers the deleted record, as ra-data-simple-rest expects. */
  remove<E extends CrudRow, C, U>(resource: AdminResource<E, C, U>, id: E['id'], actor: CrudActor): Promise<Snapshot> {
    return this.write(resource, 'delete', async (tx) => {
      const row = await this.find(tx, resource, id);
      const before = snapshot(row);
      await tx.remove(row).flush();
      this.audit.record(tx, actor, { action: 'delete', resource: resource.name, resourceId: row.id, before });
      return before;
    });
  }

  private async find<E extends CrudRow, C, U>(
    em: EntityManager,
    resource: AdminResource<E, C, U>,
    id: E['id'],
  ): Promise<E> {
    const row = await em.findOne(resource.entity, { id } as FilterQuery<NoInfer<E>>);
    if (!row) throw new NotFoundError();
    return row;
  }

  /** A write in its own transaction; the constraint violations the definition names become its 4xx. */
  private async write<E extends CrudRow, C, U, R>(
    resource: AdminResource<E, C, U>,
    action: 'create' | 'update' | 'delete',
    work: (tx: EntityManager) => Promise<R>,
  ): Promise<R> {
    let result: R;
    try {
      result = await this.em.fork().transactional(work);
    } catch (error) {
      const { duplicate, inUse, missingParent } = resource.refusals ?? {};
      if (error instanceof UniqueConstraintViolationException && duplicate) throw new DomainError(duplicate);
      if (error instanceof ForeignKeyConstraintViolationException) {
        if (action === 'delete' && inUse) throw new DomainError(inUse);
        if (action !== 'delete' && missingParent) throw new DomainError(missingParent);
      }
      throw error;
    }
    this.listener?.written(resource.name);
    return result;
  }
}

/** Who may call the routes and how the handler learns who acts: the auth module's OperatorGuard and CurrentOperator. */
export interface CrudAccess {
  guard: Type<CanActivate>;
  actor: () => ParameterDecorator;
  /** What every route of the resource needs (shared/permissions.ts). */
  permission: Permission;
}

/** The controller of one resource at /api/admin/<name>, answering ra-data-simple-rest's five calls. */
export function adminCrudController<E extends CrudRow, C, U>(
  resource: AdminResource<E, C, U>,
  access: CrudAccess,
): Type {
  const Actor = access.actor;
  const byId = resource.ids.pipe;

  @Controller(`admin/${resource.name}`)
  @UseGuards(access.guard)
  @Allow(access.permission)
  class AdminCrudController {
    constructor(@Inject(AdminCrud) private readonly crud: AdminCrud) {}

    @Get()
    list(@Query() query: unknown) {
      return this.crud.list(resource, parseListQuery(query));
    }

    @Get(':id')
    getOne(@Param('id', byId) id: E['id']) {
      return this.crud.getOne(resource, id);
    }

    @Post()
    create(@Body() body: unknown, @Actor() actor: CrudActor) {
      return this.crud.create(resource, body, actor);
    }

    @Put(':id')
    update(@Param('id', byId) id: E['id'], @Body() body: unknown, @Actor() actor: CrudActor) {
      return this.crud.update(resource, id, body, actor);
    }

    @Delete(':id')
    remove(@Param('id', byId) id: E['id'], @Actor() actor: CrudActor) {
      return this.crud.remove(resource, id, actor);
    }
  }
  Object.defineProperty(AdminCrudController, 'name', { value: `Admin(${resource.name})Controller` });
  return AdminCrudController;
}
