import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { PriceSync } from '../../../server/src/modules/fulfilment/index.js';
import { Service } from '../../../server/src/modules/catalog/entities.js';
import { addProvider, admin, createService } from './helpers.js';

const listed = (service: number, rate: string, min = 10, max = 10_000) => ({
  service,
  name: `Service ${service}`,
  type: 'Default',
  category: 'Instagram',
  rate,
  min: String(min),
  max: String(max),
  refill: false,
  cancel: false,
});

describe('prices that follow providers', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let providerId: number;
  let backupFake: FakeProvider;
  let backupProviderId: number;
  const ids: Record<string, number> = {};
  const service = (id: number) => t.app.get(MikroORM).em.fork().findOneOrFail(Service, { id });
  const alerts = () =>
    t.app
      .get(MikroORM)
      .em.fork()
      .execute<{ kind: string; text: string }[]>(
        `select kind, text from operator_alert where kind = 'PRICE_CHANGE' order by id`,
      );
  const operator = async () => admin(t);

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start({
      services: [listed(1, '900'), listed(2, '900'), listed(3, '900'), listed(5, '900')],
    });
    backupFake = await FakeProvider.start({ key: 'backup-provider-key-0123456789abcd', services: [listed(9, '500')] });
    providerId = await addProvider(t, fake, { name: '동기화 공급사' });
    backupProviderId = await addProvider(t, backupFake, { name: '예비 공급사' });
    // 2.5 won a unit against a cost of 0.9: each rule's service, one gone upstream, one whose limits change.
    ids.keepPrice = (
      await createService(t, {
        providerId,
        providerServiceId: '1',
        point: '2.5',
        providerRate: '900',
        priceRule: 'KEEP_PRICE',
      })
    ).id;
    ids.keepMarkup = (
      await createService(t, {
        providerId,
        providerServiceId: '2',
        point: '2.5',
        providerRate: '900',
        priceRule: 'KEEP_MARKUP',
      })
    ).id;
    ids.alertOnly = (
      await createService(t, {
        providerId,
        providerServiceId: '3',
        point: '1',
        providerRate: '900',
        priceRule: 'ALERT_ONLY',
        backupProviders: [{ providerId: backupProviderId, serviceId: '9', rate: '400' }],
      })
    ).id;
    ids.gone = (await createService(t, { providerId, providerServiceId: '4', point: '2.5', providerRate: '900' })).id;
    ids.limits = (
      await createService(t, {
        providerId,
        providerServiceId: '5',
        point: '2.5',
        providerRate: '900',
        min: 10,
        max: 10_000,
      })
    ).id;
  });
  afterAll(async () => {
    await fake.close();
    await backupFake.close();
    await t.close();
  });

  it('applies a 20 % rate rise per rule, hides what is gone, follows limits, alerts, and audits every change', async () => {
    // Nothing changed upstream yet, except service 4 gone and service 5's limits.
    fake.services = [listed(1, '1080'), listed(2, '1080'), listed(3, '1080'), listed(5, '900', 100, 5000)];
    const res = await t.http
      .post(`/api/admin/providers/${providerId}/sync`)
      .set('Authorization', await operator())
      .expect(200);
    expect(res.body.checked).toBe(5);
    expect(res.body.changes).toEqual([
      {
        serviceId: ids.keepPrice,
        providerServiceId: '1',
        kind: 'RATE',
        status: 'APPLIED',
        note: '공급사 단가 900 → 1080 (판매가 유지): 판매가 2.5 → 2.5',
      },
      {
        serviceId: ids.keepMarkup,
        providerServiceId: '2',
        kind: 'RATE',
        status: 'APPLIED',
        note: '공급사 단가 900 → 1080 (마진율 유지): 판매가 2.5 → 3',
      },
      {
        serviceId: ids.alertOnly,
        providerServiceId: '3',
        kind: 'RATE',
        status: 'APPLIED',
        note: '공급사 단가 900 → 1080 (알림만): 판매가 1 → 1',
      },
      {
        serviceId: ids.alertOnly,
        providerServiceId: '3',
        kind: 'BELOW_COST',
        status: 'APPLIED',
        note: '판매가 1원이 원가 1.08원보다 낮습니다.',
      },
      {
        serviceId: ids.gone,
        providerServiceId: '4',
        kind: 'GONE',
        status: 'APPLIED',
        note: '공급사 서비스 목록에 없어 숨겼습니다.',
      },
      {
        serviceId: ids.limits,
        providerServiceId: '5',
        kind: 'LIMITS',
        status: 'APPLIED',
        note: '최소·최대 수량 10~10000 → 100~5000',
      },
    ]);
    expect(await service(ids.keepPrice!)).toMatchObject({
      point: '2.500000',
      providerRate: '1080.000000',
      visible: true,
    });
    expect(await service(ids.keepMarkup!)).toMatchObject({
      point: '3.000000',
      providerRate: '1080.000000',
      visible: true,
    });
    // Alert only: our price stays (below cost, still visible: the hide setting is off).
    expect(await service(ids.alertOnly!)).toMatchObject({
      point: '1.000000',
      providerRate: '1080.000000',
      visible: true,
    });
    expect(await service(ids.gone!)).toMatchObject({ visible: false });
    expect(await service(ids.limits!)).toMatchObject({ min: 100, max: 5000, point: '2.500000' });
    // One alert for the provider naming what an operator must act on (not the rules that acted by themselves).
    const [alert] = await alerts();
    expect(alert!.text).toBe(
      `공급사 동기화 공급사(#${providerId}) 가격 동기화: ` +
        `#${ids.alertOnly} ${(await service(ids.alertOnly!)).text}: 공급사 단가 900 → 1080 (알림만): 판매가 1 → 1 / ` +
        `#${ids.alertOnly} ${(await service(ids.alertOnly!)).text}: 판매가 1원이 원가 1.08원보다 낮습니다. / ` +
        `#${ids.gone} ${(await service(ids.gone!)).text}: 공급사 서비스 목록에 없어 숨겼습니다.`,
    );
    // The audit log: before/after per service, by the operator who asked.
    const audit = await t.http
      .get('/api/admin/audit-logs')
      .query({ filter: JSON.stringify({ resource: 'services', resourceId: String(ids.keepMarkup) }) })
      .set('Authorization', await operator())
      .expect(200);
    expect(audit.body).toEqual([
      expect.objectContaining({
        action: 'price-sync',
        operatorLoginId: expect.any(String),
        before: expect.objectContaining({ point: '2.500000', providerRate: '900.000000' }),
        after: expect.objectContaining({ point: '3', providerRate: '1080', changes: ['RATE'] }),
      }),
    ]);
    // 가격 변경 내역.
    const list = await t.http
      .get('/api/admin/price-changes')
      .query({ sort: JSON.stringify(['id', 'ASC']) })
      .set('Authorization', await operator())
      .expect(200);
    expect(list.headers['content-range']).toBe('price-changes 0-5/6');
    expect(list.body[1]).toMatchObject({
      providerId,
      serviceId: ids.keepMarkup,
      kind: 'RATE',
      rule: 'KEEP_MARKUP',
      oldRate: '900.000000',
      newRate: '1080.000000',
      oldPoint: '2.500000',
      newPoint: '3.000000',
    });
    // A second run finds nothing new to change (below cost still alerts).
    const again = await t.app.get(PriceSync).syncOne(providerId, { id: null, loginId: 'test' });
    expect(again.changes.map((c) => c.kind)).toEqual(['BELOW_COST']);
  });

  it('hides a service that would sell below cost when the setting is on; the job syncs every provider and backup rates', async () => {
    await t.http
      .put('/api/admin/settings/PRICE_SYNC_HIDE_BELOW_COST')
      .set('Authorization', await operator())
      .send({ value: true })
      .expect(200);
    backupFake.services = [listed(9, '450')];
    const results = await t.app.get(PriceSync).runOnce();
    expect(results.map((r) => r.providerId)).toEqual([providerId, backupProviderId]);
    expect(await service(ids.alertOnly!)).toMatchObject({
      visible: false,
      backupProviders: [{ providerId: backupProviderId, serviceId: '9', rate: '450' }],
    });
    const audit = await t.http
      .get('/api/admin/audit-logs')
      .query({ filter: JSON.stringify({ resource: 'services', resourceId: String(ids.alertOnly) }) })
      .set('Authorization', await operator())
      .expect(200);
    expect(audit.body.map((a: { operatorLoginId: string }) => a.operatorLoginId)).toContain('가격 동기화');
  });

  it('refuses a sync of an unknown provider with a Korean 404, and bad rules with a 400', async () => {
    const res = await t.http
      .post('/api/admin/providers/999999/sync')
      .set('Authorization', await operator())
      .expect(404);
    expect(res.body.message).toBe('공급사를 찾을 수 없습니다.');
    const bad = await t.http
      .put(`/api/admin/services/${ids.keepPrice}`)
      .set('Authorization', await operator())
      .send({ priceRule: 'GUESS' })
      .expect(400);
    expect(bad.body.message).toBe('가격 규칙은 판매가 유지, 마진율 유지, 알림만 중 하나여야 합니다.');
  });
});
