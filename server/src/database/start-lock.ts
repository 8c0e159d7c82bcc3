import pg from 'pg';

/** pg_advisory_lock's key for "one process migrates and seeds at a time" (several start on one database at once). */
const START_LOCK = 7_341_001;

/**
 * Runs `work` while holding a session advisory lock on its own connection: web replicas and a worker
 * started together on a new database migrate and create the first operator one after another.
 */
export async function withStartLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK]);
    return await work();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {});
  }
}
