import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { executePrepared } from '../../../shared/index.js';

/** A limit: `burst` requests at once, then one every `intervalMs` (so `burst` per `burst × intervalMs`). */
export interface BucketRule {
  intervalMs: number;
  burst: number;
}

/** A limit given as requests per second (API v2's API_V2_RATE / API_V2_BURST). */
export const perSecond = (rate: number, burst: number): BucketRule => ({
  intervalMs: Math.max(1, Math.round(1000 / rate)),
  burst,
});

/** A limit given as requests per window (identity's "10 per 10 minutes"): the whole window's worth at once, refilled evenly. */
export const perWindow = (limit: number, windowSeconds: number): BucketRule => ({
  intervalMs: Math.max(1, Math.round((windowSeconds * 1000) / limit)),
  burst: limit,
});

export interface Taken {
  /** Requests granted now (0: refused). */
  granted: number;
  /** When refused: seconds until one request would fit (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Every rate limit of the server, one mechanism: a token bucket per key kept as a GCRA row in PostgreSQL
 * (UNLOGGED: a crash forgets the buckets, every key starts full; no commit waits for a flush), taken with one
 * conditional upsert so all replicas count together. A refused request takes nothing.
 */
@Injectable()
export class RateBuckets {
  constructor(private readonly em: EntityManager) {}

  /**
   * Takes up to `want` requests (1 ≤ want ≤ burst) of the key's bucket at `now` (clock milliseconds): as many
   * as it holds, at least one, or none when it is empty.
   */
  async take(key: string, rule: BucketRule, now: number, want = 1): Promise<Taken> {
    const { intervalMs: interval, burst } = rule;
    want = Math.max(1, Math.min(want, burst));
    // The bucket is full when tat <= now; it holds room for n more requests while tat + n × interval <= now + capacity.
    const capacity = interval * burst;
    const [row] = await executePrepared<{ before: string | null; after: string }>(
      this.em,
      `insert into rate_bucket as r (key, tat) values (?, ?::bigint + ?::bigint * ?::bigint)
       on conflict (key) do update
         set tat = greatest(r.tat, ?::bigint) + least(?::bigint, (?::bigint + ?::bigint - greatest(r.tat, ?::bigint)) / ?::bigint) * ?::bigint
         where greatest(r.tat, ?::bigint) + ?::bigint <= ?::bigint + ?::bigint
       returning old.tat as before, new.tat as after`,
      [
        key.slice(0, 300),
        now,
        want,
        interval,
        now,
        want,
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
    if (row) {
      const granted = Math.round((Number(row.after) - Math.max(Number(row.before ?? now), now)) / interval);
      return { granted, retryAfterSeconds: 0 };
    }
    const [bucket] = await this.em
      .getConnection()
      .execute<{ tat: string }[]>('select tat from rate_bucket where key = ?', [key.slice(0, 300)]);
    return {
      granted: 0,
      retryAfterSeconds: Math.max(1, Math.ceil((Number(bucket?.tat ?? now) + interval - now - capacity) / 1000)),
    };
  }

  /** Drops the buckets full again before `before` (a full bucket and no row are the same): the cleanup job. */
  async prune(before: Date): Promise<number> {
    const rows = await this.em
      .getConnection()
      .execute<unknown[]>('delete from rate_bucket where tat < ? returning 1', [before.getTime()]);
    return rows.length;
  }
}
