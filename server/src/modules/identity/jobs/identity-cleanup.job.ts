import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { Clock, SingleFlight } from '../../../shared/index.js';
import { LoginThrottle } from '../application/login-throttle.js';
import { RateLimiter } from '../application/rate-limiter.js';
import { RecoveryService } from '../application/recovery.service.js';
import { VerificationService } from '../application/verification.service.js';

const DAY_MS = 24 * 3600 * 1000;

/** Hourly: drops verification codes, reset links and rate counters that ended more than a day ago, login attempts after 30 days. */
@Injectable()
export class IdentityCleanupJob {
  private readonly flight = new SingleFlight();

  constructor(
    private readonly clock: Clock,
    private readonly codes: VerificationService,
    private readonly resets: RecoveryService,
    private readonly limiter: RateLimiter,
    private readonly logins: LoginThrottle,
  ) {}

  @Interval(3600_000)
  tick(): Promise<unknown> {
    return this.flight.run(() => this.runOnce());
  }

  async runOnce(): Promise<{ codes: number; resets: number; counters: number; loginAttempts: number }> {
    const before = new Date(this.clock.now().getTime() - DAY_MS);
    // The login record stays 30 days for operators to look back on (the throttle reads only the last day).
    const attemptsBefore = new Date(this.clock.now().getTime() - 30 * DAY_MS);
    const [codes, resets, counters, loginAttempts] = await Promise.all([
      this.codes.prune(before),
      this.resets.prune(before),
      this.limiter.prune(before),
      this.logins.prune(attemptsBefore),
    ]);
    return { codes, resets, counters, loginAttempts };
  }
}
