import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock, JobEngine } from '../../../shared/index.js';
import { RecheckTossPayment } from '../application/toss/commands/recheck-toss-payment/recheck-toss-payment.js';

const BATCH = 50;
/** A claimed charge is not claimed again (by this or another replica) for this long. */
const LEASE_MS = 60_000;

/**
 * Re-checks Toss charges whose outcome is not known yet (a confirm that failed, timed out or
 * answered a non-final state; a virtual account past its due date), and settled ones a webhook could
 * not verify or that closed while Toss held a payment (a cancel made elsewhere, a deposit after the
 * charge closed), with GET /v1/payments/{key}.
 * Claiming moves next_check_at forward under FOR UPDATE SKIP LOCKED, so replicas share the work;
 * the credit itself is once under the charge's lock and the ledger key whoever gets there.
 */
@Injectable()
export class TossRecheckJob {
  private readonly logger = new Logger('TossRecheckJob');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly recheck: RecheckTossPayment,
    private readonly jobs: JobEngine,
  ) {
    jobs.define('toss-recheck', () => this.runOnce());
  }

  @Interval('toss-recheck', 30_000)
  tick(): Promise<void> {
    return this.jobs.tick('toss-recheck');
  }

  /** Checks every due charge once; answers how many were asked about. */
  async runOnce(): Promise<number> {
    const now = this.clock.now();
    const rows = await this.em.fork().execute<{ id: number }[]>(
      `update charge set next_check_at = ? where id in (
         select id from charge where method = 'TOSS' and toss_payment_key is not null and next_check_at <= ?
         order by next_check_at limit ? for update skip locked)
       returning id`,
      [new Date(now.getTime() + LEASE_MS), now, BATCH],
    );
    for (const { id } of rows) {
      try {
        await this.recheck.execute(id);
      } catch (error) {
        this.logger.warn(`charge ${id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return rows.length;
  }
}
