import { dayOf, lastDays, startOf } from './calendar.js';

describe('the dashboard calendar (Korean days)', () => {
  it('puts an instant on its Korean day: 15:00 UTC is already the next day in Seoul', () => {
    expect(dayOf(new Date('2026-03-01T14:59:59Z'))).toBe('2026-03-01');
    expect(dayOf(new Date('2026-03-01T15:00:00Z'))).toBe('2026-03-02');
  });

  it('starts a Korean day at 15:00 UTC the evening before', () => {
    expect(startOf('2026-03-02').toISOString()).toBe('2026-03-01T15:00:00.000Z');
  });

  it('lists the last days oldest first, ending today, across a month end and a leap day', () => {
    expect(lastDays(new Date('2028-03-01T16:00:00Z'), 4)).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
      '2028-03-02',
    ]);
    expect(lastDays(new Date('2028-03-01T01:00:00Z'), 3)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(lastDays(new Date('2026-11-22T03:00:00Z'), 30)).toHaveLength(30);
  });
});
