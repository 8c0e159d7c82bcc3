import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { Clock, JobEngine } from '../../../shared/index.js';
import { LoginThrottle } from '../application/login-throttle.js';
import { RateBuckets } from '../../rate-limit/index.js';
import { RecoveryService } from '../application/recovery.service.js';
import { VerificationService } from '../application/verification.service.js';

const DAY_MS = 24 * 3600 * 1000;

/** Hourly: drops verification codes and reset links that ended more than a day ago, rate buckets full for a day, login attempts after 30 days. */
@Injectable()
export class IdentityCleanupJob {
  constructor(
    private readonly clock: Clock,
    private readonly codes: VerificationService,
    private readonly resets: RecoveryService,
    private readonly buckets: RateBuckets,
    private readonly logins: LoginThrottle,
    private readonly jobs: JobEngine,
  ) {
    jobs.define('identity-cleanup', () => this.runOnce());
  }

  @Interval('identity-cleanup', 3600_000)
  tick(): Promise<void> {
    return this.jobs.tick('identity-cleanup');
  }

  async runOnce(): Promise<{ codes: number; resets: number; buckets: number; loginAttempts: number }> {
    const before = new Date(this.clock.now().getTime() - DAY_MS);
    // The login record stays 30 days for operators to look back on (the throttle reads only the last day).
    const attemptsBefore = new Date(this.clock.now().getTime() - 30 * DAY_MS);
    const [codes, resets, buckets, loginAttempts] = await Promise.all([
      this.codes.prune(before),
      this.resets.prune(before),
      this.buckets.prune(before),
      this.logins.prune(attemptsBefore),
    ]);
    return { codes, resets, buckets, loginAttempts };
  }
}
