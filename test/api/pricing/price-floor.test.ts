import { randomInt } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { bearer } from '../billing/billing-support.js';
import { balance, createService, fund } from '../ordering/fixtures.js';
import { invariantViolations } from '../reseller/fixtures.js';

/**
 * Price controls are money controls: no custom rate, level discount or later cost change lets a member buy
 * below what the service costs us upstream (its provider rate as the catalogue stores it). The refusals name
 * the cost; the messages are written out so the suite reads the same on a commit without them.
 */
describe('a member price never below cost', () => {
  let t: TestApp;
  let admin: string;
  const tag = randomInt(1_000_000).toString(36);
  const base = 170_000_000 + randomInt(1_000) * 1_000;

  beforeAll(async () => {
    t = await startTestApp();
    admin = bearer(await t.operatorToken());
  });
  afterAll(() => t.close());

  const order = (member: TestMember, serviceId: number, amount: number) =>
    t.http
      .post('/api/service/order')
      .set('Authorization', bearer(member.token))
      .send({ serviceId, link: 'https://instagram.com/p/abc', amount });
  const setRate = (memberId: number, serviceId: number, point: string) =>
    t.http.put(`/api/admin/members/${memberId}/rates`).set('Authorization', admin).send({ serviceId, point });
  const setLevel = (memberId: number, levelId: number | null) =>
    t.http.put(`/api/admin/members/${memberId}/level`).set('Authorization', admin).send({ levelId });
  const newLevel = (body: Record<string, unknown>) =>
    t.http.post('/api/admin/member-levels').set('Authorization', admin).send(body);
  const prices = async (member: TestMember) =>
    (await t.http.get('/api/service/prices').set('Authorization', bearer(member.token)).expect(200)).body as {
      rates: Record<string, string>;
    };

  // Created before any service has a cost, so its creation cannot be refused: a member is set to it later.
  let deep: { id: number };
  // 39 won a unit (195,000 for 5,000) against an upstream cost of 25 (rate 25,000 per 1000): the service.
  let followers: { id: number; text: string };

  it('refuses a custom rate below cost with the cost named, and sells at the list price', async () => {
    deep = (
      await newLevel({ name: `깊은 할인 ${tag}`, threshold: base + 900_000_000, discountPercent: '40' }).expect(201)
    ).body;
    followers = await createService(t, { point: '39', providerRate: '25000', min: 10, max: 10_000 });
    const member = await createMember(t);
    await fund(t, member.id, 1_000_000n);

    const refused = await setRate(member.id, followers.id, '0.000001').expect(409);
    expect(refused.body).toEqual({
      statusCode: 409,
      code: 'PRICING_BELOW_COST',
      message: '회원 단가(1,000개당 0.001원)가 원가(1,000개당 25,000원)보다 낮아 정할 수 없습니다.',
    });
    expect((await t.http.get(`/api/admin/members/${member.id}/rates`).set('Authorization', admin)).body).toEqual([]);
    const before = await balance(t, member.id);
    expect((await order(member, followers.id, 5000).expect(201)).body.point).toBe(195_000);
    expect(await balance(t, member.id)).toBe(before - 195_000n);

    // At the cost exactly: allowed (no profit, no loss).
    await setRate(member.id, followers.id, '25').expect(200);
    expect((await order(member, followers.id, 1000).expect(201)).body.point).toBe(25_000);
    expect(await invariantViolations(t)).toEqual([]);
  });

  it('refuses a level of 100 % or more, and a level discount that takes a price below cost', async () => {
    const full = await newLevel({ name: `전액 ${tag}`, threshold: base, discountPercent: '100' }).expect(400);
    expect(full.body).toEqual({
      statusCode: 400,
      code: 'PRICING_DISCOUNT',
      message: '할인율은 0 이상 100 미만, 소수 둘째 자리까지 입력해 주세요.',
    });
    const half = await newLevel({ name: `반값 ${tag}`, threshold: base + 1, discountPercent: '50' }).expect(409);
    expect(half.body).toEqual({
      statusCode: 409,
      code: 'PRICING_BELOW_COST',
      message:
        `할인율 50%를 적용하면 상품 #${followers.id}의 판매가(1,000개당 19,500원)가 원가(1,000개당 25,000원)보다 ` +
        '낮아집니다. 할인율을 낮추거나 이 상품에 회원 단가를 정해 주세요.',
    });
    // A level members already hold, edited deeper: refused, it stays as it was.
    const ten = (await newLevel({ name: `십 ${tag}`, threshold: base + 2, discountPercent: '10' }).expect(201)).body;
    const member = await createMember(t);
    await fund(t, member.id, 1_000_000n);
    await setLevel(member.id, ten.id).expect(200);
    const deeper = await t.http
      .put(`/api/admin/member-levels/${ten.id}`)
      .set('Authorization', admin)
      .send({ name: `십 ${tag}`, threshold: base + 2, discountPercent: '40' })
      .expect(409);
    expect(deeper.body.message).toBe(
      `할인율 40%를 적용하면 상품 #${followers.id}의 판매가(1,000개당 23,400원)가 원가(1,000개당 25,000원)보다 ` +
        '낮아집니다. 할인율을 낮추거나 이 상품에 회원 단가를 정해 주세요.',
    );
    const levels = (await t.http.get('/api/admin/member-levels').set('Authorization', admin).expect(200)).body as {
      name: string;
      discountPercent: string;
    }[];
    expect(levels.filter((l) => l.name.endsWith(tag)).map((l) => [l.name, Number(l.discountPercent)])).toEqual(
      expect.arrayContaining([[`십 ${tag}`, 10]]),
    );
    expect(levels.some((l) => l.name === `전액 ${tag}` || l.name === `반값 ${tag}`)).toBe(false);
    // 39 × 0.9 = 35.1 a unit: 35,100 for 1000.
    const before = await balance(t, member.id);
    expect((await order(member, followers.id, 1000).expect(201)).body.point).toBe(35_100);
    expect(await balance(t, member.id)).toBe(before - 35_100n);
  });

  it("refuses a member's level that would sell below cost unless the member's own rate covers that service", async () => {
    const member = await createMember(t);
    await fund(t, member.id, 1_000_000n);
    const refused = await setLevel(member.id, deep.id).expect(409);
    expect(refused.body.message).toBe(
      `할인율 40%를 적용하면 상품 #${followers.id}의 판매가(1,000개당 23,400원)가 원가(1,000개당 25,000원)보다 ` +
        '낮아집니다. 할인율을 낮추거나 이 상품에 회원 단가를 정해 주세요.',
    );
    expect((await t.http.get(`/api/admin/members/${member.id}/level`).set('Authorization', admin)).body.name).toBe(
      null,
    );
    await setRate(member.id, followers.id, '30').expect(200);
    await setLevel(member.id, deep.id).expect(200);
    expect((await order(member, followers.id, 1000).expect(201)).body.point).toBe(30_000);
  });

  it('floors every price at cost when the cost rises after a rate or a level was set', async () => {
    const rated = await createMember(t);
    await fund(t, rated.id, 1_000_000n);
    const service = await createService(t, { point: '39', providerRate: '25000', min: 10, max: 10_000 });
    await setRate(rated.id, service.id, '30').expect(200);
    const leveled = await createMember(t);
    await fund(t, leveled.id, 1_000_000n);
    const ten = (await newLevel({ name: `팔 ${tag}`, threshold: base + 3, discountPercent: '8' }).expect(201)).body;
    await setLevel(leveled.id, ten.id).expect(200);
    // The provider's rate rises to 36,000 per 1000 (the console's record of it): 36 won a unit costs us now.
    await t.http
      .put(`/api/admin/services/${service.id}`)
      .set('Authorization', admin)
      .send({ providerRate: '36000' })
      .expect(200);
    expect((await prices(rated)).rates[service.id]).toBe('36');
    let before = await balance(t, rated.id);
    expect((await order(rated, service.id, 1000).expect(201)).body.point).toBe(36_000);
    expect(await balance(t, rated.id)).toBe(before - 36_000n);
    // 39 × 0.92 = 35.88 < 36: the level member pays the cost too.
    expect((await prices(leveled)).rates[service.id]).toBe('36');
    before = await balance(t, leveled.id);
    expect((await order(leveled, service.id, 1000).expect(201)).body.point).toBe(36_000);
    expect(await balance(t, leveled.id)).toBe(before - 36_000n);
    expect(await invariantViolations(t)).toEqual([]);
  });
});
