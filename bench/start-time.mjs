// Cold and warm start of the built server on the embedded database: from spawning the process to the
// first 200 from /api/health. Cold = a new DATA_DIR (initdb, migrations, demo data); warm = the same
// DATA_DIR again. Prints figures; asserts nothing. Run: npm run build && node bench/start-time.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});

async function startOnce(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - started;
  const stopped = performance.now();
  await new Promise((resolve) => {
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
  return { ms, stopMs: performance.now() - stopped };
}

const dataDir = mkdtempSync(join(tmpdir(), 'smm-bench-start-'));
try {
  const cold = await startOnce(dataDir);
  const warm = [await startOnce(dataDir), await startOnce(dataDir), await startOnce(dataDir)];
  console.log(`cold start (new DATA_DIR: initdb, migrations, demo data): ${cold.ms.toFixed(0)} ms`);
  console.log(`warm start (same DATA_DIR), 3 runs: ${warm.map((w) => w.ms.toFixed(0)).join(' / ')} ms`);
  console.log(
    `graceful stop (SIGTERM to exit, embedded database stopped): ${[cold, ...warm].map((w) => w.stopMs.toFixed(0)).join(' / ')} ms`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
