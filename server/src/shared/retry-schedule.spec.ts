import { RetrySchedule } from './retry-schedule.js';

const at = (iso: string) => new Date(iso);
const t0 = at('2026-01-01T00:00:00Z');
const plus = (ms: number) => new Date(t0.getTime() + ms);

describe('RetrySchedule', () => {
  it('steps: the n-th wait after the n-th failure, the last one after that, the first for attempt 0', () => {
    const steps = new RetrySchedule({ delays: { steps: [1_000, 7_000, 20_000] } });
    expect([0, 1, 2, 3, 4, 99].map((n) => steps.delayMs(n))).toEqual([1_000, 1_000, 7_000, 20_000, 20_000, 20_000]);
    expect(steps.next(2, t0)).toEqual(plus(7_000));
  });

  it('doubling: from the first wait, twice as long each time, never past the cap', () => {
    const doubling = new RetrySchedule({ delays: { doubling: { firstMs: 10_000, capMs: 45_000 } } });
    expect([1, 2, 3, 4, 5000].map((n) => doubling.delayMs(n))).toEqual([10_000, 20_000, 40_000, 45_000, 45_000]);
    expect(doubling.next(3, t0)).toEqual(plus(40_000));
    const fromZero = new RetrySchedule({ delays: { doubling: { firstMs: 0, capMs: 45_000 } } });
    expect(fromZero.delayMs(5000)).toBe(0);
  });

  it('fixed: the same wait whatever the attempt', () => {
    const every = new RetrySchedule({ delays: { everyMs: 60_000 } });
    expect([1, 2, 50].map((n) => every.delayMs(n))).toEqual([60_000, 60_000, 60_000]);
    const next: Date = every.next(7, t0); // no give-up age: the type has no null either
    expect(next).toEqual(plus(60_000));
  });

  it('gives up when the next attempt would fall past the age counted from when the work began', () => {
    const aged = new RetrySchedule({ delays: { everyMs: 10 * 60_000 }, giveUpAfterMs: 3_600_000 });
    expect(aged.next(1, plus(50 * 60_000), { since: t0 })).toEqual(plus(3_600_000));
    expect(aged.next(1, plus(50 * 60_000 + 1), { since: t0 })).toBeNull();
    expect(() => aged.next(1, t0)).toThrow('the time the work began');
  });

  it("a partner's Retry-After wins over the schedule's wait, once the schedule has not given up", () => {
    const aged = new RetrySchedule({ delays: { steps: [5_000] }, giveUpAfterMs: 60_000 });
    expect(aged.next(1, t0, { since: t0, retryAfterMs: 120_000 })).toEqual(plus(120_000));
    expect(aged.next(1, t0, { since: t0, retryAfterMs: 1_000 })).toEqual(plus(1_000));
    expect(aged.next(1, plus(56_000), { since: t0, retryAfterMs: 1_000 })).toBeNull();
    expect(aged.next(1, t0, { since: t0, retryAfterMs: Number.NaN })).toEqual(plus(5_000));
  });

  it('never answers a time before now, and refuses negative waits', () => {
    const steps = new RetrySchedule({ delays: { steps: [5_000] } });
    expect(steps.next(1, t0, { retryAfterMs: -30_000 })).toEqual(t0);
    expect(steps.next(-4, t0)).toEqual(plus(5_000));
    expect(() => new RetrySchedule({ delays: { steps: [1_000, -1] } })).toThrow('zero or more');
    expect(() => new RetrySchedule({ delays: { steps: [] } })).toThrow('zero or more');
    expect(() => new RetrySchedule({ delays: { everyMs: Number.NaN } })).toThrow('zero or more');
  });
});
