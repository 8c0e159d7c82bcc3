import { fileURLToPath } from 'node:url';

/** The repository root, whether running from server/src (tests) or server/dist (build). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
