import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import {
  DEFAULT_FAKE_SERVICES,
  FakeProvider,
  TYPED_FAKE_SERVICES,
  type FakeAnswer,
} from '../../support/fake-provider.js';
import { receiveTossWebhooks, startFakeToss, tossEnv, type FakeToss } from '../../support/fake-toss.js';
import { setSettings, sql } from '../../support/identity.js';
import {
  CancelForwarder,
  OrderSender,
  OrderSync,
  SubscriptionSync,
  SYNC_SPACING_MS,
} from '../../../server/src/modules/fulfilment/index.js';
import { TossRecheckJob } from '../../../server/src/modules/billing/index.js';
import { LedgerKind, WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { addProvider, admin } from '../fulfilment/helpers.js';
import { createService } from '../ordering/fixtures.js';
import { prng } from './prng.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const CASES = Number(process.env.PROPERTY_CASES ?? 4);
const STEPS = Number(process.env.PROPERTY_STEPS ?? 18);

/**
 * The property: random sequences of member cancels, provider answers (5xx, timeouts, refusals),
 * Toss events (cancels made elsewhere, chargebacks, lost webhooks) and operator commands against the
 * loopback fakes; after every step the shop has refunded no more than the provider or Toss gave back,
 * and the ledger invariant holds.
 */
describe('partner boundaries (property)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let toss: FakeToss;
  let wallet: WalletFacade;
  let plain: Service;
  let sub: Service;

  beforeAll(async () => {
    toss = await startFakeToss();
    t = await startTestApp({ ...tossEnv(toss), TOSS_TIMEOUT_MS: '500' });
    await receiveTossWebhooks(toss, t.app);
    await setSettings(t, { ENABLE_TOSS_PAYMENT: true, ENABLE_PAYMENT_TYPE: 'ALL' });
    fake = await FakeProvider.start({
      services: [...DEFAULT_FAKE_SERVICES, { ...TYPED_FAKE_SERVICES[2], service: 24, cancel: true }],
    });
    const providerId = await addProvider(t, fake, { timeoutMs: 1000 });
    plain = await createService(t, {
      point: '10',
      min: 10,
      max: 10_000,
      providerId,
      providerServiceId: '1',
      cancel: true,
    });
    sub = await createService(t, {
      type: 'Subscriptions',
      point: '1',
      min: 10,
      max: 1000,
      providerId,
      providerServiceId: '24',
      cancel: true,
    });
    wallet = t.app.get(WalletFacade);
    process.stdout.write(`partner property: seed ${SEED}, ${CASES} cases × ${STEPS} steps (PROPERTY_SEED to replay)\n`);
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
    await toss.close();
  });

  const providerAnswers: (FakeAnswer | undefined)[] = [
    undefined,
    undefined,
    { status: 502, raw: '<html>Bad gateway</html>' },
    { status: 503, body: { error: 'Service unavailable' } },
    { delayMs: 1300 }, // past the provider timeout (1 s): the panel did the work, the shop heard nothing
    { body: { error: 'Not enough funds on balance' } },
  ];

  /** The undelivered quantity the provider confirms for a link (none known: all of it, since it never got it). */
  const confirmedUndelivered = (link: string, amount: number): number => {
    const upstream = [...fake.orders.values()].filter((o) => o.link === link);
    if (upstream.length === 0) return amount;
    return upstream.reduce((left, o) => {
      const status = o.status.toLowerCase();
      if (status === 'canceled') return Math.min(left, amount);
      if (status === 'partial') return Math.min(left, Number(o.remains));
      return 0;
    }, amount);
  };

  async function checkInvariants(members: number[], step: string): Promise<void> {
    const fail = (what: string) => {
      throw new Error(`seed ${SEED}, after ${step}: ${what}`);
    };
    const violations = await wallet.invariantViolations();
    if (violations.length > 0) fail(`ledger invariant: ${JSON.stringify(violations)}`);
    if (members.length === 0) return;
    const orders = await sql<{
      id: number;
      link: string;
      amount: number;
      point: string;
      refunded: string;
      service_type: string;
    }>(
      t,
      `select id, link, amount, point, refunded, service_type from service_order where member_id in (?) and service_type <> 'Subscriptions'`,
      [members],
    );
    for (const o of orders) {
      const allowed = (BigInt(o.point) * BigInt(confirmedUndelivered(o.link, o.amount))) / BigInt(o.amount);
      if (BigInt(o.refunded) > allowed)
        fail(`order ${o.id} refunded ${o.refunded}, the provider confirms only ${allowed} undelivered`);
    }
    const subs = await sql<{
      id: number;
      username: string;
      point: string;
      max: number;
      refunded: string;
      status: string;
    }>(t, 'select id, username, point, max, refunded, status from order_subscription where member_id in (?)', [
      members,
    ]);
    for (const s of subs) {
      const upstream = [...fake.subscriptions.values()].find((u) => u.params.username === s.username);
      if (!upstream) continue; // never reached the provider: everything may come back
      const final = !['Active', 'Paused'].includes(upstream.status);
      const allowed = final ? BigInt(s.point) - BigInt(upstream.orders.length) * BigInt(s.max) : 0n;
      if (BigInt(s.refunded) > (allowed > 0n ? allowed : 0n))
        fail(`subscription ${s.id} refunded ${s.refunded}, the provider leaves ${allowed} unused (${upstream.status})`);
    }
    const charges = await sql<{ id: number; toss_payment_key: string | null; refunded_amount: string; status: string }>(
      t,
      `select id, toss_payment_key, refunded_amount, status from charge where member_id in (?) and method = 'TOSS'`,
      [members],
    );
    for (const c of charges) {
      const payment = c.toss_payment_key ? toss.payments.get(c.toss_payment_key) : undefined;
      const givenBack = payment ? payment.totalAmount - payment.balanceAmount : 0;
      if (Number(c.refunded_amount) > givenBack)
        fail(`charge ${c.id} recorded ${c.refunded_amount} refunded, Toss gave back ${givenBack}`);
    }
  }

  it(`${CASES} random sequences keep every refund within what the partners give back`, async () => {
    const random = prng(SEED);
    let link = 0;
    for (let c = 0; c < CASES; c++) {
      const members: TestMember[] = [await createMember(t), await createMember(t)];
      const ids = members.map((m) => m.id);
      const em = t.app.get(MikroORM).em.fork();
      for (const m of members)
        await em.transactional((tx) =>
          wallet.credit(tx, {
            memberId: m.id,
            amount: 50_000n,
            kind: LedgerKind.ADJUST,
            reference: { type: 'property', id: m.id },
          }),
        );
      const payments: { paymentKey: string; member: TestMember }[] = [];
      for (let s = 0; s < STEPS; s++) {
        const m = random.pick(members);
        const auth = `Bearer ${m.token}`;
        const step = random.int(12);
        let label = '';
        const orderIds = async () =>
          (
            await sql<{ id: number }>(
              t,
              `select id from service_order where member_id = ? and service_type <> 'Subscriptions'`,
              [m.id],
            )
          ).map((r) => r.id);
        switch (step) {
          case 0:
          case 1: {
            label = 'order';
            await t.http
              .post('/api/service/order')
              .set('Authorization', auth)
              .send({
                serviceId: plain.id,
                link: `https://instagram.com/p/prop${SEED}x${++link}`,
                amount: 10 * (1 + random.int(50)),
              });
            break;
          }
          case 2: {
            const answer = random.pick(providerAnswers);
            label = `send (${JSON.stringify(answer ?? 'ok')})`;
            if (answer) fake.once('add', answer);
            await t.app.get(OrderSender).runOnce();
            fake.clearScripts();
            break;
          }
          case 3: {
            const ids2 = await orderIds();
            if (ids2.length === 0) break;
            const id = random.pick(ids2);
            label = `member cancel ${id}`;
            const res = await t.http.post(`/api/service/order/${id}/cancel`).set('Authorization', auth);
            if (res.status >= 500) throw new Error(`seed ${SEED}: cancel answered ${res.status}`);
            break;
          }
          case 4: {
            const answer = random.pick([
              undefined,
              { status: 502, raw: 'x' },
              { body: { error: 'Cannot cancel' } },
            ] as const);
            label = `forward cancels (${JSON.stringify(answer ?? 'ok')})`;
            if (answer) fake.once('cancel', answer);
            await t.app.get(CancelForwarder).runOnce();
            fake.clearScripts();
            break;
          }
          case 5: {
            // A provider moves only running orders: Completed, Partial and Canceled are final (a Canceled order
            // that later reads Completed would make the earlier, correct refund look too large).
            const upstream = [...fake.orders.values()].filter(
              (o) =>
                o.link.includes(`prop${SEED}x`) &&
                !['completed', 'partial', 'canceled'].includes(o.status.toLowerCase()),
            );
            if (upstream.length === 0) break;
            const o = random.pick(upstream);
            const status = random.pick(['In progress', 'Completed', 'Partial', 'Canceled']);
            label = `provider ${o.id} → ${status}`;
            fake.setOrder(o.id, {
              status,
              remains: status === 'Canceled' ? o.quantity : status === 'Partial' ? random.int(o.quantity + 1) : 0,
            });
            t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
            if (random.int(3) === 0) fake.once('status', { status: 503, raw: 'busy' });
            await t.app.get(OrderSync).runOnce();
            fake.clearScripts();
            break;
          }
          case 6: {
            label = 'operator links a held order';
            const held = await sql<{ id: number; link: string }>(
              t,
              `select o.id, o.link from service_order o join order_dispatch d on d.order_id = o.id
                where o.member_id in (?) and d.status in ('CLAIMED', 'UNCERTAIN') and o.status = 'PENDING'`,
              [ids],
            );
            if (held.length === 0) break;
            const h = random.pick(held);
            const found = [...fake.orders.values()].find((o) => o.link === h.link);
            await t.http
              .post(`/api/admin/orders/${h.id}/resend`)
              .set('Authorization', await admin(t))
              .send(found ? { providerOrderId: found.id } : {});
            break;
          }
          case 7: {
            label = 'subscription';
            await t.http
              .post('/api/service/subscriptions')
              .set('Authorization', auth)
              .send({
                serviceId: sub.id,
                username: `prop${SEED}u${++link}`,
                min: 10,
                max: 100,
                posts: 1 + random.int(10),
                delay: 0,
                expiry: '',
              });
            break;
          }
          case 8: {
            const mine = [...fake.subscriptions.values()].filter((u) => u.params.username?.startsWith(`prop${SEED}u`));
            const choice = random.int(3);
            if (choice === 0 && mine.length > 0) {
              const u = random.pick(mine);
              if (u.status === 'Active') fake.newPost(u.id);
              label = `new post of ${u.id}`;
            } else if (choice === 1) {
              const subs = await sql<{ id: number }>(t, 'select id from order_subscription where member_id = ?', [
                m.id,
              ]);
              if (subs.length === 0) break;
              const id = random.pick(subs).id;
              label = `member cancels subscription ${id}`;
              const res = await t.http.post(`/api/service/subscriptions/${id}/cancel`).set('Authorization', auth);
              if (res.status >= 500) throw new Error(`seed ${SEED}: subscription cancel answered ${res.status}`);
            } else {
              const answer = random.pick([undefined, { status: 502, raw: 'x' }, { delayMs: 1300 }] as const);
              label = `subscription sync (${JSON.stringify(answer ?? 'ok')})`;
              if (answer) fake.once(random.pick(['add', 'status', 'cancel']), answer);
              t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
              await t.app.get(SubscriptionSync).runOnce();
              fake.clearScripts();
            }
            break;
          }
          case 9: {
            label = 'toss payment';
            const point = 1_000 * (1 + random.int(20));
            const co = (
              await t.http.post('/api/service/point/toss').set('Authorization', auth).send({ point, method: 'CARD' })
            ).body;
            if (!co.orderId) break;
            const paymentKey = toss.authorize(co.orderId, co.amount, 'CARD');
            await t.http
              .post('/api/service/point/toss/confirm')
              .set('Authorization', auth)
              .send({ paymentKey, orderId: co.orderId, amount: co.amount });
            payments.push({ paymentKey, member: m });
            break;
          }
          case 10: {
            const open = payments.filter((p) => (toss.payments.get(p.paymentKey)?.balanceAmount ?? 0) > 0);
            if (open.length === 0) break;
            const p = random.pick(open);
            const left = toss.payments.get(p.paymentKey)!.balanceAmount;
            const amount = random.int(2) === 0 ? undefined : 1 + random.int(left);
            const notify = random.int(3) !== 0;
            label = `toss cancel elsewhere ${amount ?? 'all'} (webhook ${notify})`;
            await toss.cancelElsewhere(p.paymentKey, amount, '외부 취소', notify);
            if (!notify) {
              // No webhook: the re-check job finds it once asked (as after an unreadable webhook).
              await sql(t, `update charge set next_check_at = now() where toss_payment_key = ?`, [p.paymentKey]);
              await t.app.get(TossRecheckJob).runOnce();
            }
            break;
          }
          default: {
            const choice = random.int(2);
            if (choice === 0) {
              const charges = await sql<{ id: number; point: string; refunded_point: string }>(
                t,
                `select id, point, refunded_point from charge where member_id in (?) and method = 'TOSS' and status = 'SUCCESS'`,
                [ids],
              );
              if (charges.length === 0) break;
              const ch = random.pick(charges);
              const left = Number(ch.point) - Number(ch.refunded_point);
              if (left <= 0) break;
              label = `operator refund of charge ${ch.id}`;
              const res = await t.http
                .post(`/api/admin/charges/${ch.id}/refund`)
                .set('Authorization', await admin(t))
                .send({ point: 1 + random.int(left), reason: '운영자 환불' });
              if (res.status >= 500 && res.status !== 502)
                throw new Error(`seed ${SEED}: refund answered ${res.status}`);
            } else {
              const debts = await sql<{ id: number }>(
                t,
                'select id from point_debt where member_id in (?) and closed_at is null',
                [ids],
              );
              if (debts.length === 0) break;
              label = 'operator writes a debt off';
              await t.http
                .post(`/api/admin/point-debts/${random.pick(debts).id}/write-off`)
                .set('Authorization', await admin(t))
                .send({ reason: '손실 처리' });
            }
          }
        }
        await checkInvariants(ids, `case ${c + 1} step ${s + 1} ${label || `(no-op ${step})`}`);
      }
    }
    t.app.get(Clock).reset();
  }, 600_000);
});
