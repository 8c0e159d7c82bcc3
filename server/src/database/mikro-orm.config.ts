import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { entities } from './entities.js';
import { migrationsList } from './migrations/index.js';

export function ormConfig(clientUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    entities,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    forceUtcTimezone: true,
    // Money is bigint in the database and in TypeScript.
    forceEntityConstructor: false,
    pool: { min: 0, max: 20 },
    migrations: {
      migrationsList,
      path: 'server/src/database/migrations',
      transactional: true,
      allOrNothing: true,
      snapshotOnMigrate: false,
      emit: 'ts',
    },
    debug: false,
    ...overrides,
  });
}
