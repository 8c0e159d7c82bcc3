import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { CATALOG_MESSAGES } from '../../../server/src/contracts/index.js';
import { CatalogFacade } from '../../../server/src/modules/catalog/index.js';
import { Service } from '../../../server/src/modules/catalog/entities.js';

describe('catalog', () => {
  let t: TestApp;
  let admin: string;
  let member: TestMember;
  const as = (token: string) => ({
    get: (url: string) => t.http.get(url).set('Authorization', token),
    post: (url: string, body: object) => t.http.post(url).set('Authorization', token).send(body),
    put: (url: string, body: object) => t.http.put(url).set('Authorization', token).send(body),
    del: (url: string) => t.http.delete(url).set('Authorization', token),
  });
  const op = () => as(admin);
  const audits = async (resource: string, resourceId: string | number) =>
    (
      await op()
        .get('/api/admin/audit-logs')
        .query({
          filter: JSON.stringify({ resource, resourceId: String(resourceId) }),
          sort: JSON.stringify(['id', 'ASC']),
        })
        .expect(200)
    ).body as {
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      operatorLoginId: string;
    }[];

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.operatorToken()}`;
    member = await createMember(t);
  });
  afterAll(() => t.close());

  let categoryId: number;
  let serviceId: number;

  it('lets an operator build the catalogue, audited', async () => {
    const platform = await op()
      .post('/api/admin/platforms', { id: 'youtube', text: '유튜브', bgColor: '#FF0000', sortOrder: 2 })
      .expect(201);
    expect(platform.body).toEqual({ id: 'youtube', text: '유튜브', visible: true, bgColor: '#FF0000', sortOrder: 2 });
    await op().post('/api/admin/platforms', { id: 'tiktok', text: '틱톡', visible: false, sortOrder: 1 }).expect(201);
    const category = await op()
      .post('/api/admin/categories', { platform: 'youtube', text: '유튜브 조회수' })
      .expect(201);
    categoryId = category.body.id;
    expect(category.body).toMatchObject({ platform: 'youtube', text: '유튜브 조회수', sortOrder: 0 });
    const service = await op()
      .post('/api/admin/services', {
        text: '쇼츠 조회수',
        point: '0.35',
        min: 100,
        max: 100000,
        notice: '영상 링크',
        categoryId,
        enableAuto: true,
      })
      .expect(201);
    serviceId = service.body.id;
    expect(service.body).toMatchObject({
      point: '0.35',
      min: 100,
      max: 100000,
      isReadOnly: false,
      enableAuto: true,
      visible: true,
      providerId: null,
    });
    const [created] = await audits('services', serviceId);
    expect(created).toMatchObject({
      action: 'create',
      operatorLoginId: 'operator',
      before: null,
      after: { text: '쇼츠 조회수', point: '0.35' },
    });
  });

  it('keeps fractional prices exact and serves the customer lists with the spec field names', async () => {
    await op()
      .post('/api/admin/services', { text: '숨김 상품', point: 3, min: 1, max: 10, categoryId, visible: false })
      .expect(201);
    await op()
      .post('/api/admin/services', {
        text: '품절 상품',
        point: 0.000001,
        min: 1,
        max: 10,
        categoryId,
        isReadOnly: true,
        sortOrder: 5,
      })
      .expect(201);
    const stored = await t.app.get(MikroORM).em.fork().findOneOrFail(Service, serviceId);
    expect(stored.point).toBe('0.350000');

    const platforms = await t.http.get('/api/service/platforms').expect(200);
    expect(platforms.body).toEqual([
      { id: 'tiktok', text: '틱톡', visible: false, bgColor: '' },
      { id: 'youtube', text: '유튜브', visible: true, bgColor: '#FF0000' },
    ]);
    const categories = await t.http.get('/api/service/categorys').expect(200);
    expect(categories.body).toEqual([{ id: categoryId, platform: 'youtube', text: '유튜브 조회수' }]);
    const services = await t.http.get('/api/service/services').expect(200);
    expect(services.body).toEqual([
      {
        id: serviceId,
        text: '쇼츠 조회수',
        point: 0.35,
        min: 100,
        max: 100000,
        notice: '영상 링크',
        categoryId,
        isReadOnly: false,
        enableAuto: true,
        type: 'Default',
        refill: false,
        refillDays: 30,
        cancel: false,
        averageTime: null,
      },
      {
        id: expect.any(Number),
        text: '품절 상품',
        point: 0.000001,
        min: 1,
        max: 10,
        notice: '',
        categoryId,
        isReadOnly: true,
        enableAuto: false,
        type: 'Default',
        refill: false,
        refillDays: 30,
        cancel: false,
        averageTime: null,
      },
    ]);
  });

  it("keeps a service's type and refill/cancel flags as the operator sets them", async () => {
    const created = await op()
      .post('/api/admin/services', {
        text: '커스텀 댓글',
        point: '350',
        min: 5,
        max: 500,
        categoryId,
        type: 'Custom Comments',
        refill: true,
        refillDays: 14,
        cancel: true,
      })
      .expect(201);
    expect(created.body).toMatchObject({ type: 'Custom Comments', refill: true, refillDays: 14, cancel: true });
    const edited = await op()
      .put(`/api/admin/services/${created.body.id}`, { type: 'Package', min: 1, max: 1, refill: false })
      .expect(200);
    expect(edited.body).toMatchObject({ type: 'Package', min: 1, max: 1, refill: false, refillDays: 14, cancel: true });
    await op().del(`/api/admin/services/${created.body.id}`).expect(200);
  });

  it('updates with a partial body, keeps the id, and audits before and after', async () => {
    const res = await op().put(`/api/admin/services/${serviceId}`, { id: 999, point: '0.4', max: 50000 }).expect(200);
    expect(res.body).toMatchObject({ id: serviceId, point: '0.4', max: 50000, min: 100, text: '쇼츠 조회수' });
    await op().put('/api/admin/platforms/youtube', { id: 'other', text: '유튜브 KR' }).expect(200);
    expect((await op().get('/api/admin/platforms/youtube').expect(200)).body.text).toBe('유튜브 KR');
    const rows = await audits('services', serviceId);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1]!.before).toMatchObject({ point: '0.350000', max: 100000 });
    expect(rows[1]!.after).toMatchObject({ point: '0.4', max: 50000 });
  });

  it.each([
    ['/api/admin/platforms', { id: 'Bad Id', text: 'x' }, CATALOG_MESSAGES.platformId],
    ['/api/admin/platforms', { id: 'naver', text: '' }, CATALOG_MESSAGES.text],
    ['/api/admin/platforms', { id: 'naver', text: '네이버', bgColor: 'green' }, CATALOG_MESSAGES.color],
    ['/api/admin/categories', { text: '무소속' }, CATALOG_MESSAGES.platform],
    ['/api/admin/services', { text: 'x', point: '0', min: 1, max: 2, categoryId: 1 }, CATALOG_MESSAGES.point],
    ['/api/admin/services', { text: 'x', point: '-1', min: 1, max: 2, categoryId: 1 }, CATALOG_MESSAGES.point],
    ['/api/admin/services', { text: 'x', point: '0.1234567', min: 1, max: 2, categoryId: 1 }, CATALOG_MESSAGES.point],
    ['/api/admin/services', { text: 'x', point: 'abc', min: 1, max: 2, categoryId: 1 }, CATALOG_MESSAGES.point],
    ['/api/admin/services', { text: 'x', point: '1', min: 5, max: 2, categoryId: 1 }, CATALOG_MESSAGES.minMax],
    ['/api/admin/services', { text: 'x', point: '1', min: 0, max: 2, categoryId: 1 }, CATALOG_MESSAGES.minMax],
    ['/api/admin/services', { text: 'x', point: '1', min: 1, max: 2 }, CATALOG_MESSAGES.category],
    [
      '/api/admin/services',
      { text: 'x', point: '1', min: 1, max: 2, categoryId: 1, providerId: 3 },
      CATALOG_MESSAGES.provider,
    ],
    [
      '/api/admin/services',
      { text: 'x', point: '1', min: 1, max: 2, categoryId: 1, type: 'Poll' },
      CATALOG_MESSAGES.type,
    ],
    [
      '/api/admin/services',
      { text: 'x', point: '1', min: 1, max: 2, categoryId: 1, type: 'Package' },
      CATALOG_MESSAGES.packageMinMax,
    ],
    [
      '/api/admin/services',
      { text: 'x', point: '1', min: 1, max: 2, categoryId: 1, refill: true, refillDays: 0 },
      CATALOG_MESSAGES.refillDays,
    ],
    [
      '/api/admin/services',
      { text: 'x', point: '1', min: 1, max: 2, categoryId: 1, refillDays: 366 },
      CATALOG_MESSAGES.refillDays,
    ],
  ])('refuses bad input to %s (%j)', async (url, body, message) => {
    const res = await op().post(url, body).expect(400);
    expect(res.body).toEqual({ statusCode: 400, code: expect.any(String), message });
  });

  it('refuses references to missing rows, duplicates, and deleting what is in use', async () => {
    expect(
      (await op().post('/api/admin/categories', { platform: 'nowhere', text: 'x' }).expect(400)).body.message,
    ).toBe(CATALOG_MESSAGES.platform);
    expect(
      (
        await op()
          .post('/api/admin/services', { text: 'x', point: '1', min: 1, max: 2, categoryId: 987654 })
          .expect(400)
      ).body.message,
    ).toBe(CATALOG_MESSAGES.category);
    expect((await op().post('/api/admin/platforms', { id: 'youtube', text: '중복' }).expect(409)).body.message).toBe(
      '이미 존재하는 항목입니다.',
    );
    expect((await op().del('/api/admin/platforms/youtube').expect(409)).body.message).toBe(
      '사용 중인 항목은 삭제할 수 없습니다. 숨김 처리해 주세요.',
    );
    expect((await op().del(`/api/admin/categories/${categoryId}`).expect(409)).body.message).toBe(
      '사용 중인 항목은 삭제할 수 없습니다. 숨김 처리해 주세요.',
    );
    await op().get('/api/admin/services/999999').expect(404);
    await op().get('/api/admin/services/abc').expect(404);
  });

  it('deletes an unused row, audited', async () => {
    const res = await op().del('/api/admin/platforms/tiktok').expect(200);
    expect(res.body).toMatchObject({ id: 'tiktok' });
    await op().get('/api/admin/platforms/tiktok').expect(404);
    expect((await audits('platforms', 'tiktok')).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('lists for operators with filters, sort and Content-Range', async () => {
    const res = await op()
      .get('/api/admin/services')
      .query({
        filter: JSON.stringify({ categoryId, visible: true }),
        sort: JSON.stringify(['point', 'ASC']),
        range: JSON.stringify([0, 0]),
      })
      .expect(200);
    expect(res.body.map((s: { text: string }) => s.text)).toEqual(['품절 상품']);
    expect(res.headers['content-range']).toBe('services 0-0/2');
    const q = await op()
      .get('/api/admin/services')
      .query({ filter: JSON.stringify({ q: '쇼츠' }) })
      .expect(200);
    expect(q.body.map((s: { id: number }) => s.id)).toEqual([serviceId]);
    await op()
      .get('/api/admin/services')
      .query({ filter: JSON.stringify({ nope: 1 }) })
      .expect(400);
  });

  it('imports provider services keyed by (providerId, providerServiceId)', async () => {
    const catalog = t.app.get(CatalogFacade);
    const orm = t.app.get(MikroORM);
    const input = {
      providerId: 7,
      providerServiceId: '1042',
      text: 'Instagram Likes [Real]',
      point: '0.85',
      min: 50,
      max: 20000,
      categoryId,
    };
    const first = await orm.em.fork().transactional((tx) => catalog.upsertProviderService(tx, input));
    expect(first.created).toBe(true);
    await op().put(`/api/admin/services/${first.service.id}`, { visible: false, text: '🌍 외국인 좋아요' }).expect(200);
    const second = await orm.em
      .fork()
      .transactional((tx) =>
        catalog.upsertProviderService(tx, { ...input, point: '0.9', max: 30000, enableAuto: true }),
      );
    expect(second).toMatchObject({
      created: false,
      service: { id: first.service.id, point: '0.9', max: 30000, enableAuto: true, visible: false },
    });
    expect(await orm.em.fork().count(Service, { providerId: 7 })).toBe(1);
    await expect(
      orm.em
        .fork()
        .transactional((tx) =>
          catalog.upsertProviderService(tx, { ...input, providerServiceId: 'x', point: '1.2345678' }),
        ),
    ).rejects.toThrow(CATALOG_MESSAGES.point);
    expect((await catalog.getService(first.service.id))?.providerServiceId).toBe('1042');
    expect((await catalog.listServices()).some((s) => s.id === first.service.id)).toBe(false);
    expect((await catalog.listServices({ includeHidden: true })).some((s) => s.id === first.service.id)).toBe(true);
  });

  it('refuses member tokens and anonymous calls on every operator route', async () => {
    const routes: [string, string][] = [];
    for (const r of ['platforms', 'categories', 'services']) {
      routes.push(
        ['get', `/api/admin/${r}`],
        ['get', `/api/admin/${r}/1`],
        ['post', `/api/admin/${r}`],
        ['put', `/api/admin/${r}/1`],
        ['delete', `/api/admin/${r}/1`],
      );
    }
    for (const [method, url] of routes) {
      for (const token of [`Bearer ${member.token}`, '']) {
        const req = (t.http as unknown as Record<string, (u: string) => import('supertest').Test>)[method]!(url);
        await (token ? req.set('Authorization', token) : req).send({}).expect(401);
      }
    }
  });
});
