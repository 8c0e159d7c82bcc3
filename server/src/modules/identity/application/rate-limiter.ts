import { Injectable } from '@nestjs/common';
import { Clock, DomainError } from '../../../shared/index.js';
import { perWindow, RateBuckets } from '../../rate-limit/index.js';
import { addressKey } from './address-key.js';

export interface RateRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Per-IP and per-account limits of the abuse-prone endpoints: `limit` requests at once, refilled evenly over
 * the window (the server's one rate-limit mechanism, RateBuckets). Logins have no
 * per-account window (anyone could use it to lock the owner out): LoginThrottle slows each (account,
 * address) pair instead.
 */
export const RATE_LIMITS = {
  login: { ip: { limit: 30, windowSeconds: 600 } },
  sendCode: { ip: { limit: 10, windowSeconds: 600 }, account: { limit: 5, windowSeconds: 600 } },
  findId: { ip: { limit: 10, windowSeconds: 600 }, account: { limit: 5, windowSeconds: 600 } },
  findPassword: { ip: { limit: 10, windowSeconds: 600 }, account: { limit: 5, windowSeconds: 600 } },
  /** Sign-ups (plain and social) per address, an IPv6 address counted by its /64. */
  register: { ip: { limit: 5, windowSeconds: 3600 } },
  /** Password changes and second-factor steps per address. */
  accountSecurity: { ip: { limit: 10, windowSeconds: 600 }, account: { limit: 10, windowSeconds: 600 } },
} as const satisfies Record<string, { ip: RateRule; account?: RateRule }>;

export type RateLimitedAction = keyof typeof RATE_LIMITS;

/**
 * Counts requests in the shared rate buckets (one upsert per key), so every replica shares the same counts.
 * Both the client's IP and the account (id, email or phone) are counted; either over its limit is a 429.
 */
@Injectable()
export class RateLimiter {
  constructor(
    private readonly buckets: RateBuckets,
    private readonly clock: Clock,
  ) {}

  async hit(action: RateLimitedAction, ip: string, account?: string): Promise<void> {
    const rules: { ip: RateRule; account?: RateRule } = RATE_LIMITS[action];
    const now = this.clock.now().getTime();
    const take = (key: string, rule: RateRule) =>
      this.buckets.take(key, perWindow(rule.limit, rule.windowSeconds), now).then((t) => t.granted === 0);
    const over = await Promise.all([
      take(`${action}:ip:${addressKey(ip)}`, rules.ip),
      rules.account && account !== undefined
        ? take(`${action}:account:${account.toLowerCase()}`, rules.account)
        : false,
    ]);
    if (over.some(Boolean)) throw new DomainError('RATE_LIMITED');
  }
}
