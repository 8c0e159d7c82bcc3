// Debian's PostgreSQL server (the `postgresql` package: /usr/lib/postgresql/<major>/bin), the second server
// the api suites and the benches run on beside the embedded one.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = '/usr/lib/postgresql';
/** The oldest major the server supports (server/src/database/server-version.ts). */
const OLDEST_SUPPORTED = 15;

/**
 * TEST_POSTGRES_BIN if set, else the bin folder of the oldest supported major installed (the one most likely
 * to refuse a statement only newer servers run), or null when none is.
 */
export function debianPostgresBin() {
  if (process.env.TEST_POSTGRES_BIN) return process.env.TEST_POSTGRES_BIN;
  const majors = existsSync(ROOT)
    ? readdirSync(ROOT)
        .filter((v) => /^\d+$/.test(v) && Number(v) >= OLDEST_SUPPORTED)
        .filter((v) => existsSync(join(ROOT, v, 'bin', 'postgres')) && existsSync(join(ROOT, v, 'bin', 'initdb')))
        .map(Number)
        .sort((a, b) => a - b)
    : [];
  return majors.length ? join(ROOT, String(majors[0]), 'bin') : null;
}
