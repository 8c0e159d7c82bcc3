import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { Clock, SingleFlight } from '../../../shared/index.js';
import { RateLimiter } from '../application/rate-limiter.js';
import { RecoveryService } from '../application/recovery.service.js';
import { VerificationService } from '../application/verification.service.js';

const DAY_MS = 24 * 3600 * 1000;

/** Hourly: drops verification codes, reset links and rate counters that ended more than a day ago. */
@Injectable()
export class IdentityCleanupJob {
  private readonly flight = new SingleFlight();

  constructor(
    private readonly clock: Clock,
    private readonly codes: VerificationService,
    private readonly resets: RecoveryService,
    private readonly limiter: RateLimiter,
  ) {}

  @Interval(3600_000)
  tick(): Promise<unknown> {
    return this.flight.run(() => this.runOnce());
  }

  async runOnce(): Promise<{ codes: number; resets: number; counters: number }> {
    const before = new Date(this.clock.now().getTime() - DAY_MS);
    const [codes, resets, counters] = await Promise.all([this.codes.prune(before), this.resets.prune(before), this.limiter.prune(before)]);
    return { codes, resets, counters };
  }
}
