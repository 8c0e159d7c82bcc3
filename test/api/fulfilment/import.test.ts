import { startTestApp, type TestApp } from '../../support/test-app.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { CatalogFacade, type Service } from '../../../server/src/modules/catalog/index.js';
import { addProvider, admin, createService } from './helpers.js';

describe("importing a provider's services", () => {
  let t: TestApp;
  let fake: FakeProvider;
  let providerId: number;
  let instagram: number;
  let youtube: number;
  const importServices = async (body: object, id = providerId) =>
    t.http
      .post(`/api/admin/providers/${id}/import-services`)
      .set('Authorization', await admin(t))
      .send(body);
  const imported = async (): Promise<Map<string, Service>> =>
    new Map(
      (await t.app.get(CatalogFacade).listServices({ includeHidden: true }))
        .filter((s) => s.providerId === providerId)
        .map((s) => [s.providerServiceId!, s]),
    );

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start();
    providerId = await addProvider(t, fake);
    // Two categories of our own to import into.
    instagram = (await createService(t)).categoryId;
    youtube = (await createService(t)).categoryId;
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  it("creates our services at rate / 1000 × (1 + markup), exactly, with the provider's limits", async () => {
    const res = await importServices({ markupPercent: 30, categoryId: instagram });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 3, updated: 0, skipped: [], malformed: 0 });
    const services = await imported();
    // 900 × 1.3 / 1000, 0.45 × 1.3 / 1000, 1500.5 × 1.3 / 1000 — no floating point anywhere.
    expect(services.get('1')).toMatchObject({
      text: 'Instagram Followers',
      point: '1.170000',
      min: 10,
      max: 10000,
      categoryId: instagram,
    });
    expect(services.get('2')).toMatchObject({ point: '0.000585', min: 50, max: 50000 });
    expect(services.get('3')).toMatchObject({ point: '1.950650', min: 100, max: 1000000 });
  });

  it('re-syncs prices and limits on a repeat instead of duplicating, and converts currencies', async () => {
    fake.services = fake.services.map((s) =>
      (s as { service: number }).service === 1
        ? { ...(s as object), rate: '1000', max: '20000', name: 'Instagram Followers HQ' }
        : s,
    );
    const res = await importServices({
      markupPercent: '12.5',
      currencyRate: '1400',
      categoryId: instagram,
      serviceIds: ['1', '2', '404'],
    });
    expect(res.body).toMatchObject({
      created: 0,
      updated: 2,
      skipped: [{ providerServiceId: '404', reason: 'not offered by the provider' }],
    });
    const services = await imported();
    expect(services.size).toBe(3);
    // 1000 × 1400 × 1.125 / 1000 = 1575; 0.45 × 1400 × 1.125 / 1000 = 0.70875
    expect(services.get('1')).toMatchObject({ text: 'Instagram Followers HQ', point: '1575.000000', max: 20000 });
    expect(services.get('2')).toMatchObject({ point: '0.708750' });
    expect(services.get('3')).toMatchObject({ point: '1.950650' });
  });

  it('stores provider text without control characters', async () => {
    const other = await addProvider(t, fake, { name: '제어 문자' });
    fake.once('services', {
      body: [
        {
          service: 7,
          name: 'Likes\u0000 \u200bfast',
          category: 'X',
          rate: '1',
          min: 1,
          max: 10,
          description: 'a\u0007b',
        },
      ],
    });
    expect((await importServices({ markupPercent: 0, categoryId: instagram }, other)).status).toBe(200);
    const service = (await t.app.get(CatalogFacade).listServices({ includeHidden: true })).find(
      (s) => s.providerId === other,
    )!;
    expect(service).toMatchObject({ text: 'Likes   fast', notice: 'a b', point: '0.001000' });
  });

  it("maps the provider's categories to ours and skips what has no category", async () => {
    const other = await addProvider(t, fake, { name: '두 번째' });
    const res = await importServices({ markupPercent: 0, categoryMap: { YouTube: youtube } }, other);
    expect(res.body).toMatchObject({ created: 1, skipped: [{ providerServiceId: '1' }, { providerServiceId: '2' }] });
    const all = await t.app.get(CatalogFacade).listServices({ includeHidden: true });
    expect(all.find((s) => s.providerId === other)).toMatchObject({
      providerServiceId: '3',
      categoryId: youtube,
      point: '1.500500',
    });
  });

  it("reads each service's type, refill, cancel and dripfeed flags, prices a package per package, and lets the operator override", async () => {
    const other = await addProvider(t, fake, { name: '유형 공급사' });
    fake.once('services', {
      body: [
        {
          service: 11,
          name: 'IG Custom Comments',
          type: 'Custom Comments',
          category: 'X',
          rate: '20000',
          min: '5',
          max: '1000',
          refill: false,
          cancel: '0',
          dripfeed: false,
        },
        {
          service: 12,
          name: 'IG Starter Package',
          type: 'Package',
          category: 'X',
          rate: '12.5',
          min: '1',
          max: '1',
          refill: false,
          cancel: false,
        },
        {
          service: 13,
          name: 'IG Auto Likes',
          type: 'Subscriptions',
          category: 'X',
          rate: '500',
          min: '100',
          max: '5000',
        },
        {
          service: 14,
          name: 'IG Followers R30',
          type: 'Default',
          category: 'X',
          rate: '900',
          min: '10',
          max: '10000',
          refill: true,
          cancel: true,
          dripfeed: '1',
        },
        {
          service: 15,
          name: 'IG Mentions',
          type: 'Mentions with Hashtags',
          category: 'X',
          rate: '900',
          min: '10',
          max: '10000',
        },
        {
          service: 16,
          name: 'IG Followers (no refill upstream)',
          type: 'default',
          category: 'X',
          rate: '900',
          min: '10',
          max: '10000',
          refill: false,
        },
      ],
    });
    const res = await importServices(
      { markupPercent: 0, categoryId: instagram, overrides: { '16': { refill: true, refillDays: 7, cancel: true } } },
      other,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      created: 5,
      skipped: [{ providerServiceId: '15', reason: 'type "Mentions with Hashtags" is not sold here' }],
    });
    const byId = new Map(
      (await t.app.get(CatalogFacade).listServices({ includeHidden: true }))
        .filter((s) => s.providerId === other)
        .map((s) => [s.providerServiceId, s]),
    );
    expect(byId.get('11')).toMatchObject({
      type: 'Custom Comments',
      refill: false,
      cancel: false,
      enableAuto: false,
      point: '20.000000',
      min: 5,
      max: 1000,
    });
    // A package's rate is the price of the package: 12.5, not 12.5 / 1000.
    expect(byId.get('12')).toMatchObject({ type: 'Package', point: '12.500000', min: 1, max: 1 });
    expect(byId.get('13')).toMatchObject({ type: 'Subscriptions', enableAuto: false });
    expect(byId.get('14')).toMatchObject({
      type: 'Default',
      refill: true,
      cancel: true,
      enableAuto: true,
      refillDays: 30,
    });
    expect(byId.get('16')).toMatchObject({ type: 'Default', refill: true, refillDays: 7, cancel: true });
    // The operator's override of a type wins on a re-sync too.
    fake.once('services', {
      body: [
        {
          service: 11,
          name: 'IG Custom Comments',
          type: 'Custom Comments',
          category: 'X',
          rate: '20000',
          min: '5',
          max: '1000',
        },
      ],
    });
    const again = await importServices(
      { markupPercent: 0, categoryId: instagram, serviceIds: ['11'], overrides: { '11': { type: 'Default' } } },
      other,
    );
    expect(again.body).toMatchObject({ updated: 1 });
    expect((await t.app.get(CatalogFacade).getService(byId.get('11')!.id))?.type).toBe('Default');
    const bad = await importServices(
      { markupPercent: 0, categoryId: instagram, overrides: { '11': { type: 'Poll' } } },
      other,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('서비스 유형은 기본, 커스텀 댓글, 패키지, 구독 중 하나여야 합니다.');
  });

  it('refuses bad input and reports provider failures, changing nothing', async () => {
    const count = async () => (await t.app.get(CatalogFacade).listServices({ includeHidden: true })).length;
    const before = await count();
    expect((await importServices({ markupPercent: 10 })).body.message).toBe('카테고리를 선택해 주세요.');
    expect((await importServices({ markupPercent: -5, categoryId: instagram })).body.message).toBe(
      '마진율은 0 이상의 숫자(소수점 6자리까지)여야 합니다.',
    );
    const missing = await importServices({ markupPercent: 10, categoryId: 999999 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('카테고리를 찾을 수 없습니다: 999999');
    fake.once('services', { body: { error: 'Invalid API key' } });
    const failed = await importServices({ markupPercent: 10, categoryId: instagram });
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('services: Invalid API key');
    expect((await importServices({ markupPercent: 10, categoryId: instagram }, 999999)).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('audits imports and refuses to delete a provider its services use', async () => {
    const audit = await t.http
      .get(
        `/api/admin/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: 'providers', action: 'import-services' }))}`,
      )
      .set('Authorization', await admin(t))
      .expect(200);
    expect(audit.body.length).toBe(6);
    expect(audit.body.at(-1)).toMatchObject({
      resourceId: String(providerId),
      after: { markupPercent: '30', created: 3 },
    });
    const res = await t.http.delete(`/api/admin/providers/${providerId}`).set('Authorization', await admin(t));
    expect(res.status).toBe(409);
    expect(JSON.stringify(audit.body)).not.toContain(fake.key);
  });
});
