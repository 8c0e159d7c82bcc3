import { readFileSync } from 'node:fs';

/** The node flags the server process runs with (server/node-flags.json says why). */
export const SERVER_NODE_FLAGS = JSON.parse(
  readFileSync(new URL('../../server/node-flags.json', import.meta.url), 'utf8'),
).flags;
