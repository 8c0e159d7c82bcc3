/** How long to wait after each failed attempt, as data. */
export type RetryDelays =
  /** After the n-th failure the n-th step; past the last, the last again. */
  | { steps: readonly number[] }
  /** `firstMs` after the first failure, doubling after each next one, never more than `capMs`. */
  | { doubling: { firstMs: number; capMs: number } }
  /** The same wait after every failure. */
  | { everyMs: number };

export interface RetryScheduleSpec {
  delays: RetryDelays;
  /** Given up when the next attempt would fall more than this long after `since` (when the work was written). */
  giveUpAfterMs?: number;
}

/** A schedule without a give-up age always has a next attempt. */
export type NextAttempt<S extends RetryScheduleSpec> = S extends { giveUpAfterMs: number } ? Date | null : Date;

export interface NextAttemptContext {
  /** When the work began (a message written): what the give-up age counts from. */
  since?: Date;
  /** The partner's own wait (Retry-After): it replaces the schedule's delay once the schedule has not given up. */
  retryAfterMs?: number;
}

/**
 * The one retry schedule every module describes its retries with: after attempt n failed at `now`, when
 * the next attempt is, or null for never. Each module names its schedule (the rule stays the module's);
 * the answer is written on the module's row (the console shows it) and any job waiting for that try is
 * added for exactly that time. Times come from the caller (the app's `Clock`), never from the database.
 */
export class RetrySchedule<S extends RetryScheduleSpec = RetryScheduleSpec> {
  constructor(readonly spec: S) {
    const waits = delaysOf(spec.delays);
    if (waits.length === 0 || waits.some((ms) => !Number.isFinite(ms) || ms < 0))
      throw new Error('a retry schedule needs waits of zero or more milliseconds');
  }

  /** The wait after the `attempt`-th failure (attempts count from 1; fewer count as the first). */
  delayMs(attempt: number): number {
    const n = Math.max(1, Math.floor(attempt));
    const { delays } = this.spec;
    if ('steps' in delays) return delays.steps[Math.min(n, delays.steps.length) - 1]!;
    if ('everyMs' in delays) return delays.everyMs;
    const { firstMs, capMs } = delays.doubling;
    // The exponent stops where any wait is past any cap (0 × 2^1024 would be NaN).
    return Math.min(firstMs * 2 ** Math.min(n - 1, 52), capMs);
  }

  /** When to try again after the `attempt`-th failure at `now`; null when it gives up (only with a give-up age). */
  next(attempt: number, now: Date, context: NextAttemptContext = {}): NextAttempt<S> {
    return this.nextOrNever(attempt, now, context) as NextAttempt<S>;
  }

  private nextOrNever(attempt: number, now: Date, context: NextAttemptContext): Date | null {
    const next = now.getTime() + this.delayMs(attempt);
    const { giveUpAfterMs } = this.spec;
    if (giveUpAfterMs !== undefined) {
      if (!context.since) throw new Error('a retry schedule with a give-up age needs the time the work began');
      if (next - context.since.getTime() > giveUpAfterMs) return null;
    }
    if (context.retryAfterMs === undefined || Number.isNaN(context.retryAfterMs)) return new Date(next);
    return new Date(now.getTime() + Math.max(0, context.retryAfterMs));
  }
}

function delaysOf(delays: RetryDelays): readonly number[] {
  if ('steps' in delays) return delays.steps;
  if ('everyMs' in delays) return [delays.everyMs];
  return [delays.doubling.firstMs, delays.doubling.capMs];
}
