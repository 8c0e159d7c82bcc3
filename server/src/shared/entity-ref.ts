import type { EntityClass } from '@mikro-orm/core';

const registered = new Map<string, EntityClass<object>>();

/** database/entities.ts hands over the one entity list, so relations named by {@link entityNamed} resolve. */
export function registerEntities(list: readonly EntityClass<object>[]): void {
  for (const entity of list) registered.set(entity.name, entity);
}

/**
 * The target of a relation to another module's entity, by class name (`@ManyToOne(entityNamed('Service'), …)`):
 * the foreign key stays in the schema while the module imports no other module's entity class. MikroORM 7
 * dropped string targets (`@ManyToOne('Service')`); this resolves the name when MikroORM discovers the entities.
 */
export function entityNamed(name: string): () => EntityClass<object> {
  return () => {
    const entity = registered.get(name);
    if (!entity)
      throw new Error(`Entity ${name} is not registered: list it in its module's entities.ts (database/entities.ts)`);
    return entity;
  };
}
