import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger as WorkerLogger, runMigrations } from 'graphile-worker';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import supertest from 'supertest';
import { createServer, type Server } from '../../server/src/bootstrap.js';
import { ormConfig } from '../../server/src/database/mikro-orm.config.js';
import { migrationsList } from '../../server/src/database/migrations/index.js';
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
 * The real app on a fresh database of this jest worker's own. The database is a copy of a template that has
 * every migration applied (the app still runs its migrations at start, as in production, and finds none due):
 * an app's start took 1.2–1.4 s on an empty database and 0.6–1.1 s on a copy, and a run starts the app hundreds
 * of times. A start with demo data gets an empty database, since only a new one is given demo data.
 * Jobs are off so tests drive them; `env` adds or overrides variables (SMTP_URL, NAVER_API_URL ...).
 */
export async function startTestApp(env: Record<string, string | undefined> = {}): Promise<TestApp> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is unset: run through jest (global setup)');
  const name = `test_w${process.env.JEST_WORKER_ID ?? '0'}`;
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  if (env.DEMO_DATA === 'true') await adminQuery(`CREATE DATABASE "${name}"`);
  else await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${await migratedTemplate()}"`);
  return appOn(databaseUrl(name), `data-${name}`, env);
}

const silentWorkerLogger = new WorkerLogger(() => () => {});

/**
 * The name of a database with every migration (the product's and the job engine's) applied and no rows a start
 * writes (the operator is made by each app's start). Built once per cluster by whichever worker asks first, under
 * an advisory lock; named after the migrations, so a server named by TEST_DATABASE_URL never serves a stale one.
 */
async function migratedTemplate(): Promise<string> {
  const migrations = createHash('sha256')
    .update(migrationsList.map((m) => m.name).join('\n'))
    .digest('hex')
    .slice(0, 12);
  const name = `test_template_${migrations}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return name;
    // Built under another name and renamed when whole: a worker that died mid-build leaves no half template.
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${building}"`);
    const orm = await MikroORM.init(ormConfig(databaseUrl(building), { pool: { min: 0, max: 1 } }));
    try {
      await orm.migrator.up();
    } finally {
      await orm.close();
    }
    await runMigrations({ connectionString: databaseUrl(building), logger: silentWorkerLogger });
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    return name;
  } finally {
    await admin.end(); // the advisory lock goes with the session
  }
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
