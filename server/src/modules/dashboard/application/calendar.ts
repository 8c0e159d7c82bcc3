/** The panel's calendar: Korean days (Asia/Seoul, UTC+9 all year, no daylight saving). */
export const TIME_ZONE = 'Asia/Seoul';
const OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of the Korean day `at` falls on. */
export function dayOf(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Korean day starts. */
export function startOf(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

/** The last `count` Korean days up to and including `now`'s, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const today = startOf(dayOf(now)).getTime();
  return Array.from({ length: count }, (_, i) => dayOf(new Date(today - (count - 1 - i) * DAY_MS)));
}
