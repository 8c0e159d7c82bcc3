import { freePort } from '../../../server/src/database/embedded-postgres.js';
import { adminQuery } from '../../support/test-app.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The server as a real process whose stdout is a pipe (not a terminal): JSON lines, one per event.
describe('logs of a server not on a terminal', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'smm-logs-'));
  let server: ServerProcess;
  let port: number;
  const name = `logs_w${process.env.JEST_WORKER_ID ?? '0'}`;

  beforeAll(async () => {
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE "${name}"`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    port = await freePort();
    server = startServerProcess({
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'debug',
      JOBS: 'false',
      DEMO_DATA: 'false',
    });
    await server.ready;
  }, 60_000);
  afterAll(async () => {
    if (server) await stopServerProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One pino line as the tests read it. */
  type LogLine = {
    msg?: unknown;
    level?: number;
    req?: { id?: string; url?: string; headers?: Record<string, string> };
    res?: { statusCode?: number };
    [key: string]: unknown;
  };
  const jsonLines = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);

  it('writes JSON lines with no escape codes, route mapping at debug', () => {
    const lines = jsonLines();
    expect(lines.length).toBeGreaterThan(10);
    expect(server.output()).not.toContain('\u001b[');
    const mapped = lines.filter((l) => /^Mapped \{/.test(String(l.msg)));
    expect(mapped.length).toBeGreaterThan(50);
    expect(mapped.every((l) => l.level === 20)).toBe(true);
  });

  it('answers X-Request-Id, logs it on the request line, and masks API keys', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v2?key=query-secret-123&action=balance`, {
      headers: {
        'x-api-key': 'header-secret-456',
        authorization: 'Bearer token-secret-789',
        'api-key': 'v1-secret-000',
      },
    });
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 300));
    const line = jsonLines().find((l) => l.req?.id === id);
    expect(line).toBeDefined();
    expect(line!.req!.url).toBe('/api/v2?key=***&action=balance');
    expect(line!.req!.headers!['x-api-key']).toBe('***');
    expect(line!.req!.headers!.authorization).toBe('Bearer ***');
    expect(server.output()).not.toMatch(/query-secret-123|header-secret-456|token-secret-789|v1-secret-000/);
  });

  it('keeps a sane incoming request id and replaces an unsafe one', async () => {
    const kept = await fetch(`http://127.0.0.1:${port}/api/service/settings`, {
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const replaced = await fetch(`http://127.0.0.1:${port}/api/service/settings`, {
      headers: { 'x-request-id': '{"forged":1}' + 'x'.repeat(100) },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 300));
    expect(jsonLines().some((l) => l.req?.id === 'lb-7f3a.42' && l.res?.statusCode === 200)).toBe(true);
  });
});
