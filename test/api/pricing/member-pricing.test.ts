import { randomInt } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { PRICING_MESSAGES } from '../../../server/src/contracts/index.js';
import { bearer, configureBilling, openCharge } from '../billing/billing-support.js';
import { balance, createService, fund, ledgerOf } from '../ordering/fixtures.js';
import { invariantViolations, renewKey, v2 } from '../reseller/fixtures.js';

describe('member levels (회원 등급) and custom rates: one price everywhere the member sees and pays', () => {
  let t: TestApp;
  let admin: string;
  // Levels are global: thresholds far above what other suites charge, and names of this run.
  const tag = randomInt(1_000_000).toString(36);
  const base = 150_000_000 + randomInt(1_000) * 1_000;

  beforeAll(async () => {
    t = await startTestApp();
    admin = bearer(await t.operatorToken());
    await configureBilling(t);
  });
  afterAll(() => t.close());

  const levels = {
    create: (body: Record<string, unknown>) =>
      t.http.post('/api/admin/member-levels').set('Authorization', admin).send(body),
    list: () => t.http.get('/api/admin/member-levels').set('Authorization', admin),
  };
  const accept = async (member: TestMember, point: number) => {
    const c = await openCharge(t, member, point);
    await t.http.post(`/api/admin/charges/${c.chargeId}/accept`).set('Authorization', admin).expect(200);
  };
  const profile = async (member: TestMember) =>
    (await t.http.get('/api/auth/profile').set('Authorization', bearer(member.token)).expect(200)).body;
  const order = (member: TestMember, serviceId: number, amount: number) =>
    t.http
      .post('/api/service/order')
      .set('Authorization', bearer(member.token))
      .send({ serviceId, link: 'https://instagram.com/p/abc', amount });
  const rates = (memberId: number) => `/api/admin/members/${memberId}/rates`;

  it('lets operators define levels (ra-data-simple-rest) and refuses bad ones in Korean, storing nothing', async () => {
    const silver = await levels.create({ name: `실버 ${tag}`, threshold: base, discountPercent: '5' }).expect(201);
    expect(silver.body).toMatchObject({
      name: `실버 ${tag}`,
      threshold: base,
      discountPercent: expect.stringMatching(/^5(\.00)?$/),
    });
    const before = (await levels.list().expect(200)).body.length as number;
    for (const [body, message] of [
      [{ name: '', threshold: 1, discountPercent: 1 }, PRICING_MESSAGES.levelName],
      [{ name: `x ${tag}`, threshold: -1, discountPercent: 1 }, PRICING_MESSAGES.threshold],
      [{ name: `x ${tag}`, threshold: 1.5, discountPercent: 1 }, PRICING_MESSAGES.threshold],
      [{ name: `x ${tag}`, threshold: 1, discountPercent: '100.5' }, PRICING_MESSAGES.discount],
      [{ name: `x ${tag}`, threshold: 1, discountPercent: '2.555' }, PRICING_MESSAGES.discount],
      [{ name: `x ${tag}`, threshold: 1, discountPercent: 'abc' }, PRICING_MESSAGES.discount],
    ] as const)
      expect((await levels.create(body).expect(400)).body).toEqual({ statusCode: 400, message });
    const duplicate = await levels.create({ name: `실버 ${tag}`, threshold: base + 7, discountPercent: 1 }).expect(409);
    expect(duplicate.body.message).toBe(PRICING_MESSAGES.levelDuplicate);
    expect((await levels.list().expect(200)).body).toHaveLength(before);
    const member = await createMember(t);
    await t.http.get('/api/admin/member-levels').set('Authorization', bearer(member.token)).expect(401);
    await t.http.delete(`/api/admin/member-levels/${silver.body.id}`).set('Authorization', admin).expect(200);
  });

  it('moves a member up when a charge is accepted, never down by itself; an operator may set a level', async () => {
    const gold = (await levels.create({ name: `골드 ${tag}`, threshold: base + 100_000_000, discountPercent: '10' }))
      .body;
    const bronze = (await levels.create({ name: `브론즈 ${tag}`, threshold: base, discountPercent: '2.5' })).body;
    const member = await createMember(t);
    await accept(member, 100_000_000);
    let level = (await profile(member)).level;
    expect(level).toMatchObject({
      name: null,
      charged: 100_000_000,
      next: { name: `브론즈 ${tag}`, threshold: base, remaining: base - 100_000_000, discountPercent: '2.5' },
    });
    await accept(member, 100_000_000);
    level = (await profile(member)).level;
    expect(level).toMatchObject({
      name: `브론즈 ${tag}`,
      discountPercent: '2.5',
      charged: 200_000_000,
      next: { name: `골드 ${tag}`, remaining: base + 100_000_000 - 200_000_000 },
    });
    // The operator sets the top level: it stays though the charges have not reached it.
    const set = await t.http
      .put(`/api/admin/members/${member.id}/level`)
      .set('Authorization', admin)
      .send({ levelId: gold.id })
      .expect(200);
    expect(set.body).toMatchObject({ name: `골드 ${tag}`, discountPercent: '10' });
    await accept(member, 10_000);
    expect((await profile(member)).level).toMatchObject({ name: `골드 ${tag}`, charged: 200_010_000 });
    // Set back down to none, the next accepted charge brings the member to the level reached.
    await t.http.put(`/api/admin/members/${member.id}/level`).set('Authorization', admin).send({ levelId: null });
    expect((await profile(member)).level.name).toBeNull();
    await accept(member, 10_000);
    expect((await profile(member)).level).toMatchObject({ name: `브론즈 ${tag}`, charged: 200_020_000 });
    // A level members hold stays; bad level commands are refused.
    const inUse = await t.http.delete(`/api/admin/member-levels/${bronze.id}`).set('Authorization', admin).expect(409);
    expect(inUse.body.message).toBe(PRICING_MESSAGES.levelInUse);
    await t.http
      .put(`/api/admin/members/${member.id}/level`)
      .set('Authorization', admin)
      .send({ levelId: 2_000_000_000 })
      .expect(404);
    await t.http
      .put('/api/admin/members/2000000000/level')
      .set('Authorization', admin)
      .send({ levelId: null })
      .expect(404);
    expect(await invariantViolations(t)).toEqual([]);
  });

  it('prices every order, the storefront and v2 services at the level discount, and a custom rate wins', async () => {
    const vip = (await levels.create({ name: `VIP ${tag}`, threshold: base + 300_000_000, discountPercent: '12.5' }))
      .body;
    const service = await createService(t, { point: '2.5', min: 10, max: 10_000, enableAuto: true });
    const other = await createService(t, { point: '0.35', min: 10, max: 10_000 });
    const member = await createMember(t);
    await fund(t, member.id, 1_000_000n);
    const apiKey = await renewKey(t, member);
    const v2Rate = async (id: number) =>
      ((await v2(t, { key: apiKey, action: 'services' }).expect(200)).body as { service: number; rate: string }[]).find(
        (s) => s.service === id,
      )?.rate;
    const prices = async () =>
      (await t.http.get('/api/service/prices').set('Authorization', bearer(member.token)).expect(200)).body;

    // List price: 2.5 × 1000 = 2500.
    expect(await prices()).toEqual({ discountPercent: '0', rates: {}, levelName: null });
    expect(await v2Rate(service.id)).toBe('2500');
    let before = await balance(t, member.id);
    const listed = await order(member, service.id, 1000).expect(201);
    expect(listed.body.point).toBe(2500);
    expect(await balance(t, member.id)).toBe(before - 2500n);

    // At the level: 2.5 × 0.875 = 2.1875 a unit; 0.35 × 0.875 = 0.30625; 1000 → 2188 (rounded up once, to whole won).
    await t.http.put(`/api/admin/members/${member.id}/level`).set('Authorization', admin).send({ levelId: vip.id });
    expect(await prices()).toEqual({ discountPercent: '12.5', rates: {}, levelName: `VIP ${tag}` });
    expect(await v2Rate(service.id)).toBe('2187.5');
    expect(await v2Rate(other.id)).toBe('306.25');
    before = await balance(t, member.id);
    const discounted = await order(member, service.id, 1001).expect(201);
    expect(discounted.body.point).toBe(2190); // 2.1875 × 1001 = 2189.6875 → 2190
    expect(await balance(t, member.id)).toBe(before - 2190n);
    const ledger = await ledgerOf(t, member.id);
    expect(ledger.at(-1)).toMatchObject({
      kind: 'ORDER',
      amount: '-2190',
      reference_id: String(discounted.body.orderId),
    });

    // A custom rate wins over the level.
    const put = await t.http
      .put(rates(member.id))
      .set('Authorization', admin)
      .send({ serviceId: service.id, point: '1.2' })
      .expect(200);
    expect(put.body).toMatchObject({ serviceId: service.id, point: '1.200000', listPoint: '2.500000' });
    expect(await prices()).toEqual({
      discountPercent: '12.5',
      rates: { [service.id]: '1.200000' },
      levelName: `VIP ${tag}`,
    });
    expect(await v2Rate(service.id)).toBe('1200');
    expect(await v2Rate(other.id)).toBe('306.25');
    before = await balance(t, member.id);
    expect((await order(member, service.id, 1000).expect(201)).body.point).toBe(1200);
    const add = await v2(t, {
      key: apiKey,
      action: 'add',
      service: service.id,
      link: 'https://instagram.com/p/x',
      quantity: 100,
    });
    expect(add.body).toEqual({ order: expect.any(Number) });
    expect(await balance(t, member.id)).toBe(before - 1200n - 120n);
    // An auto-order pays the member's price for every run.
    const auto = await t.http
      .post('/api/service/order')
      .set('Authorization', bearer(member.token))
      .send({ serviceId: other.id, link: 'https://instagram.com/p/abc', amount: 100, runs: 3, interval: 60 })
      .expect(201);
    expect(auto.body.point).toBe(92); // 0.30625 × 100 × 3 = 91.875 → 92

    // Rates: list, bad input, missing member/service, delete.
    expect((await t.http.get(rates(member.id)).set('Authorization', admin).expect(200)).body).toEqual([
      expect.objectContaining({ serviceId: service.id, point: '1.200000', service: service.text }),
    ]);
    for (const body of [
      { serviceId: service.id, point: '0' },
      { serviceId: service.id, point: '-1' },
      { serviceId: service.id, point: '1.1234567' },
      { serviceId: service.id, point: 'abc' },
      { serviceId: service.id },
    ])
      expect((await t.http.put(rates(member.id)).set('Authorization', admin).send(body).expect(400)).body.message).toBe(
        PRICING_MESSAGES.rate,
      );
    await t.http
      .put(rates(member.id))
      .set('Authorization', admin)
      .send({ serviceId: 2_000_000_000, point: '1' })
      .expect(404);
    await t.http
      .put(rates(2_000_000_000))
      .set('Authorization', admin)
      .send({ serviceId: service.id, point: '1' })
      .expect(404);
    await t.http.get(rates(member.id)).set('Authorization', bearer(member.token)).expect(401);
    await t.http
      .delete(`${rates(member.id)}/${other.id}`)
      .set('Authorization', admin)
      .expect(404);
    await t.http
      .delete(`${rates(member.id)}/${service.id}`)
      .set('Authorization', admin)
      .expect(200);
    expect(await v2Rate(service.id)).toBe('2187.5');
    expect(await invariantViolations(t)).toEqual([]);
  });
});
