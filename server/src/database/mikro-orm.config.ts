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
    // An idle connection is kept a minute (pg-pool's default is 10 s): under a steady load that dips, the
    // pool otherwise closes connections and opens new ones (a backend started, a password exchange) moments later.
    pool: { min: 0, max: 20, idleTimeoutMillis: 60_000 },
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
