/** The oldest PostgreSQL the server's statements and migrations run on (server_version_num of 15.0). */
export const MINIMUM_SERVER_VERSION = 150_000;

/** The versions the server is tested on: the embedded 18 and Debian's 15 in CI; 16 and 17 between them. */
export const SUPPORTED_VERSIONS = 'PostgreSQL 15, 16, 17 or 18';

/** A database older than the server supports: one line with the version found and the fix. */
export class DatabaseVersionError extends Error {
  constructor(found: string, foundNum: number, minimum: number) {
    super(
      `PostgreSQL ${found} (server_version_num ${foundNum}) is older than this server supports (${major(minimum)} or newer). ` +
        `Fix: point DATABASE_URL at ${SUPPORTED_VERSIONS}, or unset it to use the embedded PostgreSQL 18`,
    );
    this.name = 'DatabaseVersionError';
  }
}

const major = (num: number) => `PostgreSQL ${Math.floor(num / 10_000)}`;

/** Runs one query on the database the server is about to use (the ORM's connection). */
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/**
 * Refuses a database older than `minimum` before any migration or statement runs on it; answers its
 * server_version_num. The minimum is a parameter only so a test can hold a real server to a higher one.
 */
export async function checkServerVersion(query: Query, minimum = MINIMUM_SERVER_VERSION): Promise<number> {
  const [row] = await query(
    `select current_setting('server_version_num')::int as num, current_setting('server_version') as version`,
  );
  const num = Number(row?.num);
  if (!(num >= minimum)) throw new DatabaseVersionError(String(row?.version ?? '?').split(' ')[0]!, num, minimum);
  return num;
}
