import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock, JobEngine, processDue, type EntityDue } from '../../../shared/index.js';
import { Charge } from '../domain/charge.entity.js';

const BATCH = 100;

/** Bank-transfer charges past their deadline that Toss holds nothing for, the oldest deadline first. */
const pastDeadline = (now: Date): EntityDue => ({
  due: `status = 'PENDING' and expires_at <= ? and toss_payment_key is null`,
  params: [now],
  order: 'expires_at',
  limit: BATCH,
});

/**
 * Fails charges whose 3-hour deadline passed without a deposit. A charge Toss holds a payment for is
 * left to the Toss re-check job: only Toss can say whether it was paid. Rows are claimed (processDue:
 * FOR UPDATE SKIP LOCKED), so any number of replicas may run it; ticks only when JOBS is on
 * (ScheduleModule is loaded only then); tests call runOnce().
 */
@Injectable()
export class ChargeExpiryJob {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly jobs: JobEngine,
  ) {
    jobs.define('charge-expiry', () => this.runOnce());
  }

  @Interval('charge-expiry', 60_000)
  tick(): Promise<void> {
    return this.jobs.tick('charge-expiry');
  }

  /** Expires every due charge; answers how many. */
  async runOnce(): Promise<number> {
    let expired = 0;
    for (;;) {
      const now = this.clock.now();
      const { handled } = await processDue(this.em, Charge, pastDeadline(now), async (_tx, charge) =>
        charge.expire(now),
      );
      expired += handled;
      if (handled < BATCH) return expired;
    }
  }
}
