// Backups of the whole database, embedded or DATABASE_URL. `pg_dump --format=custom` when a pg_dump at
// least as new as the server is on PATH; otherwise the project's own logical dump (see README "Backups"):
// the embedded PostgreSQL is 18 and ships no pg_dump, and an older pg_dump refuses a newer server.
import { execFile, spawn } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { promisify } from 'node:util';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../../../database/mikro-orm.config.js';
import { migrationsList } from '../../../database/migrations/index.js';

const FORMAT = 'smm-backup';
const MIGRATIONS_TABLE = 'mikro_orm_migrations';
/** COPY's text format escapes every backslash in data, so no row line can be exactly this. */
const END_OF_TABLE = '\\.';

/** A backup or restore the operator can fix: printed as one line, exit code 1. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  format: 'custom' | 'smm';
  tables: Record<string, number>;
}

interface Header {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  serverVersion: string;
  migrations: string[];
  tables: { name: string; columns: string[] }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The major version of a pg_dump/pg_restore on PATH, or null when there is none. */
async function toolMajor(tool: string): Promise<number | null> {
  try {
    const { stdout } = await promisify(execFile)(tool, ['--version']);
    const match = /(\d+)(?:\.\d+)?/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ v: string }>('SHOW server_version_num');
  return Math.floor(Number(rows[0]!.v) / 10_000);
}

function stamp(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}-${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}`;
}

/** A writable folder for backups, or a BackupError naming it (one line). */
export function ensureBackupDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    throw new BackupError(
      `the backup folder ${dir} cannot be created or written (${(error as NodeJS.ErrnoException).code ?? 'error'}): point BACKUP_DIR (or DATA_DIR) at a writable folder`,
    );
  }
}

/** What a backup's or a restore's connection is called in pg_stat_activity. */
export const BACKUP_APPLICATION_NAME = 'smm-backup';

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: BACKUP_APPLICATION_NAME });
  // A dropped connection (the database restarting, or stopped under a server shutting down mid-backup)
  // rejects the statement in flight; unheard, its 'error' event would also take the whole process down.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`cannot connect to the database: ${(error as Error).message}`);
  }
  return client;
}

/** Writes one backup of the database at `url` into `dir`; the file appears only once complete. */
export async function backupDatabase(
  url: string,
  dir: string,
  options: { now?: Date; preferPgDump?: boolean } = {},
): Promise<BackupResult> {
  const started = performance.now();
  mkdirSync(dir, { recursive: true });
  const client = await connect(url);
  try {
    const major = await serverMajor(client);
    const dump = options.preferPgDump === false ? null : await toolMajor('pg_dump');
    const name = `smm-${stamp(options.now ?? new Date())}`;
    if (dump !== null && dump >= major) {
      const file = join(dir, `${name}.pgdump`);
      const partial = `${file}.partial`;
      await runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${url}`]);
      renameSync(partial, file);
      return { file, bytes: statSync(file).size, ms: performance.now() - started, format: 'custom', tables: {} };
    }
    const file = join(dir, `${name}.dump.gz`);
    const partial = `${file}.partial`;
    try {
      const tables = await logicalDump(client, partial);
      renameSync(partial, file);
      return { file, bytes: statSync(file).size, ms: performance.now() - started, format: 'smm', tables };
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
  } finally {
    await client.end();
  }
}

function runTool(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (c: Buffer) => (errors += c.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${tool} is not on PATH: install the PostgreSQL client tools of the server's major version`)
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError(
              `${tool} failed: ${errors.trim().split('\n').slice(-2).join(' / ') || `exit code ${code}`}`,
            ),
          ),
    );
  });
}

async function write(out: Writable, text: string | Buffer): Promise<void> {
  if (!out.write(text)) await new Promise((r) => out.once('drain', r));
}

/** One snapshot (REPEATABLE READ READ ONLY): the migrations applied, then every table's rows by COPY. */
async function logicalDump(client: pg.Client, file: string): Promise<Record<string, number>> {
  const gzip = createGzip({ level: 6 });
  const done = pipeline(gzip, createWriteStream(file, { mode: 0o600 }));
  const counts: Record<string, number> = {};
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const version = (await client.query<{ v: string }>('SHOW server_version')).rows[0]!.v;
    const hasMigrations =
      (await client.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [MIGRATIONS_TABLE])).rows[0]!.t !== null;
    const migrations = hasMigrations
      ? (await client.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`)).rows.map(
          (r) => r.name,
        )
      : [];
    const unordered = await tableColumns(client);
    // Parents before children, so a restore's COPY statements meet every foreign key as they go.
    const tables = (
      await foreignKeyOrder(
        client,
        unordered.map((t) => t.name),
      )
    ).map((n) => unordered.find((t) => t.name === n)!);
    const sequences = (
      await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'S' AND n.nspname = current_schema() ORDER BY 1`,
      )
    ).rows;
    const sequenceValues: Header['sequences'] = [];
    for (const { name } of sequences) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text, is_called FROM ${quote(name)}`,
      );
      sequenceValues.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    const header: Header = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      serverVersion: version,
      migrations,
      tables,
      sequences: sequenceValues,
    };
    await write(gzip, `${JSON.stringify(header)}\n`);
    for (const table of tables) {
      await write(gzip, `${JSON.stringify({ table: table.name })}\n`);
      const stream = client.query(
        copyTo(`COPY ${quote(table.name)} (${table.columns.map(quote).join(', ')}) TO STDOUT`),
      );
      for await (const chunk of stream) await write(gzip, chunk as string);
      counts[table.name] = stream.rowCount;
      await write(gzip, `${END_OF_TABLE}\n`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    gzip.destroy(error as Error);
    await done.catch(() => {});
    throw error;
  }
  gzip.end();
  await done;
  return counts;
}

async function tableColumns(client: pg.Client): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ table_name: string; columns: string[] }>(
    `SELECT c.relname AS table_name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema() AND c.relname <> $1
      GROUP BY c.relname ORDER BY c.relname`,
    [MIGRATIONS_TABLE],
  );
  return rows.map((r) => ({ name: r.table_name, columns: r.columns }));
}

/** Tables in an order where every table comes after those its foreign keys point to. */
async function foreignKeyOrder(client: pg.Client, names: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema() AND c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const edge of rows) if (edge.child === name) visit(edge.parent);
    visiting.delete(name);
    ordered.push(name);
  };
  for (const name of names) visit(name);
  return ordered.filter((n) => names.includes(n));
}

/** The tables of the current schema, i.e. whether a restore would overwrite something. */
async function existingTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema()`,
  );
  return rows.map((r) => r.name);
}

export interface RestoreResult {
  format: 'custom' | 'smm';
  tables: Record<string, number>;
  ms: number;
}

/**
 * Restores `file` into the database at `url`, which must be empty (no table in its schema) unless
 * `force`, which drops the schema first. The project's format: the migrations recorded in the file,
 * then every table's rows in one transaction, then every sequence; a custom-format file: pg_restore.
 */
export async function restoreDatabase(
  url: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const started = performance.now();
  try {
    statSync(file);
  } catch {
    throw new BackupError(`no backup file ${file}`);
  }
  const client = await connect(url);
  try {
    const existing = await existingTables(client);
    if (existing.length > 0) {
      if (!options.force)
        throw new BackupError(
          `the database is not empty (${existing.length} tables): restore into an empty database, or pass --force to drop its schema first`,
        );
      const { rows } = await client.query<{ s: string }>('SELECT current_schema() AS s');
      const schema = quote(rows[0]!.s);
      await client.query(`DROP SCHEMA ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    }
    if (file.endsWith('.pgdump')) {
      await runTool('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, file]);
      return { format: 'custom', tables: {}, ms: performance.now() - started };
    }
    const tables = await logicalRestore(client, url, file);
    return { format: 'smm', tables, ms: performance.now() - started };
  } finally {
    await client.end();
  }
}

async function logicalRestore(client: pg.Client, url: string, file: string): Promise<Record<string, number>> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[
    Symbol.asyncIterator
  ]();
  const first = await lines.next();
  let header: Header;
  try {
    header = JSON.parse(first.done ? '' : first.value) as Header;
  } catch {
    throw new BackupError(`${basename(file)} is not a backup of this project (no header)`);
  }
  if (header.format !== FORMAT || header.version !== 1)
    throw new BackupError(`${basename(file)} is not a backup of this project`);
  const known = migrationsList.map((m) => m.name);
  const unknown = header.migrations.filter((m) => !known.includes(m));
  if (unknown.length)
    throw new BackupError(
      `${basename(file)} was made by a newer version (migration ${unknown[0]} unknown here): restore it with that version`,
    );
  if (header.migrations.some((m, i) => m !== known[i]))
    throw new BackupError(`${basename(file)} has migrations out of this version's order`);

  // The schema exactly as it was: the same migrations the server runs, up to the last one recorded.
  const last = header.migrations.at(-1);
  if (last) {
    const orm = await MikroORM.init(ormConfig(url, { pool: { min: 0, max: 2 }, logger: () => {} }));
    try {
      await orm.migrator.up({ to: last });
    } finally {
      await orm.close(true);
    }
  }

  const columns = new Map(header.tables.map((t) => [t.name, t.columns]));
  const counts: Record<string, number> = {};
  await client.query('BEGIN');
  try {
    // Migrations may seed rows (settings); the backup's rows replace them.
    const present = await existingTables(client);
    const targets = header.tables.map((t) => t.name).filter((n) => present.includes(n));
    const missing = header.tables.map((t) => t.name).filter((n) => !present.includes(n));
    if (missing.length) throw new BackupError(`the migrations did not create table ${missing[0]} of the backup`);
    if (targets.length) await client.query(`TRUNCATE ${targets.map(quote).join(', ')} RESTART IDENTITY`);
    // Rows are copied in file order, which is foreign-key order (parents first, see logicalDump).
    await client.query('SET CONSTRAINTS ALL DEFERRED');
    for (;;) {
      const next = await lines.next();
      if (next.done) break;
      if (next.value === '') continue;
      const { table } = JSON.parse(next.value) as { table: string };
      const cols = columns.get(table);
      if (!cols) throw new BackupError(`${basename(file)} is damaged (table ${table} not in its header)`);
      const copy = client.query(copyFrom(`COPY ${quote(table)} (${cols.map(quote).join(', ')}) FROM STDIN`));
      const finished = new Promise<void>((resolve, reject) => {
        copy.on('finish', resolve);
        copy.on('error', reject);
      });
      let chunk: string[] = [];
      let size = 0;
      let ended = false;
      for (;;) {
        const line = await lines.next();
        if (line.done) break;
        if (line.value === END_OF_TABLE) {
          ended = true;
          break;
        }
        chunk.push(line.value);
        size += line.value.length + 1;
        if (size >= 256 * 1024) {
          await write(copy, `${chunk.join('\n')}\n`);
          chunk = [];
          size = 0;
        }
      }
      if (!ended) throw new BackupError(`${basename(file)} is truncated (table ${table} has no end)`);
      if (chunk.length) await write(copy, `${chunk.join('\n')}\n`);
      copy.end();
      await finished;
      counts[table] = copy.rowCount;
    }
    for (const seq of header.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [quote(seq.name), seq.lastValue, seq.isCalled]);
    }
    await resetOwnedSequences(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
  return counts;
}

/** Every sequence owned by a column goes at least to max(column), whatever the file said. */
async function resetOwnedSequences(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ seq: string; tbl: string; col: string }>(
    `SELECT s.relname AS seq, t.relname AS tbl, a.attname AS col FROM pg_class s
       JOIN pg_namespace n ON n.oid = s.relnamespace
       JOIN pg_depend d ON d.objid = s.oid AND d.deptype IN ('a', 'i')
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE s.relkind = 'S' AND n.nspname = current_schema()`,
  );
  for (const r of rows) {
    await client.query(
      `SELECT setval($1::regclass, x.m) FROM (SELECT max(${quote(r.col)}) AS m FROM ${quote(r.tbl)}) x, ${quote(r.seq)} s
        WHERE x.m IS NOT NULL AND (x.m > s.last_value OR NOT s.is_called)`,
      [quote(r.seq)],
    );
  }
}

/** Keeps the newest `keep` backups in `dir` (by name: the timestamp sorts), removing the older ones. */
export function pruneBackups(dir: string, keep: number): string[] {
  const files = readdirSync(dir)
    .filter((f) => /^smm-\d{8}-\d{6}\.(dump\.gz|pgdump)$/.test(f))
    .sort();
  const removed = files.slice(0, Math.max(0, files.length - keep));
  for (const f of removed) rmSync(join(dir, f), { force: true });
  return removed;
}
