import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Logger as WorkerLogger, run, runMigrations, type Runner, type Task, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { AppConfig, runsJobs } from '../config/index.js';

/** What one job of a name does; its payload is the JSON it was added with. */
export type JobHandler = (payload: unknown) => Promise<unknown>;

export interface JobOptions {
  /** Jobs of one queue run one at a time, in the order added (a member's webhooks). */
  queue?: string;
  /** At most one waiting job has this key across every process: adding it again replaces it. */
  key?: string;
  runAt?: Date;
}

/**
 * Every job is one attempt: the engine never retries. graphile-worker's retry waits exp(attempt) seconds
 * on the database's clock, the same for every job (0.18 has no per-job backoff), while a retry here is a
 * domain's RetrySchedule (shared/retry-schedule.ts) on the app's Clock, written on the row the console shows: a job that is
 * to try again is added again for the row's next attempt (`webhook.send`), and a schedule's tick is
 * retried by the next tick, whose claim takes whatever is due.
 */
const MAX_ATTEMPTS = 1;

/** Jobs run at once in this process (ticks and sends; the claims inside them bound their own batches). */
const CONCURRENCY = 6;
/** The runner's own connections (its LISTEN, taking and finishing jobs): at least CONCURRENCY; the work itself uses the ORM's pool. */
const POOL_SIZE = 6;

const logger = new Logger('Jobs');

/** graphile-worker's lines go to the app's logger; its per-job chatter only at debug. */
const workerLogger = new WorkerLogger(() => (level, message) => {
  if (level === 'error') logger.error(message);
  else if (level === 'warning') logger.warn(message);
  else logger.debug(message);
});

/**
 * The job engine (graphile-worker) on the product's database: its schema is migrated with the product's
 * at every start; jobs are added with `graphile_worker.add_job` on the caller's EntityManager (so inside
 * its transaction when it has one); the runner works only in a process with JOBS on.
 */
@Injectable()
export class JobEngine implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly tasks: TaskList = {};
  private readonly atStart: string[] = [];
  /** Schedules' jobs running in this process now. */
  private readonly running = new Set<string>();
  private runner?: Runner;
  private pool?: pg.Pool;
  private stopped = false;

  constructor(
    private readonly em: EntityManager,
    private readonly config: AppConfig,
  ) {}

  /**
   * Declares what jobs of this name do (job shells call it when they are made); `atStart`: a process
   * running jobs adds one at its start, so work that fell due while none was up does not wait a tick.
   */
  define(name: string, handler: JobHandler, options: { atStart?: boolean } = {}): void {
    if (this.tasks[name]) throw new Error(`job ${name} is defined twice`);
    if (options.atStart) this.atStart.push(name);
    const task: Task = async (payload) => {
      // A schedule's job already running in this process lets the newer one go: one run of a job at a time
      // in a process, as before the engine (replicas may run it side by side: its claims skip locked rows).
      const ticked = (payload as { tick?: boolean } | null)?.tick === true;
      if (ticked && this.running.has(name)) return;
      if (ticked) this.running.add(name);
      try {
        await handler(payload);
      } finally {
        if (ticked) this.running.delete(name);
      }
    };
    this.tasks[name] = task;
  }

  /** The names defined, for the docs and tests. */
  names(): string[] {
    return Object.keys(this.tasks).sort();
  }

  /**
   * A schedule's tick: adds the job `name` under its own key, so ticks of every replica make one waiting
   * job. Not a named queue: a process killed mid-run would hold the queue's lock for the engine's 4 hours
   * and stall the job (order dispatch) everywhere; a key whose job is locked gets a new job instead. A
   * failed run is not retried (MAX_ATTEMPTS): the next tick is its retry.
   */
  async tick(name: string): Promise<void> {
    if (this.stopped) return;
    try {
      await this.add(this.em.fork(), name, { tick: true }, { key: name });
    } catch (error) {
      // A tick that cannot reach the database is skipped; the next one tries again.
      logger.warn(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Adds a job with the caller's EntityManager: inside its transaction when it is in one. */
  add(em: EntityManager, name: string, payload: unknown, options: JobOptions = {}): Promise<void> {
    return this.addMany(em, name, [{ payload, options }]);
  }

  /** Adds jobs of one name in one statement (graphile_worker.add_jobs, as add_job does for one), with the caller's EntityManager. */
  async addMany(em: EntityManager, name: string, jobs: { payload: unknown; options?: JobOptions }[]): Promise<void> {
    if (jobs.length === 0) return;
    await em.execute(
      `select from graphile_worker.add_jobs(array(
         select (?::text, (j->'payload')::json, j->>'queue', (j->>'runAt')::timestamptz, ?::int, j->>'key', null::int, null::text[])::graphile_worker.job_spec
           from jsonb_array_elements(?::jsonb) with ordinality as given(j, n) order by given.n))`,
      [
        name,
        MAX_ATTEMPTS,
        JSON.stringify(
          jobs.map(({ payload, options = {} }) => ({
            payload: payload ?? {},
            queue: options.queue ?? null,
            runAt: options.runAt?.toISOString() ?? null,
            key: options.key ?? null,
          })),
        ),
      ],
    );
  }

  /** The engine's schema (graphile_worker), brought up to date; run at every start after the product's migrations. */
  async migrate(): Promise<void> {
    const pool = this.connect();
    await runMigrations({ pgPool: pool, logger: workerLogger });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!runsJobs(this.config.env)) return;
    this.runner = await run({
      pgPool: this.connect(),
      taskList: this.tasks,
      concurrency: CONCURRENCY,
      noHandleSignals: true,
      logger: workerLogger,
    });
    for (const name of this.atStart) await this.tick(name);
  }

  /** Before the ORM closes: no tick adds a job any more, running jobs finish, the pool is closed. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.runner?.stop();
    this.runner = undefined;
    const pool = this.pool;
    this.pool = undefined;
    if (!pool) return;
    // The runner records its last jobs' completion without awaiting it: those statements get their
    // connection first (bounded: a database gone away does not hold the stop).
    for (let i = 0; i < 200 && (pool.waitingCount > 0 || pool.idleCount < pool.totalCount); i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await pool.end();
  }

  private connect(): pg.Pool {
    if (!this.pool) {
      this.pool = new pg.Pool({ connectionString: this.config.databaseUrl, max: POOL_SIZE, idleTimeoutMillis: 10_000 });
      // A connection dropped while idle (a database restart) is replaced at the next use, not a crash.
      const dropped = (error: Error) => logger.warn(`job engine connection: ${error.message}`);
      this.pool.on('error', dropped);
      this.pool.on('connect', (client) => client.on('error', dropped));
    }
    return this.pool;
  }
}
