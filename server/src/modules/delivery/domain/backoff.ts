/** After the n-th failed attempt, wait this long: about 5 s, 30 s, 2 min, 10 min, 1 h, then 6 h. */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;
/** A message still failing this long after it was written is given up. */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

export function retryDelayMs(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1]!;
}

/** When to try again after `attempts` failures, or null when the next try would fall past the 24 h. */
export function nextAttemptAt(attempts: number, createdAt: Date, now: Date): Date | null {
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  return next.getTime() - createdAt.getTime() > GIVE_UP_AFTER_MS ? null : next;
}
