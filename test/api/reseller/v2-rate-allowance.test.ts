import { startReplica, startTestApp, type TestApp } from '../../support/test-app.js';
import { allowanceChunk } from '../../../server/src/modules/reseller-api/application/v2-rate-limiter.js';
import { createReseller } from './fixtures.js';

/**
 * The v2 limit with in-process allowances: each replica reserves a few requests of the shared bucket at
 * once and spends them without a statement. Whatever the replicas reserved is counted in PostgreSQL, so
 * together they still answer no more than the bucket holds.
 */
describe('API v2 rate allowance across replicas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reserves half a second of the rate at once, and one at a time for slow rates', () => {
    expect(allowanceChunk({ perSecond: 20, burst: 200 })).toBe(10);
    expect(allowanceChunk({ perSecond: 2, burst: 10 })).toBe(1);
    expect(allowanceChunk({ perSecond: 1, burst: 10 })).toBe(1);
    expect(allowanceChunk({ perSecond: 400, burst: 3 })).toBe(3);
  });

  it('two replicas holding allowances of 8 answer no more than the burst and what refilled', async () => {
    // 16/s: a chunk of 8; burst 12; the requests alternate between replicas so both hold allowances.
    const env = { API_V2_RATE: '16', API_V2_BURST: '12' };
    const a = await startReplica(t, env);
    const b = await startReplica(t, env);
    try {
      const m = await createReseller(t, 0n);
      const started = Date.now();
      const answers = [];
      for (let round = 0; round < 10; round++)
        answers.push(
          ...(await Promise.all(
            Array.from({ length: 8 }, (_, i) =>
              (i % 2 ? a : b).http.post('/api/v2').type('form').send({ key: m.apiKey, action: 'balance' }),
            ),
          )),
        );
      const seconds = (Date.now() - started) / 1000;
      const ok = answers.filter((r) => r.status === 200).length;
      const limited = answers.filter((r) => r.status === 429);
      expect(ok + limited.length).toBe(80);
      // Every answered request was reserved in the shared bucket: burst 12 plus 16/s meanwhile.
      expect(ok).toBeLessThanOrEqual(12 + Math.ceil(16 * seconds) + 1);
      expect(ok).toBeGreaterThan(0);
      for (const r of limited) {
        expect(r.body).toEqual({ error: 'Too many requests' });
        expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });
});
