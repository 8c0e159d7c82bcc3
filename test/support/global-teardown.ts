import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  await globalThis.__TEST_PG__?.stop();
  if (process.env.TEST_DATA_ROOT) rmSync(process.env.TEST_DATA_ROOT, { recursive: true, force: true });
}
