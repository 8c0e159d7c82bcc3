import pg from 'pg';
import { JobEngine } from '../../../server/src/shared/index.js';
import { createMember } from '../../support/members.js';
import { startReplica, startTestApp, type TestApp } from '../../support/test-app.js';
import { configureBilling, openCharge } from '../billing/billing-support.js';

/** Waits for a condition another process brings about (bounded: fails after `ms`). */
async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The job engine (graphile-worker) on the product's database: schedules' ticks add keyed jobs, a
// process with JOBS on runs them once across replicas.
describe('job engine', () => {
  let a: TestApp;
  let b: TestApp;
  let db: pg.Client;
  const query = async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    (await db.query<R>(sql, params)).rows;

  beforeAll(async () => {
    a = await startTestApp();
    b = await startReplica(a);
    db = new pg.Client({ connectionString: a.databaseUrl });
    await db.connect();
  }, 60_000);
  afterAll(async () => {
    await db?.end();
    await b?.close();
    await a?.close();
  });

  it('is migrated with the product at start', async () => {
    const [row] = await query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = 'graphile_worker' and table_name = '_private_jobs'`,
    );
    expect(row!.n).toBe(1);
    // Every schedule's job is defined in every process, whatever runs it.
    expect(a.app.get(JobEngine).names()).toEqual(
      expect.arrayContaining(['charge-expiry', 'fulfilment.send', 'deliveries', 'daily-backup', 'auto-order-runs']),
    );
  });

  it('a tick adds exactly one keyed job across two app instances, and a runner runs it once', async () => {
    await configureBilling(a);
    const member = await createMember(a);
    const { chargeId } = await openCharge(a, member, 5_000);
    await query(`update charge set expires_at = now() - interval '1 minute' where id = $1`, [chargeId]);

    // Both instances tick at once, three times each (as two replicas' schedules would).
    const ticks = [a, b, a, b, a, b].map((t) => t.app.get(JobEngine).tick('charge-expiry'));
    await Promise.all(ticks);
    const jobs = await query<{ n: number; queue: string }>(
      `select count(*)::int as n, min(queue_name) as queue from graphile_worker.jobs where task_identifier = 'charge-expiry'`,
    );
    expect(jobs).toEqual([{ n: 1, queue: 'charge-expiry' }]);
    expect((await query<{ status: string }>('select status from charge where id = $1', [chargeId]))[0]!.status).toBe(
      'PENDING',
    );

    // A process with JOBS on runs the waiting job: the charge expires, the job is gone.
    const worker = await startReplica(a, { JOBS: 'true' });
    try {
      await until('the charge expired by the job', async () => {
        const [charge] = await query<{ status: string }>('select status from charge where id = $1', [chargeId]);
        return charge!.status === 'FAIL';
      });
      await until('the job finished', async () => {
        const [left] = await query<{ n: number }>(
          `select count(*)::int as n from graphile_worker.jobs where task_identifier = 'charge-expiry'`,
        );
        return left!.n === 0;
      });
    } finally {
      await worker.close();
    }
    // The runner stopped with the app: nothing holds a job or a queue.
    const [held] = await query<{ n: number }>(
      `select (select count(*) from graphile_worker.jobs where locked_by is not null) + (select count(*) from graphile_worker._private_job_queues where locked_by is not null) as n`,
    );
    expect(Number(held!.n)).toBe(0);
  }, 60_000);
});
