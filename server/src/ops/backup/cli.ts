// `npm run backup` and `npm run restore -- FILE [--force]`: against DATABASE_URL, or the embedded
// database of DATA_DIR (started here, so the server must not be running on that DATA_DIR).
import 'reflect-metadata';
import { join, resolve } from 'node:path';
import { ConfigError, parseEnv } from '../../config/index.js';
import {
  EmbeddedDatabaseError,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../../database/embedded-postgres.js';
import { backupDatabase, BackupError, ensureBackupDir, restoreDatabase } from './application/backup.js';

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const file = rest.find((a) => !a.startsWith('--'));

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (command !== 'backup' && command !== 'restore') fail('usage: npm run backup | npm run restore -- FILE [--force]');
if (command === 'restore' && !file)
  fail('usage: npm run restore -- FILE [--force]   (FILE: a backup from DATA_DIR/backups)');

let embedded: EmbeddedDatabase | undefined;
try {
  const env = parseEnv(process.env);
  const dataDir = resolve(env.DATA_DIR);
  let url = env.DATABASE_URL;
  if (!url) {
    try {
      embedded = await startEmbeddedPostgres(dataDir, { notice: (line) => process.stderr.write(`${line}\n`) });
    } catch (error) {
      if (error instanceof EmbeddedDatabaseError && /in use by a running server/.test(error.message)) {
        fail(
          `The server is running on DATA_DIR ${dataDir}: stop it first (npm run ${command} starts the embedded database itself), or point DATABASE_URL at the database.`,
        );
      }
      throw error;
    }
    url = embedded.url;
  }
  if (command === 'backup') {
    const dir = resolve(env.BACKUP_DIR ?? join(dataDir, 'backups'));
    ensureBackupDir(dir);
    const result = await backupDatabase(url, dir);
    const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
    process.stdout.write(
      `backup ${result.file} (${result.format === 'custom' ? 'pg_dump custom format' : `${Object.keys(result.tables).length} tables, ${rows} rows`}, ${(result.bytes / 1024).toFixed(1)} KiB, ${Math.round(result.ms)} ms)\n`,
    );
  } else {
    const result = await restoreDatabase(url, resolve(file!), { force });
    const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
    process.stdout.write(
      `restored ${file} (${result.format === 'custom' ? 'pg_restore' : `${Object.keys(result.tables).length} tables, ${rows} rows`}, ${Math.round(result.ms)} ms); start the server to apply any newer migrations\n`,
    );
  }
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError || error instanceof EmbeddedDatabaseError) {
    await embedded?.stop();
    fail(error.message);
  }
  await embedded?.stop();
  throw error;
}
await embedded?.stop();
