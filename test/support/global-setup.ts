import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
// Jest loads global setup as CommonJS outside its module mapper, so this one import has no .js suffix.
// @ts-expect-error TS2835
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/src/database/embedded-postgres';

declare global {
  var __TEST_PG__: EmbeddedDatabase | undefined;
}

/**
 * One throw-away PostgreSQL cluster for the whole run, unless TEST_DATABASE_URL/DATABASE_URL names a server.
 * TEST_POSTGRES_BIN names another server's binaries (Debian's /usr/lib/postgresql/15/bin): the cluster is
 * then made and run by that PostgreSQL instead of the embedded one, the same way (as root: the postgres user).
 */
export default async function globalSetup(): Promise<void> {
  const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (external) {
    process.env.TEST_DATABASE_URL = external;
    return;
  }
  const dir = join(process.cwd(), '.test-data', `run-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const binaries = process.env.TEST_POSTGRES_BIN || undefined;
  const db = await startEmbeddedPostgres(dir, { durable: false, binaries });
  globalThis.__TEST_PG__ = db;
  process.env.TEST_DATABASE_URL = db.url;
  process.env.TEST_DATA_ROOT = dir;
}
