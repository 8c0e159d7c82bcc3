import { writeFileSync } from 'node:fs';
import { COUPON_MESSAGES } from '../../../server/src/contracts/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import {
  balance,
  batch,
  createCoupon,
  createService,
  fundedMember,
  placeOrder,
  redeem,
  sharedCode,
  startTestApp,
  type TestApp,
  type TestMember,
} from './fixtures.js';

describe('coupons under pressure', () => {
  let t: TestApp;
  let admin: string;
  let service: Service;
  let twenty: TestMember[];

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.operatorToken()}`;
    service = await createService(t, { point: '2.5', min: 10, max: 100_000 });
    twenty = [];
    for (let i = 0; i < 20; i++) twenty.push(await fundedMember(t, 5000n));
  }, 180_000);
  afterAll(() => t.close());
  afterEach(async () => expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]));

  it('20 parallel redemptions of one single-use code: exactly one succeeds, the others are refused in Korean', async () => {
    const coupon = await createCoupon(t, admin, { kind: 'POINTS', value: 5000, totalLimit: null });
    const [code] = await batch(t, admin, coupon.id, 1);
    const members = twenty;
    const answers = await Promise.all(members.map((m) => redeem(t, m, code)));
    const summary = answers.map((a, i) => ({ member: members[i]!.id, status: a.status, body: a.body as unknown }));
    if (process.env.COUPON_EVIDENCE) writeFileSync(process.env.COUPON_EVIDENCE, JSON.stringify(summary, null, 1));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.body).toMatchObject({ points: 5000, balance: 10_000 });
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(19);
    for (const a of refused)
      expect(a.body).toMatchObject({ statusCode: 409, code: 'COUPON_USED', message: COUPON_MESSAGES.used });
    const balances = await Promise.all(members.map((m) => balance(t, m.id)));
    expect(balances.filter((b) => b === 10_000n)).toHaveLength(1);
    expect(balances.filter((b) => b === 5000n)).toHaveLength(19);
    expect((await t.http.get(`/api/admin/coupons/${coupon.id}`).set('Authorization', admin)).body).toMatchObject({
      usesCount: 1,
      givenTotal: 5000,
    });
  });

  it('20 parallel orders with one single-use discount code: one order is discounted, the others refused', async () => {
    const coupon = await createCoupon(t, admin, { kind: 'FIXED', value: 1000 });
    const [code] = await batch(t, admin, coupon.id, 1);
    const members = twenty;
    const answers = await Promise.all(
      members.map((m) =>
        placeOrder(t, m, { serviceId: service.id, link: 'https://instagram.com/p/x', amount: 1000, couponCode: code }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.message === COUPON_MESSAGES.used)).toHaveLength(19);
    const balances = await Promise.all(members.map((m) => balance(t, m.id)));
    // The members start where the first test left them (one holds 10,000): one paid 2,500 − 1,000.
    expect(balances.filter((b) => b === 3500n || b === 8500n)).toHaveLength(1);
    expect(balances.filter((b) => b === 5000n || b === 10_000n)).toHaveLength(19);
  });

  it('a member trying codes is throttled like a password: 10 attempts in 10 minutes, wrong ones count', async () => {
    const coupon = await createCoupon(t, admin, { kind: 'POINTS', value: 700, code: sharedCode() });
    const member = await fundedMember(t, 0n);
    const clock = t.app.get(Clock);
    clock.freeze();
    try {
      for (let i = 0; i < 10; i++)
        expect((await redeem(t, member, `WRONG${i}CODE${i}`).expect(400)).body.message).toBe(COUPON_MESSAGES.invalid);
      // The right code too is refused now, and nothing moves.
      expect((await redeem(t, member, coupon.code).expect(429)).body).toMatchObject({
        code: 'COUPON_THROTTLED',
        message: COUPON_MESSAGES.throttled,
      });
      expect(
        (
          await placeOrder(t, member, {
            serviceId: service.id,
            link: 'https://instagram.com/p/x',
            amount: 100,
            couponCode: coupon.code,
          }).expect(429)
        ).body.message,
      ).toBe(COUPON_MESSAGES.throttled);
      // Another member is not held back.
      const other = await fundedMember(t, 0n);
      await redeem(t, other, coupon.code).expect(200);
      clock.travel(61_000);
      // One attempt back a minute.
      await redeem(t, member, coupon.code).expect(200);
      expect(await balance(t, member.id)).toBe(700n);
    } finally {
      clock.reset();
    }
  });
});
