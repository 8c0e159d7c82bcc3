import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { setSettings } from '../../support/identity.js';
import { startFakeToss, tossEnv, type FakeToss } from '../../support/fake-toss.js';
import { startFakePopbill, popbillEnv, type FakePopbill } from '../../support/fake-popbill.js';
import { bearer, clock, configureBilling } from '../billing/billing-support.js';
import {
  acceptedCharge,
  BAD_INVOICE,
  GOOD_INVOICE,
  receiptsOf,
  NO_APPROVAL,
  refundCharge,
  runJob,
  SHOP,
} from './receipts-support.js';
import type { AdminReceiptView } from '../../../server/src/contracts/receipts.js';

/** A small seeded generator, so a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

interface Tracked {
  chargeId: number;
  kind: 'CASH_RECEIPT' | 'TAX_INVOICE';
  total: number;
  refunded: number;
}

/**
 * Property: over random sequences of charges, acceptances, refunds, partner failures (5xx, lost answers,
 * refusals), member fixes, operator retries and job rounds, no charge ever has two live documents of one kind
 * (in the records and at the partners), and once the job has drained every accepted charge that asked for one
 * has one issued, held or recorded by hand (or cancelled when refunded in whole), for the amount not refunded.
 */
describe('receipts: property over random sequences', () => {
  let t: TestApp;
  let toss: FakeToss;
  let popbill: FakePopbill;
  let member: TestMember;
  let admin: string;

  beforeAll(async () => {
    toss = await startFakeToss();
    popbill = await startFakePopbill();
    t = await startTestApp({ ...tossEnv(toss), ...popbillEnv(popbill) });
    await configureBilling(t);
    await setSettings(t, { ...SHOP, ...NO_APPROVAL });
    member = await createMember(t);
    admin = bearer(await t.operatorToken());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await toss?.close();
    await popbill?.close();
  });

  /** Documents alive at the partners for one charge: Toss receipts with a balance, Popbill originals net of their 수정. */
  function liveAtPartners(chargeId: number): { cash: number[]; invoices: number } {
    const cash = [...toss.cashReceipts.values()]
      .filter((r) => r.orderId === `receipt-${chargeId}` || r.orderId.startsWith(`receipt-${chargeId}-`))
      .filter((r) => r.balance > 0)
      .map((r) => r.balance);
    const originals = [...popbill.invoices.values()].filter(
      (i) =>
        i.modifyCode === null &&
        (i.mgtKey === `C${chargeId}` || i.mgtKey.startsWith(`C${chargeId}-`)) &&
        !i.mgtKey.includes('-R'),
    );
    return { cash, invoices: originals.length };
  }

  const invoiceNet = (chargeId: number) =>
    [...popbill.invoices.values()]
      .filter((i) => i.mgtKey === `C${chargeId}` || i.mgtKey.startsWith(`C${chargeId}-`))
      .reduce((sum, i) => sum + i.totalAmount, 0);

  for (const seed of [11, 29, 47]) {
    it(`seed ${seed}`, async () => {
      const rng = random(seed);
      const tracked: Tracked[] = [];
      for (let step = 0; step < 40; step++) {
        const action = rng.int(10);
        if (action <= 2 || tracked.length === 0) {
          const kind = rng.pick(['CASH_RECEIPT', 'TAX_INVOICE'] as const);
          const point = 1_000 * (1 + rng.int(20));
          const refusable = rng.int(4) === 0;
          const fee =
            kind === 'CASH_RECEIPT'
              ? ({ feeType: 'CASH', feeValue: { phone: refusable ? '02012345678' : '01012345678' } } as const)
              : ({ feeType: 'FEE', feeValue: refusable ? BAD_INVOICE : GOOD_INVOICE } as const);
          const chargeId = await acceptedCharge(t, member, point, fee);
          tracked.push({ chargeId, kind, total: kind === 'TAX_INVOICE' ? point + point / 10 : point, refunded: 0 });
        } else if (action === 3) {
          const c = rng.pick(tracked);
          if (c.refunded < c.total) {
            c.refunded = Math.min(c.total, c.refunded + 500 * (1 + rng.int(Math.ceil(c.total / 500))));
            await refundCharge(t, c.chargeId, BigInt(c.refunded));
          }
        } else if (action === 4) {
          if (rng.int(2)) toss.failNextCashReceipts(1 + rng.int(2));
          else popbill.failNext(1 + rng.int(2));
        } else if (action === 5) {
          if (rng.int(2)) toss.loseNextCashReceiptAnswer();
          else popbill.loseNextAnswer();
        } else if (action === 6) {
          // The member fixes a held document (or one still waiting).
          const c = rng.pick(tracked);
          const [r] = await receiptsOf(t, c.chargeId);
          if (r && (r.status === 'FAILED' || r.status === 'PENDING'))
            await t.http
              .put(`/api/service/receipts/${r.id}`)
              .set('Authorization', bearer(member.token))
              .send({ feeValue: c.kind === 'CASH_RECEIPT' ? { phone: '01077778888' } : GOOD_INVOICE });
        } else if (action === 7) {
          const c = rng.pick(tracked);
          const [r] = await receiptsOf(t, c.chargeId);
          if (r) await t.http.post(`/api/admin/receipts/${r.id}/issue`).set('Authorization', admin);
        } else {
          await Promise.all([runJob(t), runJob(t)]);
          clock(t).travel(rng.int(3) * 60_000);
        }
      }
      // Drain: no more failures; every backoff passes.
      toss.failNextCashReceipts(0);
      popbill.failNext(0);
      for (let i = 0; i < 8; i++) {
        clock(t).travel(2 * 60 * 60_000 + 1_000);
        await runJob(t);
      }

      for (const c of tracked) {
        const records: AdminReceiptView[] = await receiptsOf(t, c.chargeId);
        expect(records).toHaveLength(1);
        const r = records[0]!;
        const live = liveAtPartners(c.chargeId);
        const context = { seed, charge: c, record: r, live };
        expect({ ...context, ok: live.cash.length <= 1 && live.invoices <= 1 }).toMatchObject({ ok: true });
        expect(r.refundedAmount).toBe(c.refunded);
        if (c.refunded >= c.total) {
          expect({ ...context, status: r.status }).toMatchObject({
            status: expect.stringMatching(/^(CANCELED|MANUAL)$/),
          });
          if (c.kind === 'CASH_RECEIPT') expect(live.cash).toEqual([]);
          else expect(invoiceNet(c.chargeId)).toBe(0);
          continue;
        }
        expect({ ...context, status: r.status }).toMatchObject({
          status: expect.stringMatching(/^(ISSUED|FAILED|MANUAL)$/),
        });
        if (r.status === 'ISSUED') {
          // What the partner holds is what was paid less what was refunded.
          if (c.kind === 'CASH_RECEIPT') expect(live.cash).toEqual([c.total - c.refunded]);
          else expect(invoiceNet(c.chargeId)).toBe(c.total - c.refunded);
        } else {
          expect(r.status).toBe('FAILED');
          expect(r.failure).toMatch(/^(토스페이먼츠|팝빌): /);
          if (c.kind === 'CASH_RECEIPT') expect(live.cash).toEqual([]);
          else expect(live.invoices).toBe(0);
        }
      }
    }, 180_000);
  }
});
