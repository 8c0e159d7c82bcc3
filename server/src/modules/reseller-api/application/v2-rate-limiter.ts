import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/index.js';
import { Clock } from '../../../shared/index.js';
import { perSecond, RateBuckets, type BucketRule } from '../../rate-limit/index.js';

export interface V2RateLimit {
  /** Requests per second a key may keep up. */
  perSecond: number;
  /** Requests a key may send at once before the rate applies. */
  burst: number;
}

/** How long a replica may hold requests it reserved before it drops them (they stay counted). */
export const ALLOWANCE_HOLD_MS = 2000;

/**
 * Requests reserved at once: half a second of the rate (1 for slow rates, so they stay exact). A tool polling
 * at a fifth of the rate then costs one statement every 2 s (its hold), not one a second.
 */
export function allowanceChunk(limit: V2RateLimit): number {
  return Math.max(1, Math.min(limit.burst, Math.floor(limit.perSecond / 2)));
}

interface Allowance {
  /** Requests reserved in PostgreSQL and not yet spent by this replica. */
  left: number;
  /** When they are dropped (clock milliseconds). */
  until: number;
}

/**
 * The per-key limit of /api/v2, on the server's one rate-limit mechanism (RateBuckets: a GCRA bucket of
 * `burst` requests refilled at `perSecond`, one PostgreSQL row per key, shared by all replicas).
 * A replica reserves up to {@link allowanceChunk} requests with one upsert and spends them in process
 * (a tool at 4 calls/s costs one statement every 2 s instead of four a second); every reserved request
 * is counted in the shared bucket, so the replicas together never answer more than the bucket allows
 * over time. Reserved requests a replica has not spent within {@link ALLOWANCE_HOLD_MS} are dropped, so
 * in any window the replicas answer at most `replicas × chunk` more than the bucket's own count for that
 * window (the overshoot bound bench/v2-tools.mjs prints); a dropped reservation only ever refuses more.
 */
@Injectable()
export class V2RateLimiter {
  readonly limit: V2RateLimit;
  readonly chunk: number;
  private readonly rule: BucketRule;
  private readonly allowances = new Map<number, Allowance>();

  constructor(
    private readonly buckets: RateBuckets,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.limit = config.resellerApiRateLimit;
    this.chunk = allowanceChunk(this.limit);
    this.rule = perSecond(this.limit.perSecond, this.limit.burst);
  }

  /** Takes one request of the member's bucket: 0 when it fits, else the seconds until one would. */
  async take(memberId: number): Promise<number> {
    const now = this.clock.now().getTime();
    const held = this.allowances.get(memberId);
    if (held && held.left > 0 && held.until > now) {
      held.left--;
      return 0;
    }
    const { granted, retryAfterSeconds } = await this.buckets.take(`v2:${memberId}`, this.rule, now, this.chunk);
    if (granted === 0) {
      this.allowances.delete(memberId);
      return retryAfterSeconds;
    }
    this.allowances.set(memberId, { left: granted - 1, until: now + ALLOWANCE_HOLD_MS });
    if (this.allowances.size > 10_000) this.forgetSpent(now);
    return 0;
  }

  /** Drops spent and expired allowances (the map stays as small as the keys in use). */
  private forgetSpent(now: number): void {
    for (const [memberId, allowance] of this.allowances)
      if (allowance.left <= 0 || allowance.until <= now) this.allowances.delete(memberId);
  }
}
