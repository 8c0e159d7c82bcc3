// The reseller API v2's per-key limit as a tool meets it: the built server on the embedded database with
// demo data and the default API_V2_RATE/API_V2_BURST, one key. Prints figures; asserts nothing.
//   node_modules/.bin/node bench/v2-rate-limit.mjs
// 1. burst: 400 `status` calls of 100 ids each sent at once: how many answered 200 and how many 429;
// 2. sustained: 6 s of back-to-back calls (8 in flight): answers 200 per second.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../scripts/lib/build.mjs';

build({ only: ['server'] });
const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'smm-bench-v2-rate-'));
const child = spawn(process.execPath, ['server/dist/main.js'], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', JOBS: 'false' },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
try {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const login = await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'demo', password: 'demo1234' }),
    })
  ).json();
  const { apiKey } = await (
    await fetch(`${base}/api/auth/api-key`, {
      method: 'POST',
      headers: { authorization: `Bearer ${login.accessToken}` },
    })
  ).json();
  const ids = Array.from({ length: 100 }, (_, i) => i + 1).join(',');
  const call = async () =>
    (
      await fetch(`${base}/api/v2`, {
        method: 'POST',
        body: new URLSearchParams({ key: apiKey, action: 'status', orders: ids }),
      })
    ).status;

  const burstStarted = performance.now();
  const burst = await Promise.all(Array.from({ length: 400 }, call));
  const burstSeconds = (performance.now() - burstStarted) / 1000;
  console.log(`defaults: API_V2_RATE=20 per second per key, API_V2_BURST=200`);
  console.log(
    `burst: 400 status calls (100 ids each) at once in ${burstSeconds.toFixed(2)} s: ${burst.filter((s) => s === 200).length} × 200, ${burst.filter((s) => s === 429).length} × 429`,
  );

  await new Promise((r) => setTimeout(r, 11_000)); // the bucket refills (200 at 20/s = 10 s)
  const seconds = 6;
  const until = performance.now() + seconds * 1000;
  let ok = 0;
  let limited = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < until) {
        if ((await call()) === 200) ok++;
        else limited++;
      }
    }),
  );
  console.log(
    `sustained: ${seconds} s back to back from a full bucket: ${ok} × 200 (${(ok / seconds).toFixed(1)}/s, of which 200 the burst), ${limited} × 429`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
