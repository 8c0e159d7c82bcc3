import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { Provider } from '../../../server/src/modules/fulfilment/entities.js';

const PRIVATE =
  '공급사 API URL이 내부망(사설·루프백·링크로컬) 주소를 가리킵니다. 외부에서 접근 가능한 주소를 입력해 주세요.';

/** Provider URLs may not reach loopback, private or link-local addresses (save time and request time). */
describe('provider URLs: internal addresses refused unless allowed', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let admin: string;
  const port = 41_000 + Number(process.env.JEST_WORKER_ID ?? 0);
  const post = (apiUrl: string) =>
    t.http
      .post('/api/admin/providers')
      .set('Authorization', admin)
      .send({ name: '공급사', apiUrl, apiKey: 'k-0123456789' });

  beforeAll(async () => {
    t = await startTestApp({ ALLOW_PRIVATE_PROVIDER_URLS: 'false', PORT: String(port) });
    fake = await FakeProvider.start();
    admin = `Bearer ${await t.operatorToken()}`;
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  it.each([
    ['loopback (the fake provider)', () => fake.url],
    ['localhost by name', () => 'http://localhost:8080/api/v2'],
    ['private 10/8', () => 'http://10.0.0.5/api/v2'],
    ['private 192.168/16', () => 'https://192.168.1.10/api/v2'],
    ['link-local metadata', () => 'http://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', () => 'http://[::1]:3000/api/v2'],
    ['IPv4-mapped IPv6 loopback', () => 'http://[::ffff:127.0.0.1]/api/v2'],
    ['unspecified', () => 'http://0.0.0.0:5432/'],
    ['carrier-grade NAT', () => 'http://100.64.0.1/api/v2'],
  ])('refuses %s at save time with a Korean 400', async (_name, url) => {
    const res = await post(url()).expect(400);
    expect(res.body.message).toBe(PRIVATE);
  });

  it('refuses a host it cannot resolve, and an update to an internal URL', async () => {
    expect((await post('https://no-such-host.invalid/api/v2').expect(400)).body.message).toBe(
      '공급사 API URL의 호스트를 찾을 수 없습니다.',
    );
    const ok = await post('https://93.184.216.34/api/v2').expect(201);
    const res = await t.http
      .put(`/api/admin/providers/${ok.body.id}`)
      .set('Authorization', admin)
      .send({ apiUrl: fake.url })
      .expect(400);
    expect(res.body.message).toBe(PRIVATE);
  });

  it("trusts the app's own simulated provider by its exact URL", async () => {
    await post(`http://127.0.0.1:${port}/api/simulated-provider/v2`).expect(201);
    await post(`http://127.0.0.1:${port}/api/simulated-provider/v2/../../admin`).expect(400);
  });

  it('refuses at request time a stored URL that reaches an internal address (by IP or by name): nothing is sent', async () => {
    const em = t.app.get(MikroORM).em.fork();
    const byIp = new Provider(
      { name: 'rebound-ip', apiUrl: fake.url, apiKey: fake.key, enabled: true, timeoutMs: 5000 },
      new Date(),
    );
    const byName = new Provider(
      {
        name: 'rebound-name',
        apiUrl: fake.url.replace('127.0.0.1', 'localhost'),
        apiKey: fake.key,
        enabled: true,
        timeoutMs: 5000,
      },
      new Date(),
    );
    await em.persist([byIp, byName]).flush();
    for (const provider of [byIp, byName]) {
      const res = await t.http.get(`/api/admin/providers/${provider.id}/balance`).set('Authorization', admin);
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/unreachable/);
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('provider URLs with ALLOW_PRIVATE_PROVIDER_URLS=true', () => {
  it('lets an operator use a provider on the local network', async () => {
    const t = await startTestApp({ ALLOW_PRIVATE_PROVIDER_URLS: 'true' });
    const fake = await FakeProvider.start();
    try {
      const admin = `Bearer ${await t.operatorToken()}`;
      const res = await t.http
        .post('/api/admin/providers')
        .set('Authorization', admin)
        .send({ name: '로컬 공급사', apiUrl: fake.url, apiKey: fake.key })
        .expect(201);
      expect(
        (await t.http.get(`/api/admin/providers/${res.body.id}/balance`).set('Authorization', admin).expect(200)).body,
      ).toEqual({ balance: '1234.5678', currency: 'USD' });
    } finally {
      await fake.close();
      await t.close();
    }
  });
});
