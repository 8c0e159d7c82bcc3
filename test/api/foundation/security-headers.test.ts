import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineScriptHashes } from '../../../server/src/ops/security-headers.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers and metrics access', () => {
  it('hashes every inline script of the storefront page (none is allowed otherwise)', () => {
    const file = join(process.cwd(), 'customer-web', 'index.html');
    const scripts = [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(inlineScriptHashes([file]).sort()).toEqual(
      scripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`).sort(),
    );
  });

  describe('on http, metrics from loopback only', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    });
    afterAll(() => t.close());

    it('sends CSP without inline scripts, frame-ancestors none, nosniff, the referrer policy, no HSTS, on every answer', async () => {
      for (const res of [
        await t.http.get('/api/health'),
        await t.http.get('/api/no-such'),
        await t.http.post('/api/v2').send({}),
      ]) {
        const csp = directives(res.headers['content-security-policy'] ?? '');
        expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'"]));
        expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
        expect(csp.get('script-src')!.join(' ')).not.toMatch(/kakao|toss/);
        expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
        expect(csp.get('object-src')).toEqual(["'none'"]);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it("lets Naver's login callback talk to its opener (COOP unsafe-none there only), with every other header", async () => {
      for (const path of ['/auth/naver', '/auth/naver?code=abc&state=xyz']) {
        const res = await t.http.get(path);
        expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
        expect(directives(res.headers['content-security-policy'] ?? '').get('frame-ancestors')).toEqual(["'none'"]);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
      for (const path of ['/', '/auth/naverish', '/api/health'])
        expect((await t.http.get(path)).headers['cross-origin-opener-policy']).toBe('same-origin');
    });

    it('answers /api/metrics to this host only when METRICS_TOKEN is unset', async () => {
      expect((await t.http.get('/api/metrics').expect(200)).text).toContain('process_cpu_user_seconds_total');
      // Through the (trusted, loopback) proxy from elsewhere: refused.
      const outside = await t.http.get('/api/metrics').set('X-Forwarded-For', '203.0.113.9').expect(403);
      expect(outside.body).toEqual({
        statusCode: 403,
        code: expect.any(String),
        message: '지표는 이 서버 안에서만 볼 수 있습니다.',
      });
    });
  });

  describe('on https with METRICS_TOKEN and Kakao on', () => {
    let t: TestApp;
    const token = 'metrics-token-0123456789';
    beforeAll(async () => {
      t = await startTestApp({ PUBLIC_URL: 'https://panel.example.com', METRICS_TOKEN: token, KAKAO_ENABLED: 'true' });
    });
    afterAll(() => t.close());

    it('adds HSTS and the Kakao SDK host', async () => {
      const res = await t.http.get('/api/health').expect(200);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res.headers['content-security-policy']!).get('script-src')).toContain(
        'https://developers.kakao.com',
      );
    });

    it('answers /api/metrics only to the bearer of METRICS_TOKEN, from anywhere', async () => {
      expect((await t.http.get('/api/metrics').expect(401)).body.message).toBe('METRICS_TOKEN이 필요합니다.');
      await t.http.get('/api/metrics').set('Authorization', 'Bearer wrong-token-0123456789').expect(401);
      await t.http
        .get('/api/metrics')
        .set('Authorization', `Bearer ${token}`)
        .set('X-Forwarded-For', '203.0.113.9')
        .expect(200);
    });
  });
});
