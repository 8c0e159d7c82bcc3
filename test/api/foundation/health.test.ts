import { startTestApp, type TestApp } from '../../support/test-app.js';

describe('health and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers health with the database checked', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('exposes Prometheus metrics including request timings', async () => {
    await t.http.get('/api/service/settings').expect(200);
    const res = await t.http.get('/api/metrics').expect(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.text).toContain('process_cpu_user_seconds_total');
    expect(res.text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/service\/settings",status="200"\} \d+/,
    );
  });

  it('answers unknown API paths with a JSON 404, not the SPA', async () => {
    const res = await t.http.get('/api/no-such-thing').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404 });
  });

  it('answers malformed JSON bodies with a 400', async () => {
    const res = await t.http
      .post('/api/admin/auth/login')
      .set('content-type', 'application/json')
      .send('{"id":')
      .expect(400);
    expect(res.body.statusCode).toBe(400);
  });
});
