import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { createMember } from '../../support/members.js';
import type { PriceRule } from '../../../server/src/contracts/index.js';
import { PriceSync } from '../../../server/src/modules/fulfilment/index.js';
import { Service } from '../../../server/src/modules/catalog/entities.js';
import { addProvider, admin, createService, fund } from './helpers.js';

const listed = (service: number, rate: string, max: number | string = 10_000) => ({
  service,
  name: `Service ${service}`,
  type: 'Default',
  category: 'Instagram',
  rate,
  min: '10',
  max: String(max),
  refill: false,
  cancel: false,
});

/**
 * The price sync follows a provider's rates without following its glitches: KEEP_MARKUP prices come from the
 * markup stored on the service (so a rate that comes back brings the price back exactly), a move past the limit
 * (±50 % by default) or to 0 is held for an operator with an alert, unreadable items are skipped and counted,
 * and a provider that cannot be synced is alerted. Messages are written out so the suite reads the same on a
 * commit without them.
 */
describe('price sync holds what looks like a glitch', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let providerId: number;
  const ids: Record<string, number> = {};
  const start = {
    sample: listed(1, '1000'),
    roundTrip: listed(2, '300'),
    zero: listed(3, '1000'),
    jump: listed(4, '1000'),
    comma: listed(5, '1.5'),
    huge: listed(6, '900'),
    wide: listed(7, '900'),
  };
  let upstream = { ...start };
  const list = (changes: Partial<typeof start> = {}) => {
    upstream = { ...upstream, ...changes };
    fake.services = Object.values(upstream);
  };
  const service = (id: number) => t.app.get(MikroORM).em.fork().findOneOrFail(Service, { id });
  const alerts = () =>
    t.app
      .get(MikroORM)
      .em.fork()
      .execute<{ text: string }[]>(`select text from operator_alert where kind = 'PRICE_CHANGE' order by id`);
  const sync = async (status = 200) =>
    t.http
      .post(`/api/admin/providers/${providerId}/sync`)
      .set('Authorization', await admin(t))
      .expect(status);
  const changesOf = async (serviceId: number) =>
    (
      await t.http
        .get('/api/admin/price-changes')
        .query({ sort: JSON.stringify(['id', 'ASC']), filter: JSON.stringify({ serviceId }) })
        .set('Authorization', await admin(t))
        .expect(200)
    ).body as Record<string, unknown>[];
  const mine = (body: { changes: { serviceId: number }[] }, serviceId: number) =>
    body.changes.filter((c) => c.serviceId === serviceId);

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start({ services: Object.values(start) });
    providerId = await addProvider(t, fake, { name: '보류 공급사' });
    const make = async (key: keyof typeof start, point: string, rate: string, priceRule: PriceRule = 'KEEP_MARKUP') =>
      (ids[key] = (
        await createService(t, {
          providerId,
          providerServiceId: String(start[key].service),
          point,
          providerRate: rate,
          priceRule,
        })
      ).id);
    await make('sample', '1.3', '1000');
    await make('roundTrip', '0.35', '300');
    await make('zero', '1.3', '1000');
    await make('jump', '1.3', '1000');
    await make('comma', '0.01', '1.5', 'KEEP_PRICE');
    await make('huge', '2.5', '900', 'KEEP_PRICE');
    await make('wide', '2.5', '900', 'KEEP_PRICE');
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  it('holds a rate of 0.001 (price kept, alert, 보류 in the list) and lets it lapse when the rate comes back', async () => {
    const text = (await service(ids.sample!)).text;
    const before = (await alerts()).length;
    list({ sample: listed(1, '0.001') });
    const held = await sync();
    const note =
      '공급사 단가 1000 → 0.001 (마진율 유지): 변동이 한도(±50%)를 넘어 보류했습니다. 판매가 1.3 유지 (반영하면 0.000002)';
    expect(mine(held.body, ids.sample!)).toEqual([
      { serviceId: ids.sample, providerServiceId: '1', kind: 'RATE', status: 'HELD', note },
    ]);
    expect(await service(ids.sample!)).toMatchObject({ point: '1.300000', providerRate: '1000.000000' });
    expect((await alerts()).slice(before).map((a) => a.text)).toEqual([
      `공급사 보류 공급사(#${providerId}) 가격 동기화: #${ids.sample} ${text}: ${note}`,
    ]);
    expect(await changesOf(ids.sample!)).toEqual([
      expect.objectContaining({
        kind: 'RATE',
        status: 'HELD',
        rule: 'KEEP_MARKUP',
        oldRate: '1000.000000',
        newRate: '0.001000',
        oldPoint: '1.300000',
        newPoint: '0.000002',
        resolvedBy: null,
      }),
    ]);
    // A member buying during the glitch pays the real price: 10,000 × 1.3.
    const member = await createMember(t);
    await fund(t, member.id, 100_000n);
    const order = await t.http
      .post('/api/service/order')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ serviceId: ids.sample, link: 'https://instagram.com/p/glitch', amount: 10_000 })
      .expect(201);
    expect(order.body.point).toBe(13_000);
    // The same glitch again: the same hold, no second row, no second alert.
    const again = await sync();
    expect(mine(again.body, ids.sample!)).toEqual([]);
    expect((await alerts()).length).toBe(before + 1);
    // The rate comes back: nothing to change, the hold lapses.
    list({ sample: listed(1, '1000') });
    const back = await sync();
    expect(mine(back.body, ids.sample!)).toEqual([]);
    expect(await service(ids.sample!)).toMatchObject({ point: '1.300000', providerRate: '1000.000000' });
    expect(await changesOf(ids.sample!)).toEqual([
      expect.objectContaining({ status: 'LAPSED', resolvedBy: '가격 동기화' }),
    ]);
    expect((await alerts()).length).toBe(before + 1);
  });

  it('makes KEEP_MARKUP prices from the stored markup: 300 → 400 → 300 returns to exactly 0.35, each step listed', async () => {
    list({ roundTrip: listed(2, '400') });
    const up = await sync();
    expect((await service(ids.roundTrip!)).point).toBe('0.466667');
    list({ roundTrip: listed(2, '300') });
    const down = await sync();
    expect((await service(ids.roundTrip!)).point).toBe('0.350000');
    expect(mine(up.body, ids.roundTrip!)).toEqual([
      expect.objectContaining({
        kind: 'RATE',
        status: 'APPLIED',
        note: '공급사 단가 300 → 400 (마진율 유지): 판매가 0.35 → 0.466667',
      }),
    ]);
    expect(mine(down.body, ids.roundTrip!)).toEqual([
      expect.objectContaining({ note: '공급사 단가 400 → 300 (마진율 유지): 판매가 0.466667 → 0.35' }),
    ]);
    expect(
      (await changesOf(ids.roundTrip!)).map((c) => [c.status, c.oldRate, c.newRate, c.oldPoint, c.newPoint]),
    ).toEqual([
      ['APPLIED', '300.000000', '400.000000', '0.350000', '0.466667'],
      ['APPLIED', '400.000000', '300.000000', '0.466667', '0.350000'],
    ]);
  });

  it('holds a rate of 0: it cannot be applied, an operator dismisses it, and the price never was 0', async () => {
    list({ zero: listed(3, '0') });
    const held = await sync();
    expect(mine(held.body, ids.zero!)).toEqual([expect.objectContaining({ kind: 'RATE', status: 'HELD' })]);
    expect(await service(ids.zero!)).toMatchObject({ point: '1.300000', providerRate: '1000.000000' });
    const [change] = await changesOf(ids.zero!);
    const refused = await t.http
      .post(`/api/admin/price-changes/${change!.id}/apply`)
      .set('Authorization', await admin(t))
      .expect(409);
    expect(refused.body).toEqual({
      statusCode: 409,
      code: 'PRICE_CHANGE_ZERO_RATE',
      message: '공급사 단가 0은 반영할 수 없습니다. 무시하거나 공급사에 확인해 주세요.',
    });
    const dismissed = await t.http
      .post(`/api/admin/price-changes/${change!.id}/dismiss`)
      .set('Authorization', await admin(t))
      .expect(200);
    expect(dismissed.body).toMatchObject({ status: 'DISMISSED', resolvedBy: expect.any(String) });
    expect(await service(ids.zero!)).toMatchObject({ point: '1.300000', providerRate: '1000.000000' });
    list({ zero: listed(3, '1000') });
  });

  it('holds a +60 % move; an operator applies it (rate and price from the markup), once', async () => {
    list({ jump: listed(4, '1600') });
    const held = await sync();
    expect(mine(held.body, ids.jump!)).toEqual([
      expect.objectContaining({
        status: 'HELD',
        note: '공급사 단가 1000 → 1600 (마진율 유지): 변동이 한도(±50%)를 넘어 보류했습니다. 판매가 1.3 유지 (반영하면 2.08)',
      }),
    ]);
    const [change] = await changesOf(ids.jump!);
    const applied = await t.http
      .post(`/api/admin/price-changes/${change!.id}/apply`)
      .set('Authorization', await admin(t))
      .expect(200);
    expect(applied.body).toMatchObject({ status: 'APPLIED', newPoint: '2.08', resolvedBy: expect.any(String) });
    expect(await service(ids.jump!)).toMatchObject({ point: '2.080000', providerRate: '1600.000000' });
    const twice = await t.http
      .post(`/api/admin/price-changes/${change!.id}/apply`)
      .set('Authorization', await admin(t))
      .expect(409);
    expect(twice.body.code).toBe('PRICE_CHANGE_NOT_HELD');
    expect((await sync()).body.changes).toEqual([]);
    // With the limit raised to 100 %, a +56 % move applies by itself.
    await t.http
      .put('/api/admin/settings/PRICE_SYNC_MAX_CHANGE_PERCENT')
      .set('Authorization', await admin(t))
      .send({ value: '100' })
      .expect(200);
    list({ jump: listed(4, '2500') });
    expect(mine((await sync()).body, ids.jump!)).toEqual([
      expect.objectContaining({ status: 'APPLIED', note: '공급사 단가 1600 → 2500 (마진율 유지): 판매가 2.08 → 3.25' }),
    ]);
    await t.http
      .put('/api/admin/settings/PRICE_SYNC_MAX_CHANGE_PERCENT')
      .set('Authorization', await admin(t))
      .send({ value: '' })
      .expect(200);
  });

  it('refuses an ambiguous decimal comma ("1,5"): skipped and counted, not read as 15', async () => {
    list({ comma: listed(5, '1,5') });
    const res = await sync();
    expect(res.body).toMatchObject({ checked: 7, changes: [], skipped: 1 });
    expect(await service(ids.comma!)).toMatchObject({ providerRate: '1.500000', visible: true });
    list({ comma: listed(5, '1.5') });
  });

  it('skips and counts items beyond what we store (a 17-digit rate, max 2147483648) instead of failing the sync', async () => {
    list({ huge: listed(6, '12345678901234567'), wide: listed(7, '900', 2_147_483_648), sample: listed(1, '1100') });
    const res = await sync();
    expect(res.body).toMatchObject({ checked: 7, skipped: 2 });
    expect(res.body.changes).toEqual([
      expect.objectContaining({ serviceId: ids.sample, status: 'APPLIED', kind: 'RATE' }),
    ]);
    expect(await service(ids.huge!)).toMatchObject({ providerRate: '900.000000', visible: true, max: 10_000 });
    expect(await service(ids.wide!)).toMatchObject({ providerRate: '900.000000', visible: true, max: 10_000 });
    expect((await service(ids.sample!)).point).toBe('1.430000');
  });

  it('raises an alert when a provider cannot be synced, by an operator or by the schedule', async () => {
    const before = (await alerts()).length;
    fake.on('services', () => ({ status: 500, raw: '<html>down</html>', contentType: 'text/html' }), 2);
    await sync(502);
    await t.app.get(PriceSync).runOnce();
    const raised = (await alerts()).slice(before).map((a) => a.text);
    expect(raised).toHaveLength(2);
    for (const text of raised)
      expect(text).toMatch(new RegExp(`^공급사 보류 공급사\\(#${providerId}\\) 가격 동기화 실패: `));
  });
});
