import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { OrderingFacade } from '../../../server/src/modules/ordering/index.js';
import { Service } from '../../../server/src/modules/catalog/entities.js';
import { createService, em, fund } from '../ordering/fixtures.js';

describe('providers (operator API)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let admin: string;
  /** Every answer of this suite, to scan for keys at the end. */
  const answers: string[] = [];
  const keys: string[] = [];
  const call = async (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const req = t.http[method](path).set('Authorization', admin);
    const res = await (body ? req.send(body) : req);
    answers.push(JSON.stringify(res.headers) + res.text);
    return res;
  };
  const create = async (overrides: object = {}) => {
    const key = `secret-${Math.random().toString(36).slice(2)}-KEY9`;
    keys.push(key);
    const res = await call('post', '/api/admin/providers', {
      name: '테스트 공급사',
      apiUrl: fake.url,
      apiKey: key,
      ...overrides,
    });
    return { res, key };
  };

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start();
    keys.push(fake.key);
    admin = `Bearer ${await t.operatorToken()}`;
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  it('creates, lists, updates and deletes providers, showing only whether a key is set and its last 4', async () => {
    const { res } = await create({ timeoutMs: 5000 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: '테스트 공급사',
      apiUrl: fake.url,
      enabled: true,
      timeoutMs: 5000,
      hasKey: true,
      keyLast4: 'KEY9',
    });
    expect(res.body).not.toHaveProperty('apiKey');
    const id = res.body.id as number;

    const list = await call('get', `/api/admin/providers?sort=${encodeURIComponent('["id","ASC"]')}&range=[0,9]`);
    expect(list.headers['content-range']).toMatch(/^providers 0-\d+\/\d+$/);
    expect(list.body.find((p: { id: number }) => p.id === id)).toMatchObject({ hasKey: true, keyLast4: 'KEY9' });

    // ra-data-simple-rest sends the record back as the console had it: no key means "keep the key".
    const updated = await call('put', `/api/admin/providers/${id}`, { ...res.body, name: '바뀐 이름', enabled: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: '바뀐 이름', enabled: false, keyLast4: 'KEY9' });
    const newKey = 'replacement-key-ABCD';
    keys.push(newKey);
    expect((await call('put', `/api/admin/providers/${id}`, { apiKey: newKey })).body).toMatchObject({
      keyLast4: 'ABCD',
    });
    expect((await call('get', `/api/admin/providers/${id}`)).body).toMatchObject({
      name: '바뀐 이름',
      keyLast4: 'ABCD',
    });

    expect((await call('delete', `/api/admin/providers/${id}`)).status).toBe(200);
    expect((await call('get', `/api/admin/providers/${id}`)).status).toBe(404);
  });

  it('audits every change without the key', async () => {
    const { res } = await create();
    await call('put', `/api/admin/providers/${res.body.id}`, { apiKey: 'another-secret-key-WXYZ' });
    keys.push('another-secret-key-WXYZ');
    const audit = await call(
      'get',
      `/api/admin/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'providers', resourceId: String(res.body.id) }))}&sort=${encodeURIComponent('["id","ASC"]')}`,
    );
    expect(audit.body.map((a: { action: string }) => a.action)).toEqual(['create', 'update']);
    expect(audit.body[1]).toMatchObject({
      before: { keyLast4: 'KEY9' },
      after: { keyLast4: 'WXYZ', keyChanged: true },
    });
  });

  it.each([
    [{ name: '', apiUrl: 'http://x.test/api/v2', apiKey: 'k' }, '공급사 이름을 입력해 주세요.'],
    [{ name: 'a', apiUrl: 'ftp://x.test', apiKey: 'k' }, 'API URL은 http(s) 주소여야 합니다.'],
    [{ name: 'a', apiUrl: 'http://x.test/api/v2' }, 'API 키를 입력해 주세요.'],
    [
      { name: 'a', apiUrl: 'http://x.test/api/v2', apiKey: 'k', timeoutMs: 10 },
      '시간 제한은 1000ms 이상이어야 합니다.',
    ],
  ])('refuses %j with a reason', async (body, message) => {
    const res = await call('post', '/api/admin/providers', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 400, never a database error, to huge ids and control characters', async () => {
    for (const path of [
      '/api/admin/providers/99999999999',
      '/api/admin/providers/abc',
      '/api/admin/providers/99999999999/balance',
    ]) {
      expect((await call('get', path)).status).toBe(400);
    }
    expect((await call('post', '/api/admin/orders/99999999999/resend', {})).status).toBe(400);
    expect(
      (await call('post', '/api/admin/providers', { name: 'a\u0000b', apiUrl: fake.url, apiKey: 'k' })).body.message,
    ).toBe('입력값에 쓸 수 없는 문자(제어 문자)가 있습니다.');
    expect(
      (await call('post', '/api/admin/providers', { name: 'a', apiUrl: fake.url, apiKey: 'k\u0000' })).body.message,
    ).toBe('입력값에 쓸 수 없는 문자(제어 문자)가 있습니다.');
    expect(
      (await call('get', `/api/admin/providers?filter=${encodeURIComponent(JSON.stringify({ q: 'a\u0000' }))}`)).status,
    ).toBe(400);
    const search = await call(
      'get',
      `/api/admin/providers?filter=${encodeURIComponent(JSON.stringify({ q: '100%_' }))}`,
    );
    expect(search.status).toBe(200);
    expect(search.body).toEqual([]);
    expect(
      (await call('get', `/api/admin/providers?filter=${encodeURIComponent(JSON.stringify({ id: [99999999999] }))}`))
        .status,
    ).toBeLessThan(500);
  });

  it('asks the provider for its balance and turns provider failures into 502 with a reason', async () => {
    const { res } = await create({ apiKey: fake.key });
    const id = res.body.id;
    expect((await call('get', `/api/admin/providers/${id}/balance`)).body).toEqual({
      balance: '1234.5678',
      currency: 'USD',
    });
    expect(fake.calls('balance').at(-1)!.keyOk).toBe(true);

    fake.once('balance', { body: { error: `Invalid API key ${fake.key}\u0000` } });
    let failed = await call('get', `/api/admin/providers/${id}/balance`);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('balance: Invalid API key ***');

    fake.once('balance', { status: 503, raw: '<html><body><h1>503 Service Unavailable</h1></body></html>' });
    failed = await call('get', `/api/admin/providers/${id}/balance`);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toContain('HTTP 503, not JSON: 503 Service Unavailable');

    await call('put', `/api/admin/providers/${id}`, { timeoutMs: 1000 });
    fake.once('balance', { body: fake.balance, delayMs: 1500 });
    failed = await call('get', `/api/admin/providers/${id}/balance`);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('balance: no answer within 1000 ms');

    const gone = await FakeProvider.start();
    await gone.close();
    const { res: dead } = await create({ apiUrl: gone.url });
    failed = await call('get', `/api/admin/providers/${dead.body.id}/balance`);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/^balance: unreachable/);
  });

  it('refuses to delete a provider while a service or an unfinished order is linked to it, then deletes it', async () => {
    const refusal = '서비스나 진행 중인 주문이 연결된 공급사는 삭제할 수 없습니다. 비활성화해 주세요.';
    const id = (await create()).res.body.id as number;
    const service = await createService(t, { providerId: id, providerServiceId: '1' });
    const member = await createMember(t);
    await fund(t, member.id, 10_000n);
    const { placed } = await t.app.get(OrderingFacade).placeOrder(member.id, {
      serviceId: service.id,
      link: 'https://instagram.com/p/provider-delete',
      amount: 100,
      runs: 0,
      interval: 0,
    });

    const withService = await call('delete', `/api/admin/providers/${id}`);
    expect([withService.status, withService.body.message]).toEqual([409, refusal]);
    // The service moves to manual fulfilment; the order placed before still names the provider.
    await em(t).nativeUpdate(Service, { id: service.id }, { providerId: null, providerServiceId: null });
    const withOrder = await call('delete', `/api/admin/providers/${id}`);
    expect([withOrder.status, withOrder.body.message]).toEqual([409, refusal]);
    expect((await call('get', `/api/admin/providers/${id}`)).status).toBe(200);

    await t.app.get(OrderingFacade).cancelOrder(member.id, placed.orderId);
    expect((await call('delete', `/api/admin/providers/${id}`)).status).toBe(200);
    expect((await call('get', `/api/admin/providers/${id}`)).status).toBe(404);
  });

  it('keeps operator routes closed to members and anonymous callers', async () => {
    const member = await createMember(t);
    await t.http.get('/api/admin/providers').expect(401);
    await t.http.get('/api/admin/providers').set('Authorization', `Bearer ${member.token}`).expect(401);
    await t.http.post('/api/admin/providers').send({ name: 'x', apiUrl: fake.url, apiKey: 'k' }).expect(401);
  });

  it('never puts a provider key in any answer', () => {
    expect(answers.length).toBeGreaterThan(15);
    for (const key of keys) for (const answer of answers) expect(answer).not.toContain(key);
  });
});
