import type { EntityClass, EntityManager, RequiredEntityData } from '@mikro-orm/postgresql';

const statements = new Map<string, string>();

/**
 * `insert into … values (?, …) returning …` for one new entity, with the values a flush would write.
 * The query builder costs more than the statement's own round trip, so its SQL is kept per entity and
 * column list; kept only when its parameters are exactly the prepared values in order.
 */
export function insertStatement<T extends object>(em: EntityManager, entityClass: EntityClass<T>, entity: T): { sql: string; params: unknown[] } {
  const data = em.getComparator().prepareEntity(entity) as Record<string, unknown>;
  const params = Object.values(data);
  const key = `${entityClass.name}(${Object.keys(data).join(',')})`;
  const known = statements.get(key);
  if (known) return { sql: known, params };
  const qb = em.createQueryBuilder(entityClass).insert(data as RequiredEntityData<T>);
  const built = qb.getParams();
  if (built.length === params.length && built.every((value, i) => Object.is(value, params[i]))) statements.set(key, qb.getQuery());
  return { sql: qb.getQuery(), params: [...built] };
}
