import { BadRequestException } from '@nestjs/common';
import type { EntityManager, EntityName, FilterQuery, FindOptions } from '@mikro-orm/postgresql';
import { Page, type ListQuery } from './admin-list.js';

export interface PageOptions<T extends object> {
  /** Always applied (for instance "only this member's rows"). */
  where?: FilterQuery<T>;
  /** Filter keys the resource accepts, each turned into a condition; `id: [..]` (getMany) is built in. */
  filters?: Record<string, (value: unknown) => FilterQuery<T>>;
  /** Fields the list may be sorted by; the first is the default, descending. */
  sortable: string[];
  populate?: FindOptions<T, any>['populate'];
}

/** One page of an entity for an operator list, with ra-data-simple-rest's filter/sort/range. */
export async function findPage<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  resource: string,
  query: ListQuery,
  options: PageOptions<T>,
): Promise<Page<T>> {
  const conditions: FilterQuery<T>[] = options.where ? [options.where] : [];
  for (const [key, value] of Object.entries(query.filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'id') {
      const ids = (Array.isArray(value) ? value : [value]).map(Number).filter(Number.isInteger);
      conditions.push({ id: { $in: ids } } as unknown as FilterQuery<T>);
      continue;
    }
    const build = options.filters?.[key];
    if (!build) throw new BadRequestException(`unknown filter: ${key}`);
    conditions.push(build(value));
  }
  const field = query.sort?.field ?? options.sortable[0];
  if (!field || !options.sortable.includes(field)) throw new BadRequestException(`cannot sort by: ${field}`);
  const order = query.sort?.order ?? 'DESC';
  const where = (conditions.length === 0 ? {} : conditions.length === 1 ? conditions[0] : { $and: conditions }) as FilterQuery<T>;
  const [rows, total] = await em.findAndCount(entity, where as any, {
    orderBy: { [field]: order, ...(field === 'id' ? {} : { id: order }) } as any,
    offset: query.range.start,
    limit: query.range.end - query.range.start + 1,
    populate: options.populate,
  } as FindOptions<T, any>);
  return new Page(resource, rows, total, query.range.start);
}
