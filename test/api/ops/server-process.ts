import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminQuery } from '../../support/test-app.js';

/** The built server (`npm run build -w server`), as `npm start` runs it. */
export const MAIN = join(process.cwd(), 'server', 'dist', 'main.js');

/** The node flags `npm start` gives the server (server/node-flags.json). */
const NODE_FLAGS = (
  JSON.parse(readFileSync(join(process.cwd(), 'server', 'node-flags.json'), 'utf8')) as { flags: string[] }
).flags;

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves when the server printed its ready banner; rejects when it exits first. */
  ready: Promise<void>;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
}

export function startServerProcess(env: Record<string, string>): ServerProcess {
  if (!existsSync(MAIN)) throw new Error('server/dist is missing: run `npm run build -w server`');
  let output = '';
  const child = spawn(process.execPath, [...NODE_FLAGS, MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      ADMIN_ID: '',
      ADMIN_PASSWORD: '',
      JWT_SECRET: '',
      DEMO_DATA: '',
      LOG_FORMAT: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // A web (or all) process ends its banner with the login, a worker with its own line.
      if (output.includes('operator login') || output.includes('worker ready')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  ready.catch(() => {});
  return { child, output: () => output, ready, exited };
}

export async function stopServerProcess(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | string> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

/** A new, empty database `name` on the test cluster (dropped first if a run left it): its URL. */
export async function freshDatabase(name: string): Promise<string> {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
