import { randomUUID } from 'node:crypto';
import { perSecond, perWindow, RateBuckets } from '../../../server/src/modules/rate-limit/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { sql } from '../../support/identity.js';

/** The server's one rate-limit mechanism: a GCRA bucket per key in PostgreSQL, taken at a given clock time. */
describe('rate buckets (identity limits and API v2 keys alike)', () => {
  let t: TestApp;
  let buckets: RateBuckets;
  beforeAll(async () => {
    t = await startTestApp();
    buckets = t.app.get(RateBuckets);
  });
  afterAll(() => t.close());

  const key = () => `test:${randomUUID()}`;
  // Far ahead of every suite's clock, so no cleanup job running beside these tests prunes their buckets.
  const now = Date.UTC(2100, 0, 1);

  it('gives a window’s limit at once, then one more each limit-th of the window; a refusal takes nothing', async () => {
    const k = key();
    const rule = perWindow(5, 600); // 5 per 10 minutes: one more every 120 s
    for (let i = 0; i < 5; i++) expect(await buckets.take(k, rule, now)).toEqual({ granted: 1, retryAfterSeconds: 0 });
    expect(await buckets.take(k, rule, now)).toEqual({ granted: 0, retryAfterSeconds: 120 });
    expect(await buckets.take(k, rule, now + 60_000)).toEqual({ granted: 0, retryAfterSeconds: 60 });
    expect(await buckets.take(k, rule, now + 120_000)).toEqual({ granted: 1, retryAfterSeconds: 0 });
    expect(await buckets.take(k, rule, now + 120_000)).toEqual({ granted: 0, retryAfterSeconds: 120 });
    // A whole window later the bucket is full again: five, not more.
    const later = now + 120_000 + 600_000;
    let granted = 0;
    for (let i = 0; i < 7; i++) granted += (await buckets.take(k, rule, later)).granted;
    expect(granted).toBe(5);
  });

  it('reserves up to `want` at once, never more than the bucket holds', async () => {
    const k = key();
    const rule = perSecond(20, 12); // one every 50 ms, 12 at once
    expect((await buckets.take(k, rule, now, 5)).granted).toBe(5);
    expect((await buckets.take(k, rule, now, 5)).granted).toBe(5);
    expect((await buckets.take(k, rule, now, 5)).granted).toBe(2);
    expect(await buckets.take(k, rule, now, 5)).toEqual({ granted: 0, retryAfterSeconds: 1 });
    expect((await buckets.take(k, rule, now + 100, 5)).granted).toBe(2);
  });

  it('keeps buckets apart by key, one row each', async () => {
    const [a, b] = [key(), key()];
    const rule = perWindow(1, 60);
    expect((await buckets.take(a, rule, now)).granted).toBe(1);
    expect((await buckets.take(a, rule, now)).granted).toBe(0);
    expect((await buckets.take(b, rule, now)).granted).toBe(1);
    expect(await sql(t, 'select key from rate_bucket where key in (?, ?) order by key', [a, b])).toHaveLength(2);
  });

  it('takes the buckets asked in one turn in one statement, a key asked twice in turn', async () => {
    const keys = Array.from({ length: 30 }, key);
    const rule = perWindow(5, 600);
    const same = key();
    const [many, repeated] = await Promise.all([
      Promise.all(keys.map((k) => buckets.take(k, rule, now, 2))),
      Promise.all(Array.from({ length: 7 }, () => buckets.take(same, rule, now))),
    ]);
    expect(many.map((t) => t.granted)).toEqual(keys.map(() => 2));
    // Seven asks of one key: five granted, the refusals told when one fits (one more every 120 s).
    expect(repeated.filter((t) => t.granted === 1)).toHaveLength(5);
    expect(repeated.filter((t) => t.granted === 0)).toEqual([
      { granted: 0, retryAfterSeconds: 120 },
      { granted: 0, retryAfterSeconds: 120 },
    ]);
    // The thirty new buckets went in together: one transaction.
    const rows = await sql(t, 'select count(distinct xmin::text) as n from rate_bucket where key in (?)', [keys]);
    expect(rows).toEqual([{ n: '1' }]);
  });
});
