// Where a bench's database lives, the same for every bench:
// - default: the embedded PostgreSQL (18), a durable throw-away cluster, as a server starts it;
// - BENCH_POSTGRES_BIN=/usr/lib/postgresql/15/bin: a throw-away cluster made and run the same way by another
//   PostgreSQL's binaries (Debian's 15), to compare servers in one sitting;
// - DATABASE_URL: a server already running; the bench makes a database of its own there and drops it after.
import pg from 'pg';

async function serverVersion(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('show server_version')).rows[0].server_version.split(' ')[0];
  } finally {
    await client.end();
  }
}

/**
 * A database for a bench: { url, label, dataDir (null when external), stop() }. `startEmbeddedPostgres` is the
 * dist's (the bench's build); `dir` the folder a throw-away cluster goes in; `name` tells two databases apart.
 */
export async function benchDatabase(startEmbeddedPostgres, dir, name) {
  const external = process.env.DATABASE_URL;
  if (external) {
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    const database = `smm_bench_${name}_${process.pid}`;
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    const url = new URL(external);
    url.pathname = `/${database}`;
    return {
      url: url.toString(),
      label: `PostgreSQL ${await serverVersion(external)} at DATABASE_URL (database ${database})`,
      dataDir: null,
      async stop() {
        await admin.query(`drop database if exists ${database} with (force)`);
        await admin.end();
      },
    };
  }
  const binaries = process.env.BENCH_POSTGRES_BIN || undefined;
  const db = await startEmbeddedPostgres(dir, { binaries });
  const version = await serverVersion(db.url);
  return {
    url: db.url,
    label: `${binaries ? `PostgreSQL ${version} from ${binaries}` : `embedded PostgreSQL ${version}`}, durable`,
    dataDir: db.dataDir,
    stop: () => db.stop(),
  };
}
