import pg from 'pg';
import { checkServerVersion, DatabaseVersionError, MINIMUM_SERVER_VERSION } from './server-version.js';

/**
 * The start-up check against the run's real PostgreSQL (the embedded 18, or Debian's 15 in CI's second run):
 * it passes at the product's minimum and at the server's own version, and refuses the server when held to
 * the next major version, the way an older server is refused at start.
 */
describe('the PostgreSQL version check at start', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
  });
  afterAll(() => client.end());
  const query = async (sql: string) => (await client.query(sql)).rows as Record<string, unknown>[];
  const server = async () => {
    const { rows } = await client.query<{ num: string; version: string }>(
      `select current_setting('server_version_num') as num, current_setting('server_version') as version`,
    );
    return { own: Number(rows[0]!.num), version: rows[0]!.version.split(' ')[0]! };
  };

  it('accepts the server at the product’s minimum and at its own version', async () => {
    const { own } = await server();
    expect(own).toBeGreaterThanOrEqual(MINIMUM_SERVER_VERSION);
    await expect(checkServerVersion(query)).resolves.toBe(own);
    await expect(checkServerVersion(query, own)).resolves.toBe(own);
  });

  it('refuses a server older than the minimum with one line naming its version and the fix', async () => {
    const { own, version } = await server();
    const major = Math.floor(own / 10_000);
    const error = await checkServerVersion(query, (major + 1) * 10_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseVersionError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain(`PostgreSQL ${version} (server_version_num ${own})`);
    expect(message).toContain(`older than this server supports (PostgreSQL ${major + 1} or newer)`);
    expect(message).toContain('PostgreSQL 15, 16, 17 or 18');
  });
});
