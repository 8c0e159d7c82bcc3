import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../server/src/database/embedded-postgres.js';

// The product as `npm start` runs it: the built server on its embedded PostgreSQL under DATA_DIR.
const MAIN = join(process.cwd(), 'server', 'dist', 'main.js');

function start(dataDir: string, port: number): { child: ChildProcess; output: () => string; ready: Promise<void> } {
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ADMIN_ID: '',
      ADMIN_PASSWORD: '',
      JWT_SECRET: '',
      DEMO_DATA: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('operator login')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, output: () => output, ready };
}

/** The exit code, and what the server printed when it was not 0 (the reason a stop was not clean). */
const stop = (server: ReturnType<typeof start>) =>
  new Promise<{ code: number | null; output?: string }>((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.on('exit', (code) => resolve(code === 0 ? { code } : { code, output: server.output() }));
    server.child.kill('SIGTERM');
  });

describe('npm start on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'smm-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts with demo data, stops gracefully, and keeps the data for the next start', async () => {
    if (!existsSync(MAIN))
      throw new Error('server/dist is missing: `npm test` builds it, or run `npm run build -w server`');
    const port = await freePort();
    const first = start(dataDir, port);
    await first.ready;
    expect(first.output()).toMatch(/operator login\s+admin \/ \S{12,}/);
    expect(first.output()).toContain(`http://localhost:${port}/admin/`);
    const settings = await (await fetch(`http://127.0.0.1:${port}/api/service/settings`)).json();
    expect(settings.find((s: { key: string }) => s.key === 'FOOTER_COMPANY').value).toBe('주식회사 팔로우랩');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const password = first.output().match(/operator login\s+admin \/ (\S+)/)![1];

    expect(await stop(first)).toEqual({ code: 0 });
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const second = start(dataDir, port);
    await second.ready;
    const login = await fetch(`http://127.0.0.1:${port}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'admin', password }),
    });
    expect(login.status).toBe(200);
    // The password was printed once, by the start that created it; the file keeps it (owner-only).
    expect(second.output()).not.toContain(password);
    expect(second.output()).toContain('operator-password.txt');
    expect(statSync(join(dataDir, 'operator-password.txt')).mode & 0o777).toBe(0o600);
    expect(await stop(second)).toEqual({ code: 0 });
  }, 120_000);
});
