import { parseEnv } from '../../../server/src/config/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** 12 code requests (the per-IP limit is 10 per window), each from a different claimed address and to a different mailbox. */
async function sendCodes(t: TestApp, tag: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const res = await t.http
      .post('/api/auth/send-email')
      .set('X-Forwarded-For', `203.0.113.${i + 1}`)
      .send({ email: `${tag}-${i}@example.com` });
    statuses.push(res.status);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('reads unset, true, hop counts and address lists; refuses a malformed value with one clear line', () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'fd00::/8',
    ]);
    for (const bad of ['yes please', '10.0.0.0/33', '300.1.1.1', 'loopback,', '-1']) {
      expect(() => parseEnv({ TRUST_PROXY: bad })).toThrow(
        /^Invalid environment:\n {2}TRUST_PROXY: TRUST_PROXY must be/,
      );
    }
  });

  describe('unset', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ TRUST_PROXY: undefined });
    });
    afterAll(() => t.close());

    it('ignores X-Forwarded-For: a spoofed address cannot escape the per-IP limit', async () => {
      const statuses = await sendCodes(t, 'spoof');
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    });
  });

  describe('loopback', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ TRUST_PROXY: 'loopback' });
    });
    afterAll(() => t.close());

    it('takes the client from X-Forwarded-For set by a proxy on loopback', async () => {
      expect(await sendCodes(t, 'proxied')).toEqual(Array(12).fill(200));
    });
  });
});
