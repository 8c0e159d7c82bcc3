import type { EntityManager, EntityName, FilterQuery, OrderDefinition } from '@mikro-orm/postgresql';
import { Page, type ListQuery } from './admin-list.js';
import { filterId, filterIds, FilterValueError } from './list-filters.js';
import { DomainError } from './domain-error.js';

export interface PageOptions<T extends object> {
  /** Always applied (for instance "only this member's rows"). */
  where?: FilterQuery<T>;
  /**
   * Filter keys the resource accepts, each turned into a condition by the checks of shared/list-filters
   * (a FilterValueError is the operator's 400); `id: [..]` (getMany) is built in.
   */
  filters?: Record<string, (value: unknown) => FilterQuery<T>>;
  /** How an id reads in getMany (`{"id": [..]}`): int4 by default; string keys (platforms) pass their own. */
  id?: (value: unknown) => number | string;
  /** Fields the list may be sorted by; the first is the default, descending. */
  sortable: readonly string[];
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
    const build =
      key === 'id'
        ? (v: unknown) => ({ id: { $in: filterIds(v, options.id ?? filterId) } }) as unknown as FilterQuery<T>
        : options.filters?.[key];
    if (!build) throw new DomainError('LIST_FILTER_UNKNOWN', { key: key.slice(0, 64) });
    try {
      conditions.push(build(value));
    } catch (error) {
      if (error instanceof FilterValueError)
        throw new DomainError('LIST_FILTER_INVALID', { key, reason: error.message });
      throw error;
    }
  }
  const field = query.sort?.field ?? options.sortable[0];
  if (!field || !options.sortable.includes(field)) throw new DomainError('LIST_SORT_INVALID', { field: String(field) });
  const order = query.sort?.order ?? 'DESC';
  const where = (
    conditions.length === 0 ? {} : conditions.length === 1 ? conditions[0] : { $and: conditions }
  ) as FilterQuery<T>;
  // The field is one of `sortable`, names the resource's author chose; id breaks ties so pages never overlap.
  const orderBy = { [field]: order, ...(field === 'id' ? {} : { id: order }) } as OrderDefinition<T>;
  const [rows, total] = await em.findAndCount<T>(entity, where as FilterQuery<NoInfer<T>>, {
    orderBy,
    offset: query.range.start,
    limit: query.range.end - query.range.start + 1,
  });
  return new Page(resource, rows, total, query.range.start);
}
