import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppConfig } from '../../../config/index.js';
import { Clock } from '../../../shared/index.js';

export interface V2RateLimit {
  /** Requests per second a key may keep up. */
  perSecond: number;
  /** Requests a key may send at once before the rate applies. */
  burst: number;
}

/** How long a replica may hold requests it reserved before it drops them (they stay counted). */
export const ALLOWANCE_HOLD_MS = 1000;

/** Requests reserved at once: a quarter second of the rate (1 for slow rates, so they stay exact). */
export function allowanceChunk(limit: V2RateLimit): number {
  return Math.max(1, Math.min(limit.burst, Math.floor(limit.perSecond / 4)));
}

interface Allowance {
  /** Requests reserved in PostgreSQL and not yet spent by this replica. */
  left: number;
  /** When they are dropped (clock milliseconds). */
  until: number;
}

/**
 * The per-key limit of /api/v2: a generic cell rate algorithm (a token bucket of `burst` requests
 * refilled at `perSecond`) kept in PostgreSQL, one row per member, so all replicas count together.
 * A replica reserves up to {@link allowanceChunk} requests with one upsert and spends them in process
 * (a tool at 4 calls/s costs one statement every ~1 s instead of four a second); every reserved request
 * is counted in the shared bucket, so the replicas together never answer more than the bucket allows
 * over time. Reserved requests a replica has not spent within {@link ALLOWANCE_HOLD_MS} are dropped, so
 * in any window the replicas answer at most `replicas × chunk` more than the bucket's own count for that
 * window (the overshoot bound bench/v2-tools.mjs prints); a dropped reservation only ever refuses more.
 * The table is UNLOGGED: a crash forgets the buckets (every key starts full), no commit waits for a flush.
 */
@Injectable()
export class V2RateLimiter {
  readonly limit: V2RateLimit;
  readonly chunk: number;
  private readonly allowances = new Map<number, Allowance>();

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.limit = config.resellerApiRateLimit;
    this.chunk = allowanceChunk(this.limit);
  }

  /** Takes one request of the member's bucket: 0 when it fits, else the seconds until one would. */
  async take(memberId: number): Promise<number> {
    const now = this.clock.now().getTime();
    const held = this.allowances.get(memberId);
    if (held && held.left > 0 && held.until > now) {
      held.left--;
      return 0;
    }
    const interval = Math.max(1, Math.round(1000 / this.limit.perSecond));
    // The bucket is full when tat <= now; it holds room for n more requests while tat + n × interval <= now + capacity.
    const capacity = interval * this.limit.burst;
    const rows = await this.em.fork().execute<{ before: string | null; after: string }[]>(
      `insert into reseller_api_rate as r (member_id, tat) values (?, ?::bigint + ?::bigint * ?::bigint)
       on conflict (member_id) do update
         set tat = greatest(r.tat, ?::bigint) + least(?::bigint, (?::bigint + ?::bigint - greatest(r.tat, ?::bigint)) / ?::bigint) * ?::bigint
         where greatest(r.tat, ?::bigint) + ?::bigint <= ?::bigint + ?::bigint
       returning old.tat as before, new.tat as after`,
      [
        memberId,
        now,
        this.chunk,
        interval,
        now,
        this.chunk,
        now,
        capacity,
        now,
        interval,
        interval,
        now,
        interval,
        now,
        capacity,
      ],
    );
    const [row] = rows;
    if (row) {
      const granted = Math.round((Number(row.after) - Math.max(Number(row.before ?? now), now)) / interval);
      this.allowances.set(memberId, { left: granted - 1, until: now + ALLOWANCE_HOLD_MS });
      if (this.allowances.size > 10_000) this.forgetSpent(now);
      return 0;
    }
    this.allowances.delete(memberId);
    const [bucket] = await this.em
      .fork()
      .execute<{ tat: string }[]>('select tat from reseller_api_rate where member_id = ?', [memberId]);
    return Math.max(1, Math.ceil((Number(bucket?.tat ?? now) + interval - now - capacity) / 1000));
  }

  /** Drops spent and expired allowances (the map stays as small as the keys in use). */
  private forgetSpent(now: number): void {
    for (const [memberId, allowance] of this.allowances)
      if (allowance.left <= 0 || allowance.until <= now) this.allowances.delete(memberId);
  }
}
