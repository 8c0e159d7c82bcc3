import { writeFileSync } from 'node:fs';
import { COUPON_MESSAGES, MAINTENANCE_MESSAGES } from '../../../server/src/contracts/index.js';
import { SettingsService } from '../../../server/src/modules/settings/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { em } from '../ordering/fixtures.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import {
  balance,
  batch,
  createCoupon,
  createService,
  fundedMember,
  ledgerOf,
  placeOrder,
  quote,
  redeem,
  sharedCode,
  startTestApp,
  type TestApp,
  type TestMember,
} from './fixtures.js';

const CODE_SHAPE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{16}$/;

describe('coupons', () => {
  let t: TestApp;
  let admin: string;
  let service: Service;
  let other: Service;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.operatorToken()}`;
    // 2.5 won a unit: 1000 units cost 2,500 won.
    service = await createService(t, { point: '2.5', min: 10, max: 100_000 });
    other = await createService(t, { point: '2.5', min: 10, max: 100_000 });
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]));

  const order = (member: TestMember, couponCode?: unknown, extra: Record<string, unknown> = {}) =>
    placeOrder(t, member, {
      serviceId: service.id,
      link: 'https://instagram.com/p/coupon',
      amount: 1000,
      runs: 0,
      interval: 0,
      ...(couponCode === undefined ? {} : { couponCode }),
      ...extra,
    });
  const rows = async (memberId: number) =>
    (await ledgerOf(t, memberId)).map((e) => `${e.kind} ${e.amount} ${e.reference_type}:${e.reference_id}`);

  describe('the console', () => {
    it('creates a coupon with a shared code, audited, and refuses bad input with Korean reasons', async () => {
      const code = sharedCode('WELCOME');
      const res = await t.http
        .post('/api/admin/coupons')
        .set('Authorization', admin)
        .send({ name: '가입 환영 쿠폰', kind: 'POINTS', value: 3000, code: code.toLowerCase(), totalLimit: 100 })
        .expect(201);
      expect(res.body).toMatchObject({
        name: '가입 환영 쿠폰',
        kind: 'POINTS',
        value: 3000,
        code,
        totalLimit: 100,
        perMemberLimit: 1,
        enabled: true,
        usesCount: 0,
        givenTotal: 0,
        codesCount: 1,
        ordersCount: 0,
      });
      const audit = await t.http
        .get('/api/admin/audit-logs')
        .query({ filter: JSON.stringify({ resource: 'coupons', resourceId: String(res.body.id) }) })
        .set('Authorization', admin)
        .expect(200);
      expect(audit.body.map((a: { action: string }) => a.action)).toEqual(['create']);

      const refused = async (body: object, status = 400) =>
        (await t.http.post('/api/admin/coupons').set('Authorization', admin).send(body).expect(status)).body.message;
      expect(await refused({ name: 'x', kind: 'PERCENT', value: 150 })).toBe(COUPON_MESSAGES.percent);
      expect(await refused({ name: 'x', kind: 'FIXED', value: 0 })).toBe(COUPON_MESSAGES.value);
      expect(await refused({ name: 'x', kind: 'GIFT', value: 10 })).toBe(COUPON_MESSAGES.kind);
      expect(await refused({ name: '', kind: 'FIXED', value: 10 })).toBe(COUPON_MESSAGES.name);
      expect(
        await refused({
          name: 'x',
          kind: 'FIXED',
          value: 10,
          startsAt: '2026-12-10T00:00:00Z',
          endsAt: '2026-12-01T00:00:00Z',
        }),
      ).toBe(COUPON_MESSAGES.dates);
      expect(await refused({ name: 'x', kind: 'FIXED', value: 10, code: 'A!' })).toBe(COUPON_MESSAGES.code);
      expect(await refused({ name: 'x', kind: 'FIXED', value: 10, code }, 409)).toBe(COUPON_MESSAGES.duplicateCode);
      expect(await refused({ name: 'x', kind: 'FIXED', value: 10, serviceIds: ['a'] })).toBe(COUPON_MESSAGES.ids);
      await t.http.post('/api/admin/coupons').set('Authorization', admin).send('nonsense').expect(400);
      const member = await fundedMember(t, 0n);
      await t.http.get('/api/admin/coupons').set('Authorization', `Bearer ${member.token}`).expect(401);
    });

    it('makes batches of unguessable single-use codes and refuses bad counts', async () => {
      const coupon = await createCoupon(t, admin, { kind: 'POINTS', value: 1000 });
      const codes = await batch(t, admin, coupon.id, 50);
      expect(codes).toHaveLength(50);
      expect(new Set(codes).size).toBe(50);
      for (const code of codes) expect(code).toMatch(CODE_SHAPE);
      const post = (count: unknown, id = coupon.id) =>
        t.http.post(`/api/admin/coupons/${id}/codes`).set('Authorization', admin).send({ count });
      expect((await post(0).expect(400)).body.message).toBe(COUPON_MESSAGES.count);
      expect((await post(1001).expect(400)).body.message).toBe(COUPON_MESSAGES.count);
      expect((await post('5').expect(400)).body.message).toBe(COUPON_MESSAGES.count);
      await post(1, 999_999).expect(404);
      await t.http.post('/api/admin/coupons/abc/codes').set('Authorization', admin).send({ count: 1 }).expect(400);
      const listed = await t.http
        .get('/api/admin/coupon-codes')
        .query({ filter: JSON.stringify({ couponId: coupon.id }), range: '[0,99]' })
        .set('Authorization', admin)
        .expect(200);
      expect(listed.body).toHaveLength(50);
      expect(
        (await t.http.get(`/api/admin/coupons/${coupon.id}`).set('Authorization', admin).expect(200)).body,
      ).toMatchObject({ codesCount: 50 });
    });
  });

  describe('points', () => {
    it('credits a POINTS code once as a COUPON ledger row referencing the use', async () => {
      const code = sharedCode();
      const coupon = await createCoupon(t, admin, { kind: 'POINTS', value: 3000, code });
      const member = await fundedMember(t, 10_000n);
      // Typed in lower case with hyphens: the same code.
      const typed = code.toLowerCase().replace(/(.{4})/g, '$1-');
      const res = await redeem(t, member, typed).expect(200);
      expect(res.body).toEqual({ couponName: coupon.name, points: 3000, balance: 13_000 });
      const uses = await t.http
        .get('/api/admin/coupon-uses')
        .query({ filter: JSON.stringify({ couponId: coupon.id }) })
        .set('Authorization', admin)
        .expect(200);
      expect(uses.body).toHaveLength(1);
      const useId = uses.body[0].id as number;
      expect(uses.body[0]).toMatchObject({ memberId: member.id, orderId: null, amount: 3000 });
      expect((await rows(member.id)).slice(1)).toEqual([`COUPON 3000 coupon-use:${useId}`]);
      // Once per member.
      expect((await redeem(t, member, code).expect(409)).body).toMatchObject({
        code: 'COUPON_PER_MEMBER',
        message: COUPON_MESSAGES.perMember,
      });
      expect(await balance(t, member.id)).toBe(13_000n);
    });

    it('refuses a discount code, a POINTS code on an order, and a wrong code, changing nothing', async () => {
      const fixed = await createCoupon(t, admin, { kind: 'FIXED', value: 500, code: sharedCode() });
      const points = await createCoupon(t, admin, { kind: 'POINTS', value: 500, code: sharedCode() });
      const member = await fundedMember(t, 10_000n);
      expect((await redeem(t, member, fixed.code).expect(400)).body.message).toBe(COUPON_MESSAGES.discountOnRedeem);
      expect((await order(member, points.code).expect(400)).body.message).toBe(COUPON_MESSAGES.pointsOnOrder);
      expect((await redeem(t, member, 'NOSUCHCODE1234').expect(400)).body).toMatchObject({
        code: 'COUPON_INVALID',
        message: COUPON_MESSAGES.invalid,
      });
      expect((await redeem(t, member, '').expect(400)).body.message).toBe(COUPON_MESSAGES.codeRequired);
      expect((await redeem(t, member, 12345).expect(400)).body.message).toBe(COUPON_MESSAGES.codeRequired);
      expect(await balance(t, member.id)).toBe(10_000n);
      expect(await rows(member.id)).toHaveLength(1);
    });

    it('needs the minimum charged in all when the coupon sets one', async () => {
      const coupon = await createCoupon(t, admin, {
        kind: 'POINTS',
        value: 2000,
        minAmount: 50_000,
        code: sharedCode(),
      });
      const small = await fundedMember(t, 10_000n);
      expect((await redeem(t, small, coupon.code).expect(400)).body.message).toBe(COUPON_MESSAGES.minAmount);
      expect(await balance(t, small.id)).toBe(10_000n);
      const big = await fundedMember(t, 50_000n);
      await redeem(t, big, coupon.code).expect(200);
      expect(await balance(t, big.id)).toBe(52_000n);
    });
  });

  describe('a discount on one order', () => {
    it('quotes, then discounts the order: COUPON credit and the full ORDER debit', async () => {
      const coupon = await createCoupon(t, admin, { kind: 'FIXED', value: 700, code: sharedCode() });
      const member = await fundedMember(t, 10_000n);
      const q = await quote(t, member, { code: coupon.code, serviceId: service.id, amount: 1000 }).expect(200);
      expect(q.body).toEqual({ couponName: coupon.name, price: 2500, discount: 700, total: 1800 });
      expect(await balance(t, member.id)).toBe(10_000n);
      const placed = await order(member, coupon.code).expect(201);
      expect(placed.body).toMatchObject({ point: 2500, couponDiscount: 700 });
      expect(await balance(t, member.id)).toBe(8_200n);
      const ledger = await rows(member.id);
      expect(ledger[2]).toBe(`ORDER -2500 order:${placed.body.orderId}`);
      expect(ledger[1]).toMatch(/^COUPON 700 coupon-use:\d+$/);
      const shown = await t.http.get(`/api/admin/coupons/${coupon.id}`).set('Authorization', admin).expect(200);
      expect(shown.body).toMatchObject({ usesCount: 1, givenTotal: 700, ordersCount: 1 });
      const uses = await t.http
        .get('/api/admin/coupon-uses')
        .query({ filter: JSON.stringify({ couponId: coupon.id }) })
        .set('Authorization', admin)
        .expect(200);
      expect(uses.body[0]).toMatchObject({ orderId: placed.body.orderId, amount: 700, memberId: member.id });
    });

    it('takes a percent off up to its cap, never more than the order', async () => {
      const capped = await createCoupon(t, admin, { kind: 'PERCENT', value: 30, maxDiscount: 500, code: sharedCode() });
      const uncapped = await createCoupon(t, admin, { kind: 'PERCENT', value: 10, code: sharedCode() });
      const big = await createCoupon(t, admin, { kind: 'FIXED', value: 9000, code: sharedCode() });
      const member = await fundedMember(t, 10_000n);
      expect((await quote(t, member, { code: capped.code, serviceId: service.id, amount: 1000 })).body).toMatchObject({
        discount: 500,
        total: 2000,
      });
      expect((await quote(t, member, { code: uncapped.code, serviceId: service.id, amount: 333 })).body).toMatchObject({
        price: 833,
        discount: 83,
        total: 750,
      });
      expect((await quote(t, member, { code: big.code, serviceId: service.id, amount: 1000 })).body).toMatchObject({
        discount: 2500,
        total: 0,
      });
      await order(member, capped.code).expect(201);
      expect(await balance(t, member.id)).toBe(8_000n);
    });

    it('gives back only what the member paid on a partial refund and on a cancel, exact to the won', async () => {
      const coupon = await createCoupon(t, admin, { kind: 'FIXED', value: 700, perMemberLimit: 2, code: sharedCode() });
      const member = await fundedMember(t, 10_000n);
      const first = (await order(member, coupon.code).expect(201)).body.orderId as number;
      // 333 of 1000 undelivered: floor(1800 × 333 / 1000) = 599 won back, never the coupon's 700.
      const partial = await t.http
        .post(`/api/admin/orders/${first}/partial`)
        .set('Authorization', admin)
        .send({ remains: 333 })
        .expect(200);
      expect(partial.body.ledgerEntry).toMatchObject({ kind: 'REFUND', amount: 599 });
      expect(await balance(t, member.id)).toBe(10_000n - 1800n + 599n);
      const second = (await order(member, coupon.code).expect(201)).body.orderId as number;
      await t.http.post(`/api/admin/orders/${second}/cancel`).set('Authorization', admin).expect(200);
      expect(await balance(t, member.id)).toBe(10_000n - 1800n + 599n - 1800n + 1800n);
      const ledger = await rows(member.id);
      expect(ledger.map((r) => r.replace(/coupon-use:\d+/, 'coupon-use:*'))).toEqual([
        expect.stringMatching(/^CHARGE 10000 charge:/),
        'COUPON 700 coupon-use:*',
        `ORDER -2500 order:${first}`,
        `REFUND 599 order:${first}`,
        'COUPON 700 coupon-use:*',
        `ORDER -2500 order:${second}`,
        `REFUND 1800 order:${second}`,
      ]);
      // The closing note shows these rows as the ledger keeps them.
      if (process.env.COUPON_LEDGER_EVIDENCE)
        writeFileSync(
          process.env.COUPON_LEDGER_EVIDENCE,
          JSON.stringify(
            await em(t).execute(
              'select id, kind, amount, balance_after, reference_type, reference_id, memo from point_ledger_entry where member_id = ? order by id',
              [member.id],
            ),
            null,
            1,
          ),
        );
    });

    it('refuses an order it cannot pay and leaves the code unused', async () => {
      const coupon = await createCoupon(t, admin, { kind: 'FIXED', value: 700, code: sharedCode() });
      const [code] = await batch(t, admin, coupon.id, 1);
      const poor = await fundedMember(t, 1000n);
      expect((await order(poor, code).expect(400)).body.message).toBe('포인트가 부족합니다.');
      expect(await rows(poor.id)).toHaveLength(1);
      const rich = await fundedMember(t, 5000n);
      await order(rich, code).expect(201);
      expect(await balance(t, rich.id)).toBe(3200n);
    });

    it('refuses a coupon on an auto-order', async () => {
      const coupon = await createCoupon(t, admin, { kind: 'FIXED', value: 700, code: sharedCode() });
      const member = await fundedMember(t, 100_000n);
      expect((await order(member, coupon.code, { runs: 2, interval: 60 }).expect(400)).body.message).toBe(
        COUPON_MESSAGES.autoOrder,
      );
      expect((await order(member, 12).expect(400)).body.message).toBe(COUPON_MESSAGES.invalid);
      expect(await balance(t, member.id)).toBe(100_000n);
    });
  });

  describe('limits', () => {
    it('total uses and uses per member', async () => {
      const coupon = await createCoupon(t, admin, {
        kind: 'FIXED',
        value: 100,
        totalLimit: 3,
        perMemberLimit: 2,
        code: sharedCode(),
      });
      const a = await fundedMember(t, 10_000n);
      const b = await fundedMember(t, 10_000n);
      await order(a, coupon.code).expect(201);
      await order(a, coupon.code).expect(201);
      expect((await order(a, coupon.code).expect(409)).body.message).toBe(COUPON_MESSAGES.perMember);
      await order(b, coupon.code).expect(201);
      expect((await order(b, coupon.code).expect(409)).body.message).toBe(COUPON_MESSAGES.exhausted);
      expect(await balance(t, b.id)).toBe(10_000n - 2400n);
    });

    it('validity dates, as the clock moves', async () => {
      const now = t.app.get(Clock).now().getTime();
      const coupon = await createCoupon(t, admin, {
        kind: 'FIXED',
        value: 100,
        perMemberLimit: 5,
        startsAt: new Date(now + 86_400_000).toISOString(),
        endsAt: new Date(now + 2 * 86_400_000).toISOString(),
        code: sharedCode(),
      });
      const member = await fundedMember(t, 10_000n);
      const ask = () => quote(t, member, { code: coupon.code, serviceId: service.id, amount: 1000 });
      expect((await ask().expect(409)).body.message).toBe(COUPON_MESSAGES.notStarted);
      t.app.get(Clock).travel(86_400_000 + 1000);
      try {
        expect((await ask().expect(200)).body.discount).toBe(100);
        t.app.get(Clock).travel(86_400_000);
        expect((await ask().expect(409)).body.message).toBe(COUPON_MESSAGES.expired);
        expect((await order(member, coupon.code).expect(409)).body.message).toBe(COUPON_MESSAGES.expired);
      } finally {
        t.app.get(Clock).travel(-2 * 86_400_000 - 1000);
      }
      expect(await balance(t, member.id)).toBe(10_000n);
    });

    it('a minimum order', async () => {
      const coupon = await createCoupon(t, admin, { kind: 'FIXED', value: 500, minAmount: 3000, code: sharedCode() });
      const member = await fundedMember(t, 10_000n);
      expect((await order(member, coupon.code).expect(400)).body.message).toBe(COUPON_MESSAGES.minAmount);
      expect(await balance(t, member.id)).toBe(10_000n);
      await order(member, coupon.code, { amount: 1200 }).expect(201);
      expect(await balance(t, member.id)).toBe(10_000n - 3000n + 500n);
    });

    it('only the services or categories it names', async () => {
      const byService = await createCoupon(t, admin, {
        kind: 'FIXED',
        value: 100,
        serviceIds: [other.id],
        code: sharedCode(),
      });
      const byCategory = await createCoupon(t, admin, {
        kind: 'FIXED',
        value: 100,
        categoryIds: [service.categoryId],
        perMemberLimit: 5,
        code: sharedCode(),
      });
      const member = await fundedMember(t, 10_000n);
      expect((await order(member, byService.code).expect(400)).body.message).toBe(COUPON_MESSAGES.notForService);
      await order(member, byService.code, { serviceId: other.id }).expect(201);
      await order(member, byCategory.code).expect(201);
      expect((await order(member, byCategory.code, { serviceId: other.id }).expect(400)).body.message).toBe(
        COUPON_MESSAGES.notForService,
      );
    });

    it('the on/off switch, audited', async () => {
      const coupon = await createCoupon(t, admin, { kind: 'POINTS', value: 100, code: sharedCode() });
      const off = await t.http
        .put(`/api/admin/coupons/${coupon.id}`)
        .set('Authorization', admin)
        .send({ enabled: false })
        .expect(200);
      expect(off.body).toMatchObject({ enabled: false, value: 100, kind: 'POINTS' });
      const member = await fundedMember(t, 0n);
      expect((await redeem(t, member, coupon.code).expect(409)).body.message).toBe(COUPON_MESSAGES.disabled);
      const audit = await t.http
        .get('/api/admin/audit-logs')
        .query({ filter: JSON.stringify({ resource: 'coupons', resourceId: String(coupon.id), action: 'update' }) })
        .set('Authorization', admin)
        .expect(200);
      expect(audit.body[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
      await t.http
        .put(`/api/admin/coupons/${coupon.id}`)
        .set('Authorization', admin)
        .send({ enabled: true })
        .expect(200);
      await redeem(t, member, coupon.code).expect(200);
      expect(
        (
          await t.http
            .put(`/api/admin/coupons/${coupon.id}`)
            .set('Authorization', admin)
            .send({ value: -1 })
            .expect(400)
        ).body.message,
      ).toBe(COUPON_MESSAGES.value);
      await t.http.put('/api/admin/coupons/999999').set('Authorization', admin).send({ enabled: true }).expect(404);
    });

    it('no redemption while 서비스 점검 is on: the maintenance refusal', async () => {
      const coupon = await createCoupon(t, admin, { kind: 'POINTS', value: 100, code: sharedCode() });
      const member = await fundedMember(t, 0n);
      await t.app.get(SettingsService).set('ENABLE_SERVICE_CHECK', true);
      try {
        const refused = (await redeem(t, member, coupon.code).expect(400)).body;
        expect(refused).toMatchObject({ code: 'SERVICE_CHECK', message: MAINTENANCE_MESSAGES.default });
        expect((await order(member, coupon.code).expect(400)).body.message).toBe(MAINTENANCE_MESSAGES.default);
      } finally {
        await t.app.get(SettingsService).set('ENABLE_SERVICE_CHECK', false);
      }
      expect(await balance(t, member.id)).toBe(0n);
    });
  });
});
