import { MikroORM } from '@mikro-orm/postgresql';
import { SchedulerRegistry } from '@nestjs/schedule';
import pg from 'pg';
import { DeliveryFacade } from '../../../server/src/modules/delivery/index.js';
import { JobEngine } from '../../../server/src/shared/index.js';
import { webhookReseller } from '../delivery/helpers.js';
import type { WebhookReceiver } from '../../support/webhook-receiver.js';
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
  const receivers: WebhookReceiver[] = [];
  const query = async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    (await db.query<R>(sql, params)).rows;

  beforeAll(async () => {
    a = await startTestApp();
    b = await startReplica(a);
    db = new pg.Client({ connectionString: a.databaseUrl });
    await db.connect();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
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
    const jobs = await query<{ n: number; key: string; queue: string | null }>(
      `select count(*)::int as n, min(key) as key, min(queue_name) as queue from graphile_worker.jobs where task_identifier = 'charge-expiry'`,
    );
    // Keyed, not queued: a queue held by a killed process would stall the schedule (next test).
    expect(jobs).toEqual([{ n: 1, key: 'charge-expiry', queue: null }]);
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

  it("a schedule's job left locked by a killed process does not hold the schedule: the next tick's job runs", async () => {
    const member = await createMember(a);
    const { chargeId } = await openCharge(a, member, 6_000);
    await query(`update charge set expires_at = now() - interval '1 minute' where id = $1`, [chargeId]);
    await a.app.get(JobEngine).tick('charge-expiry');
    // As a process killed mid-run leaves it: locked by a worker that will never finish (the engine frees it after 4 h).
    await query(
      `update graphile_worker._private_jobs set locked_at = now(), locked_by = 'killed-worker' where key = 'charge-expiry'`,
    );
    // And its queue, had the job one (a schedule keyed by a named queue stalled here for 4 hours).
    await query(
      `update graphile_worker._private_job_queues set locked_at = now(), locked_by = 'killed-worker' where queue_name = 'charge-expiry'`,
    );
    await b.app.get(JobEngine).tick('charge-expiry');
    const [jobs] = await query<{ n: number; locked: number }>(
      `select count(*)::int as n, count(locked_by)::int as locked from graphile_worker.jobs where task_identifier = 'charge-expiry'`,
    );
    expect(jobs).toEqual({ n: 2, locked: 1 });
    const worker = await startReplica(a, { JOBS: 'true' });
    try {
      await until('the charge expired by the new job', async () => {
        const [charge] = await query<{ status: string }>('select status from charge where id = $1', [chargeId]);
        return charge!.status === 'FAIL';
      });
    } finally {
      await worker.close();
      await query(`delete from graphile_worker._private_jobs where locked_by = 'killed-worker'`);
      await query(
        `update graphile_worker._private_job_queues set locked_at = null, locked_by = null where locked_by = 'killed-worker'`,
      );
    }
  }, 60_000);

  it('a webhook job is added in the same transaction as its outbox row: rolled back together, committed together', async () => {
    const { member, receiver } = await webhookReseller(a);
    receivers.push(receiver);
    const facade = a.app.get(DeliveryFacade);
    const em = () => a.app.get(MikroORM).em.fork();
    await expect(
      em().transactional(async (tx) => {
        await facade.webhookEvent(tx, member.id, 'order.updated', { order: 1 }, 'rolled-back');
        // Inside the transaction both are there.
        const [inside] = await tx.execute<{ n: number }[]>(
          `select count(*)::int as n from graphile_worker.jobs where queue_name = ?`,
          [`webhook:${member.id}`],
        );
        expect(inside!.n).toBe(1);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const counts = async () =>
      (
        await query<{ rows: number; jobs: number }>(
          `select (select count(*) from delivery where member_id = $1 and event = 'order.updated')::int as rows,
                  (select count(*) from graphile_worker.jobs where queue_name = 'webhook:' || $1)::int as jobs`,
          [member.id],
        )
      )[0]!;
    expect(await counts()).toEqual({ rows: 0, jobs: 0 });

    await em().transactional((tx) => facade.webhookEvent(tx, member.id, 'order.updated', { order: 2 }, 'committed'));
    expect(await counts()).toEqual({ rows: 1, jobs: 1 });
    const [job] = await query<{ key: string; id: number }>(
      `select j.key, d.id from graphile_worker.jobs j join delivery d on j.key = 'delivery:' || d.id
        where j.queue_name = 'webhook:' || $1`,
      [member.id],
    );
    expect(job!.key).toBe(`delivery:${job!.id}`);
  });

  it("a member's webhooks go one at a time in the order written, another member's alongside, sent by their jobs", async () => {
    const first = await webhookReseller(a);
    const second = await webhookReseller(a);
    const failing = await webhookReseller(a);
    receivers.push(first.receiver, second.receiver, failing.receiver);
    failing.receiver.status = 503;
    // A slow receiver: were two of one member's webhooks sent at once, the second would arrive before the first is answered.
    first.receiver.delayMs = 200;
    const answered: number[] = [];
    const worker = await startReplica(a, { JOBS: 'true' });
    try {
      // Only the jobs send here: the sweeping tick (which would take what they leave) is stopped.
      worker.app.get(SchedulerRegistry).deleteInterval('deliveries');
      const facade = a.app.get(DeliveryFacade);
      const em = a.app.get(MikroORM).em;
      for (let i = 1; i <= 5; i++)
        for (const { member } of [first, second])
          await em
            .fork()
            .transactional((tx) => facade.webhookEvent(tx, member.id, 'order.updated', { order: i }, `seq-${i}`));
      const orders = (r: WebhookReceiver) => r.verified.map((w) => Number(w.verified!.data.order));
      await until(
        'every webhook delivered',
        async () => orders(first.receiver).length === 5 && orders(second.receiver).length === 5,
      );
      expect(orders(first.receiver)).toEqual([1, 2, 3, 4, 5]);
      expect(orders(second.receiver)).toEqual([1, 2, 3, 4, 5]);
      // One at a time: each of the slow member's webhooks arrived after the one before was answered.
      const arrivals = first.receiver.verified.map((w) => w.at);
      for (let i = 1; i < arrivals.length; i++) answered.push(arrivals[i]! - arrivals[i - 1]!);
      // (timers may fire a few ms early by the wall clock; webhooks sent at once would arrive ms apart)
      expect(answered.every((gap) => gap >= first.receiver.delayMs - 20)).toBe(true);
      // Each sent once, by its job, and recorded (the last answer is recorded after the receiver has it).
      const rows = await until('every webhook recorded', async () => {
        const found = await query<{ status: string; attempts: number }>(
          `select status, attempts from delivery where member_id in ($1, $2) and event = 'order.updated'`,
          [first.member.id, second.member.id],
        );
        return found.every((r) => r.status !== 'SENDING') && found;
      });
      expect(rows).toHaveLength(10);
      expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true);

      // A failed webhook's next attempt is its job's: the engine runs it when the 발송 내역 says it is due.
      await em
        .fork()
        .transactional((tx) => facade.webhookEvent(tx, failing.member.id, 'order.updated', { order: 1 }, 'fails'));
      const [retry] = await until('the failed attempt recorded with its next attempt', async () => {
        const found = await query<{ status: string; attempts: number; due: string; run_at: string; queue: string }>(
          `select d.status, d.attempts, d.next_attempt_at::text as due, j.run_at::text as run_at, j.queue_name as queue
             from delivery d join graphile_worker.jobs j on j.key = 'delivery:' || d.id and j.locked_at is null
            where d.member_id = $1 and d.status = 'PENDING' and d.attempts = 1`,
          [failing.member.id],
        );
        return found.length > 0 && found;
      });
      expect(retry).toMatchObject({ status: 'PENDING', attempts: 1, queue: `webhook:${failing.member.id}` });
      expect(retry!.run_at).toBe(retry!.due);
    } finally {
      await worker.close();
    }
  }, 60_000);
});
