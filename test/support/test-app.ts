import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import supertest from 'supertest';
import { createServer, type Server } from '../../server/src/bootstrap.js';
import { logInOperator, TEST_OPERATOR_TOTP_SECRET } from './second-factor.js';

export interface TestApp {
  server: Server;
  app: NestFastifyApplication;
  /** supertest bound to the app: `t.http.get('/api/health')`. */
  http: ReturnType<typeof supertest>;
  databaseUrl: string;
  /** An operator's bearer token (the bootstrap operator). */
  operatorToken(): Promise<string>;
  close(): Promise<void>;
}

export const TEST_OPERATOR = { id: 'operator', password: 'operator-password' };
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs SQL on the cluster's maintenance database (create/drop per-worker databases). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The real app on a fresh database of this jest worker's own (migrated at start, as in production).
 * Jobs are off so tests drive them; `env` adds or overrides variables (SMTP_URL, NAVER_API_URL ...).
 */
export async function startTestApp(env: Record<string, string | undefined> = {}): Promise<TestApp> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is unset: run through jest (global setup)');
  const name = `test_w${process.env.JEST_WORKER_ID ?? '0'}`;
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE "${name}"`);
  return appOn(databaseUrl(name), `data-${name}`, env);
}

let replicas = 0;

/** A second server on the same database as `t` (its own process state and data dir), as a replica behind a load balancer. */
export function startReplica(t: TestApp, env: Record<string, string | undefined> = {}): Promise<TestApp> {
  return appOn(t.databaseUrl, `data-replica-${process.env.JEST_WORKER_ID ?? '0'}-${++replicas}`, env);
}

async function appOn(url: string, dataDirName: string, env: Record<string, string | undefined>): Promise<TestApp> {
  const dataDir = join(process.env.TEST_DATA_ROOT ?? join(process.cwd(), '.test-data'), dataDirName);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const server = await createServer({
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JOBS: 'false',
      DEMO_DATA: 'false',
      // The suites' fake providers listen on loopback; the address check has its own suite with this off.
      ALLOW_PRIVATE_PROVIDER_URLS: 'true',
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_ID: TEST_OPERATOR.id,
      ADMIN_PASSWORD: TEST_OPERATOR.password,
      ADMIN_TOTP_SECRET: TEST_OPERATOR_TOTP_SECRET,
      // supertest connects over loopback, standing in for the proxy in front: tests name clients with X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      ...env,
    },
  });
  const http = supertest(server.app.getHttpServer());
  let token: string | undefined;
  let tokenAt = 0;
  return {
    server,
    app: server.app,
    http,
    databaseUrl: url,
    async operatorToken() {
      // Access tokens live 15 minutes (wall time): a long suite logs in again before its token runs out.
      if (!token || Date.now() - tokenAt > 10 * 60_000) {
        token = (await logInOperator(http, TEST_OPERATOR)).accessToken;
        tokenAt = Date.now();
      }
      return token;
    },
    close: () => server.close(),
  };
}
