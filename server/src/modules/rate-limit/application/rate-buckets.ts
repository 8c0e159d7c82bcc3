import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { executePrepared, oncePerStatement, TurnBatches } from '../../../shared/index.js';

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

/** A take waiting for this turn's statement. */
interface PendingTake {
  key: string;
  now: number;
  want: number;
  done: (taken: Taken | Error) => void;
}

/** Most buckets one statement takes from. */
const MAX_KEYS_PER_STATEMENT = 200;

/**
 * Every rate limit of the server, one mechanism: a token bucket per key kept as a GCRA row in PostgreSQL
 * (UNLOGGED: a crash forgets the buckets, every key starts full; no commit waits for a flush), taken with one
 * statement (a locked read, a conditional update, an insert of the missing) so all replicas count together. A
 * refused request takes nothing. The takes asked in
 * one turn (tools arriving together, each reserving its allowance) share one statement.
 */
@Injectable()
export class RateBuckets {
  /** Takes waiting for this turn's statement, by rule. */
  private readonly pending = new TurnBatches<string, PendingTake & { rule: BucketRule }>(
    (_, takes) => this.takeTogether(takes[0]!.rule, takes),
    (take, error) => take.done(error as Error),
  );

  constructor(private readonly em: EntityManager) {}

  /**
   * Takes up to `want` requests (1 ≤ want ≤ burst) of the key's bucket at `now` (clock milliseconds): as many
   * as it holds, at least one, or none when it is empty.
   */
  take(key: string, rule: BucketRule, now: number, want = 1): Promise<Taken> {
    const { intervalMs, burst } = rule;
    return new Promise((resolve, reject) =>
      this.pending.add(`${intervalMs}:${burst}`, {
        rule,
        key: key.slice(0, 300),
        now,
        want: Math.max(1, Math.min(want, burst)),
        done: (taken) => (taken instanceof Error ? reject(taken) : resolve(taken)),
      }),
    );
  }

  /** A key appears once per statement (an upsert changes a row once): its next take goes to the next one. */
  private async takeTogether(rule: BucketRule, takes: PendingTake[]): Promise<void> {
    const statements = oncePerStatement(takes, (t) => t.key, MAX_KEYS_PER_STATEMENT);
    // One after another: a key's later take must see its earlier one.
    for (const statement of statements)
      await this.takeInOneStatement(rule, statement).catch((error: unknown) =>
        statement.forEach((t) => t.done(error as Error)),
      );
  }

  private async takeInOneStatement(rule: BucketRule, takes: PendingTake[]): Promise<void> {
    const { intervalMs: interval, burst } = rule;
    // The bucket is full when tat <= now; it holds room for n more requests while tat + n × interval <= now + capacity.
    const capacity = interval * burst;
    // Rows in key order, so two replicas' statements lock the same buckets in the same order.
    takes.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    // A fork: the statement runs on its own, never in the transaction of the caller that opened the turn.
    const em = this.em.fork();
    // Every supported PostgreSQL (15+): the buckets that exist are read under their lock (`held`, the newest
    // version: a take another replica committed since this statement began included), taken from when they
    // have room, and the missing ones are inserted. One row per key asked: before (null: no bucket), after
    // (null: refused, or a bucket another statement inserted meanwhile).
    const rows = await executePrepared<{ key: string; before: string | null; after: string | null }>(
      em,
      `with asked as (select key, now, want, n, ?::bigint as step, ?::bigint as capacity
                        from unnest(?::text[], ?::bigint[], ?::bigint[]) with ordinality as a(key, now, want, n)),
       held as (select r.key, r.tat from rate_bucket r join asked a using (key) order by r.key for update of r),
       taken as (update rate_bucket r
                    set tat = greatest(h.tat, a.now) + least(a.want, (a.now + a.capacity - greatest(h.tat, a.now)) / a.step) * a.step
                   from held h join asked a using (key)
                  where r.key = h.key and greatest(h.tat, a.now) + a.step <= a.now + a.capacity
                 returning r.key, r.tat),
       added as (insert into rate_bucket (key, tat)
                 select key, now + want * step from asked a where not exists (select from held h where h.key = a.key) order by n
                 on conflict (key) do nothing
                 returning key, tat)
       select a.key, h.tat as before, coalesce(t.tat, d.tat) as after
         from asked a left join held h using (key) left join taken t using (key) left join added d using (key)`,
      [interval, capacity, takes.map((t) => t.key), takes.map((t) => t.now), takes.map((t) => t.want)],
    );
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const raced: PendingTake[] = [];
    for (const t of takes) {
      const row = byKey.get(t.key)!;
      if (row.after !== null) {
        const granted = Math.round((Number(row.after) - Math.max(Number(row.before ?? t.now), t.now)) / interval);
        t.done({ granted, retryAfterSeconds: 0 });
      } else if (row.before !== null) {
        const tat = Number(row.before);
        t.done({ granted: 0, retryAfterSeconds: Math.max(1, Math.ceil((tat + interval - t.now - capacity) / 1000)) });
      } else raced.push(t);
    }
    // A bucket first made by another replica after this statement began: it exists now, so the next statement locks it.
    if (raced.length > 0) await this.takeInOneStatement(rule, raced);
  }

  /** Drops the buckets full again before `before` (a full bucket and no row are the same): the cleanup job. */
  async prune(before: Date): Promise<number> {
    const rows = await this.em
      .getConnection()
      .execute<unknown[]>('delete from rate_bucket where tat < ? returning 1', [before.getTime()]);
    return rows.length;
  }
}
