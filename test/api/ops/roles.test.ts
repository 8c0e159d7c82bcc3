import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import pg from 'pg';
import { ModulesContainer } from '@nestjs/core';
import { freePort } from '../../../server/src/database/embedded-postgres.js';
import { parseEnv, runsJobs, servesHttp } from '../../../server/src/config/index.js';
import { FakeProvider, seedFakeProviderCatalogue } from '../../support/fake-provider.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { startTestApp } from '../../support/test-app.js';
import { freshDatabase, startServerProcess, stopServerProcess, type ServerProcess } from './server-process.js';

/** GET on loopback: the status, or the error code when nothing listens. */
function get(port: number, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    req.end();
  });
}

describe('ROLE', () => {
  it('decides who serves HTTP and who runs jobs, and refuses a bad value', () => {
    const roles = ['all', 'web', 'worker'].map((ROLE) => parseEnv({ ROLE }));
    expect(roles.map((env) => [env.ROLE, servesHttp(env), runsJobs(env)])).toEqual([
      ['all', true, true],
      ['web', true, false],
      ['worker', false, true],
    ]);
    expect(parseEnv({}).ROLE).toBe('all');
    expect(runsJobs(parseEnv({ JOBS: 'false' }))).toBe(false);
    expect(() => parseEnv({ ROLE: 'api' })).toThrow('ROLE: ROLE must be all, web or worker');
    expect(() => parseEnv({ ROLE: 'worker', JOBS: 'false' })).toThrow('ROLE=worker with JOBS off would do nothing');
  });

  // (a worker's schedules are shown running by the two processes below)
  it('loads no schedules in a web process with JOBS on', async () => {
    const web = await startTestApp({ ROLE: 'web', JOBS: 'true' });
    try {
      const modules = [...web.app.get(ModulesContainer).values()].map((m) => m.metatype?.name);
      expect(modules).toContain('FulfilmentModule');
      expect(modules).not.toContain('ScheduleModule');
    } finally {
      await web.close();
    }
  }, 60_000);
});

// A web process and a worker process (server/dist/main.js) on one database, started together on a new one:
// the web answers the reseller, the worker sends, syncs and delivers, each unit of work once.
describe('a web and a worker process', () => {
  const name = `roles_w${process.env.JEST_WORKER_ID ?? '0'}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'smm-roles-'));
  let url: string;
  let fake: FakeProvider;
  let receiver: WebhookReceiver;
  let client: pg.Client;
  const servers: ServerProcess[] = [];
  const env = (role: string, port: number) => ({
    ROLE: role,
    DATABASE_URL: url,
    DATA_DIR: join(dataDir, role),
    PORT: String(port),
    JOBS: 'true',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'roles-secret-roles-secret-roles-secret-roles',
    ADMIN_ID: 'admin',
    ADMIN_PASSWORD: 'roles-password',
    // The fake provider and the webhook receiver listen on loopback (the flag covers both).
    ALLOW_PRIVATE_PROVIDER_URLS: 'true',
  });

  beforeAll(async () => {
    url = await freshDatabase(name);
    fake = await FakeProvider.start();
    receiver = await startWebhookReceiver();
    client = new pg.Client({ connectionString: url });
    await client.connect();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServerProcess(s)));
    await client?.end();
    await fake?.close();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('places through the web, sends, syncs and delivers through the worker, each once', async () => {
    const [webPort, workerPort, healthPort] = [await freePort(), await freePort(), await freePort()];
    // Both start at once on the new database: one migrates and creates the operator, the other waits.
    const web = startServerProcess(env('web', webPort));
    const worker = startServerProcess({ ...env('worker', workerPort), HEALTH_PORT: String(healthPort) });
    servers.push(web, worker);
    await Promise.all([web.ready, worker.ready]);

    // The worker answers only its health port; the web serves the API.
    expect(await get(workerPort, '/api/health')).toBe('ECONNREFUSED');
    expect(await get(healthPort, '/health')).toBe(200);
    expect(await get(healthPort, '/api/health')).toBe(404);
    expect(await get(webPort, '/api/health')).toBe(200);
    // Only a process that runs jobs prepares the daily backup's folder.
    expect(existsSync(join(dataDir, 'web', 'backups'))).toBe(false);

    const { member, service } = await seedFakeProviderCatalogue(client, fake, 'roles');
    const key = randomBytes(20).toString('hex');
    await client.query(
      `update member set password_hash = $2, api_key_hash = $3, api_key_cipher = 'test' where id = $1`,
      [
        member,
        await argon2.hash('roles-password', { type: argon2.argon2id }),
        createHash('sha256').update(key).digest('hex'),
      ],
    );
    await client.query(
      `with a as (insert into point_account (member_id, balance, version) values ($1, 1000000, 1) returning member_id, balance)
       insert into point_ledger_entry (member_id, amount, balance_after, kind, reference_type, reference_id, created_at)
       select member_id, balance, balance, 'CHARGE', 'test', member_id::text, now() from a`,
      [member],
    );
    const base = `http://127.0.0.1:${webPort}/api`;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'roles', password: 'roles-password' }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const hook = await fetch(`${base}/auth/webhook`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ url: receiver.url }),
    });
    expect(hook.status).toBe(200);
    receiver.secret = ((await hook.json()) as { secret: string }).secret;

    const ORDERS = 5;
    const placed: number[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const res = await fetch(`${base}/v2`, {
        method: 'POST',
        body: new URLSearchParams({
          key,
          action: 'add',
          service: String(service),
          link: `https://instagram.com/p/roles${i}`,
          quantity: '100',
        }),
      });
      expect(res.status).toBe(200);
      placed.push(((await res.json()) as { order: number }).order);
    }

    // The worker sends them; once the provider has them all, the provider finishes them.
    const until = async (what: string, done: () => Promise<boolean> | boolean) => {
      const deadline = Date.now() + 90_000;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`not done in 90 s: ${what}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    await until('sent upstream', () => fake.calls('add').length >= ORDERS);
    for (const id of fake.orders.keys()) fake.setOrder(id, { status: 'Completed', startCount: 10, remains: 0 });
    const statuses = async () =>
      (
        await client.query(`select status, count(*)::int as n from service_order where id = any($1) group by 1`, [
          placed,
        ])
      ).rows as { status: string; n: number }[];
    await until('synced', async () => (await statuses()).some((r) => r.status === 'COMPLETED' && r.n === ORDERS));
    const completedWebhooks = () =>
      receiver.verified.filter((w) => w.verified!.type === 'order.updated' && w.verified!.data.status === 'Completed');
    await until('delivered', () => completedWebhooks().length >= ORDERS);
    await until(
      'the day backed up',
      async () => (await client.query(`select 1 from backup_run where finished_at is not null`)).rowCount === 1,
    );

    const ids = receiver.received.map((w) => w.headers['webhook-id']);
    const backupFiles = (role: string) =>
      existsSync(join(dataDir, role, 'backups')) ? readdirSync(join(dataDir, role, 'backups')) : [];
    console.log(
      `roles: web :${webPort} (jobs off), worker (no HTTP on :${workerPort}, health :${healthPort}); ` +
        `${ORDERS} orders placed through the web, ${fake.calls('add').length} add requests upstream, ` +
        `statuses ${JSON.stringify(await statuses())}, ${receiver.verified.length} webhooks verified ` +
        `(${completedWebhooks().length} Completed, ${ids.length - new Set(ids).size} delivered twice), ` +
        `backups: web ${backupFiles('web').length}, worker ${backupFiles('worker').length}`,
    );
    expect(fake.calls('add')).toHaveLength(ORDERS);
    expect(fake.duplicateLinks()).toEqual([]);
    expect(await statuses()).toEqual([{ status: 'COMPLETED', n: ORDERS }]);
    expect(completedWebhooks()).toHaveLength(ORDERS);
    expect(new Set(ids).size).toBe(ids.length);
    expect(receiver.received.every((w) => w.verified)).toBe(true);
    expect(backupFiles('web')).toEqual([]);
    expect(backupFiles('worker')).toHaveLength(1);
    expect(web.output()).not.toMatch(/error/i);
    expect(worker.output()).not.toMatch(/error/i);
  }, 180_000);
});
