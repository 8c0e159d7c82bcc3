import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock, JobEngine, Lease, takeDue, type Take } from '../../../shared/index.js';
import { RecheckTossPayment } from '../application/toss/commands/recheck-toss-payment/recheck-toss-payment.js';

const BATCH = 50;
/** A claimed charge is not claimed again (by this or another replica) for this long. */
const TOSS_LEASE = Lease.seconds(60);

/** Toss charges whose next check has come, the earliest first; the lease moves the next check forward. */
const DUE_CHECKS: Take = {
  table: 'charge',
  due: `method = 'TOSS' and toss_payment_key is not null`,
  order: 'next_check_at',
  limit: BATCH,
  lease: { column: 'next_check_at', lease: TOSS_LEASE, holds: 'until' },
};

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
    const rows = await takeDue(this.em.fork(), DUE_CHECKS, now);
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
