import { Injectable } from '@nestjs/common';
import { Clock, DomainError } from '../../../shared/index.js';
import { perWindow, RateBuckets } from '../../rate-limit/index.js';

/** Code attempts per member, as a password's: 10 per 10 minutes, every attempt counted (a wrong code too). */
export const COUPON_ATTEMPTS = perWindow(10, 600);

/** Counts a member's code attempts (redeem, quote, an order with a code) in the shared rate buckets. */
@Injectable()
export class CouponThrottle {
  constructor(
    private readonly buckets: RateBuckets,
    private readonly clock: Clock,
  ) {}

  async attempt(memberId: number): Promise<void> {
    const taken = await this.buckets.take(`coupon:member:${memberId}`, COUPON_ATTEMPTS, this.clock.now().getTime());
    if (taken.granted === 0) throw new DomainError('COUPON_THROTTLED');
  }
}
