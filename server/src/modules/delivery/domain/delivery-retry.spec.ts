import { DELIVERY_RETRY } from './delivery-retry.js';

describe('delivery backoff', () => {
  it('waits 5 s, 30 s, 2 min, 10 min, 1 h, then 6 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => DELIVERY_RETRY.delayMs(n))).toEqual([
      5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000, 21_600_000, 21_600_000,
    ]);
  });

  it('gives up when the next try would come more than 24 h after the message was written', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const early = new Date('2026-01-01T01:00:00Z');
    expect(DELIVERY_RETRY.next(5, early, { since: created })).toEqual(new Date('2026-01-01T02:00:00Z'));
    const late = new Date('2026-01-01T20:00:00Z');
    expect(DELIVERY_RETRY.next(6, late, { since: created })).toBeNull();
    expect(DELIVERY_RETRY.next(1, late, { since: created })).toEqual(new Date('2026-01-01T20:00:05Z'));
  });
});
