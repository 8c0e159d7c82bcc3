import { seedDemoContent } from '../../../server/src/database/demo/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, clientIp, registerReferred, type TestMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { startFakeToss, tossEnv, type FakeToss } from '../../support/fake-toss.js';
import { sql } from '../../support/identity.js';
import {
  MAINTENANCE_MESSAGES,
  MAINTENANCE_MESSAGE_MAX,
  koreanDateTime,
  type MaintenanceView,
} from '../../../server/src/contracts/index.js';
import { OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { AutoOrderRunsJob } from '../../../server/src/modules/ordering/jobs/auto-order-runs.job.js';
import { OrderSender, OrderSync, SYNC_SPACING_MS } from '../../../server/src/modules/fulfilment/index.js';
import { SettingsService } from '../../../server/src/modules/settings/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { auditOf, bearer, clock, configureBilling, openCharge } from '../billing/billing-support.js';
import { addProvider, ordersById, placeOrders } from '../fulfilment/helpers.js';
import { createReseller, footprint, v1, v2, type Reseller } from '../reseller/fixtures.js';
import { balance, createService, fund, placeOrder } from '../ordering/fixtures.js';

const HOUR = 3_600_000;
const MESSAGE = '서버 이전 작업으로 점검 중입니다. 진행 중인 주문은 그대로 처리됩니다.';

describe('점검 모드 (ENABLE_SERVICE_CHECK with a message and a window)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let toss: FakeToss;
  let serviceId: number;
  let subServiceId: number;
  let member: TestMember;
  let reseller: Reseller;
  let admin: string;

  beforeAll(async () => {
    toss = await startFakeToss();
    t = await startTestApp({ ...tossEnv(toss) });
    fake = await FakeProvider.start();
    const providerId = await addProvider(t, fake);
    serviceId = (await createService(t, { providerId, providerServiceId: '1', point: '3', min: 10, max: 10_000 })).id;
    subServiceId = (await createService(t, { type: 'Subscriptions', point: '2', min: 10, max: 1000 })).id;
    await configureBilling(t);
    await t.app.get(SettingsService).setMany({ ENABLE_TOSS_PAYMENT: true });
    member = await createMember(t);
    await fund(t, member.id, 1_000_000n);
    reseller = await createReseller(t, 1_000_000n);
    admin = bearer(await t.operatorToken());
  });
  afterEach(async () => {
    clock(t).reset();
    await t.app.get(SettingsService).setMaintenance({
      ENABLE_SERVICE_CHECK: false,
      SERVICE_CHECK_MESSAGE: '',
      SERVICE_CHECK_FROM: '',
      SERVICE_CHECK_UNTIL: '',
    });
  });
  /** The request sequences the closing note shows. */
  const notes: string[] = [];
  const note = (label: string, status: number, body: unknown) =>
    notes.push(`${label} -> ${status} ${JSON.stringify(body)}`);
  afterAll(async () => {
    console.log(notes.join('\n'));
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
    await fake.close();
    await t.close();
    await toss.close();
  });

  const iso = (ms: number) => new Date(clock(t).now().getTime() + ms).toISOString();
  const save = (values: Record<string, unknown>) =>
    t.http.put('/api/admin/settings/maintenance').set('Authorization', admin).send({ values });
  const now = async () => (await t.http.get('/api/service/maintenance').expect(200)).body as MaintenanceView;
  const publicSwitch = async () =>
    ((await t.http.get('/api/service/settings').expect(200)).body as { key: string; value: unknown }[]).find(
      (s) => s.key === 'ENABLE_SERVICE_CHECK',
    )?.value;
  const order = (m: TestMember, over: Record<string, unknown> = {}) =>
    placeOrder(t, m, { serviceId, link: `https://instagram.com/p/mt${Math.random()}`, amount: 100, ...over });
  const counts = async () =>
    (
      await sql<{ orders: number; autoOrders: number; subscriptions: number; charges: number; ledger: number }>(
        t,
        `select (select count(*)::int from service_order) as orders, (select count(*)::int from auto_order) as "autoOrders",
                (select count(*)::int from order_subscription) as subscriptions,
                (select count(*)::int from charge) as charges, (select count(*)::int from point_ledger_entry) as ledger`,
        [],
      )
    )[0]!;

  it('a scheduled window by the Clock: open before FROM, refusing from FROM, ending by itself at UNTIL', async () => {
    const from = iso(HOUR);
    const until = iso(3 * HOUR);
    const saved = await save({
      ENABLE_SERVICE_CHECK: true,
      SERVICE_CHECK_MESSAGE: MESSAGE,
      SERVICE_CHECK_FROM: from,
      SERVICE_CHECK_UNTIL: until,
    }).expect(200);
    expect(saved.body).toEqual({
      id: 'maintenance',
      values: {
        ENABLE_SERVICE_CHECK: true,
        SERVICE_CHECK_MESSAGE: MESSAGE,
        SERVICE_CHECK_FROM: from,
        SERVICE_CHECK_UNTIL: until,
      },
    });

    note(`PUT /api/admin/settings/maintenance (from +1h, until +3h)`, saved.status, saved.body);
    // Before: announced, not on.
    note('before: GET /api/service/maintenance', 200, await now());
    expect(await now()).toEqual({ active: false, upcoming: true, message: MESSAGE, from, until });
    expect(await publicSwitch()).toBe(false);
    await order(member).expect(201);

    // During: every order refused with the message and the expected end.
    clock(t).travel(HOUR);
    expect(await now()).toEqual({ active: true, upcoming: false, message: MESSAGE, from, until });
    expect(await publicSwitch()).toBe(true);
    const refused = await order(member).expect(400);
    note('during: GET /api/service/maintenance', 200, await now());
    note('during: POST /api/service/order', refused.status, refused.body);
    expect(refused.body).toEqual({
      statusCode: 400,
      code: 'SERVICE_CHECK',
      message: `${MESSAGE} (점검 종료 예정: ${koreanDateTime(until)})`,
    });
    expect(koreanDateTime(until)).toMatch(/^\d{4}년 \d{1,2}월 \d{1,2}일 \([월화수목금토일]\) \d{2}:\d{2}$/);

    // A minute before the end still on; at UNTIL it ends by itself, the switch untouched.
    clock(t).travel(2 * HOUR - 60_000);
    expect((await now()).active).toBe(true);
    clock(t).travel(60_000);
    expect(await now()).toEqual({ active: false, upcoming: false, message: MESSAGE, from, until });
    expect(await t.app.get(SettingsService).get('ENABLE_SERVICE_CHECK')).toBe(true);
    const after = await order(member).expect(201);
    note('after UNTIL: GET /api/service/maintenance', 200, await now());
    note('after UNTIL: POST /api/service/order', after.status, after.body);
  });

  it('the switch arms the window: off means open whatever the window; on without a window lasts until turned off', async () => {
    await save({ SERVICE_CHECK_FROM: iso(-HOUR), SERVICE_CHECK_UNTIL: iso(HOUR) }).expect(200);
    expect((await now()).active).toBe(false);
    await order(member).expect(201);

    await save({ ENABLE_SERVICE_CHECK: true, SERVICE_CHECK_FROM: '', SERVICE_CHECK_UNTIL: '' }).expect(200);
    clock(t).travel(400 * 24 * HOUR);
    expect(await now()).toEqual({
      active: true,
      upcoming: false,
      message: MAINTENANCE_MESSAGES.default,
      from: null,
      until: null,
    });
    // No message and no end written: the default message alone.
    expect((await order(member).expect(400)).body.message).toBe(MAINTENANCE_MESSAGES.default);

    await save({ ENABLE_SERVICE_CHECK: false }).expect(200);
    await order(member).expect(201);
  });

  it('every order and charge is refused with the message, changing nothing', async () => {
    const until = iso(2 * HOUR);
    await save({ ENABLE_SERVICE_CHECK: true, SERVICE_CHECK_MESSAGE: MESSAGE, SERVICE_CHECK_UNTIL: until }).expect(200);
    const refusal = `${MESSAGE} (점검 종료 예정: ${koreanDateTime(until)})`;
    const before = await counts();
    const memberBefore = await footprint(t, member.id);
    const resellerBefore = await footprint(t, reseller.id);
    const auth = bearer(member.token);

    // Storefront: an order, an auto-order, a subscription, a mass order.
    expect((await order(member).expect(400)).body).toMatchObject({ code: 'SERVICE_CHECK', message: refusal });
    expect((await order(member, { amount: 10, runs: 3, interval: 60 }).expect(400)).body.message).toBe(refusal);
    const subscription = await t.http
      .post('/api/service/subscriptions')
      .set('Authorization', auth)
      .send({ serviceId: subServiceId, username: 'kim.insta', min: 10, max: 20, posts: 2, delay: 0, expiry: '' })
      .expect(400);
    expect(subscription.body.message).toBe(refusal);
    const lines = `${serviceId} | https://instagram.com/p/mass-mt | 100`;
    const mass = await t.http
      .post('/api/service/orders/mass')
      .set('Authorization', auth)
      .send({ orders: lines })
      .expect(400);
    expect(mass.body.message).toBe(refusal);
    // The preview still prices the lines (placing nothing).
    const preview = await t.http
      .post('/api/service/orders/mass?preview')
      .set('Authorization', auth)
      .send({ orders: lines })
      .expect(200);
    expect(preview.body).toMatchObject({ count: 1, errors: 0, placed: false, total: 300 });

    // API: v2 add answers {"error": message}; v1 the refusal.
    const added = await v2(t, {
      key: reseller.apiKey,
      action: 'add',
      service: serviceId,
      link: 'https://instagram.com/p/v2mt',
      quantity: 100,
    }).expect(200);
    expect(added.body).toEqual({ error: refusal });
    note('during: POST /api/v2 action=add', added.status, added.body);
    const drip = await v2(t, {
      key: reseller.apiKey,
      action: 'add',
      service: serviceId,
      link: 'https://instagram.com/p/v2mt2',
      quantity: 10,
      runs: 2,
      interval: 60,
    }).expect(200);
    expect(drip.body).toEqual({ error: refusal });
    const sub = await v2(t, {
      key: reseller.apiKey,
      action: 'add',
      service: subServiceId,
      username: 'kim.insta',
      min: 10,
      max: 20,
      posts: 2,
    }).expect(200);
    expect(sub.body).toEqual({ error: refusal });
    const placedV1 = await v1
      .order(t, reseller.apiKey, { serviceId, link: 'https://instagram.com/p/v1mt', amount: 100 })
      .expect(400);
    expect(placedV1.body.message).toBe(refusal);

    // Charges: a bank-transfer request and a Toss checkout.
    const bank = await t.http
      .post('/api/service/point')
      .set('Authorization', auth)
      .send({ name: '홍길동', point: 10_000, feeType: 'NONE' })
      .expect(400);
    expect(bank.body).toMatchObject({ code: 'SERVICE_CHECK', message: refusal });
    note('during: POST /api/service/point', bank.status, bank.body);
    const card = await t.http
      .post('/api/service/point/toss')
      .set('Authorization', auth)
      .send({ point: 10_000, method: 'CARD' })
      .expect(400);
    expect(card.body).toMatchObject({ code: 'SERVICE_CHECK', message: refusal });
    note('during: POST /api/service/point/toss', card.status, card.body);
    note('during: POST /api/service/orders/mass', mass.status, mass.body);
    note('during: POST /api/service/subscriptions', subscription.status, subscription.body);

    expect(await counts()).toEqual(before);
    note('rows (orders, auto-orders, subscriptions, charges, ledger) before = after', 0, await counts());
    expect(await footprint(t, member.id)).toEqual(memberBefore);
    expect(await footprint(t, reseller.id)).toEqual(resellerBefore);
  });

  it('login, sign-up, the account page, balances and the histories keep working', async () => {
    const ordered = (await order(member).expect(201)).body.orderId as number;
    await save({ ENABLE_SERVICE_CHECK: true, SERVICE_CHECK_MESSAGE: MESSAGE }).expect(200);
    const login = await t.http
      .post('/api/auth/login')
      .set('X-Forwarded-For', clientIp())
      .send({ id: member.loginId, password: member.password })
      .expect(200);
    const auth = bearer(login.body.accessToken as string);
    const profile = await t.http.get('/api/auth/profile').set('Authorization', auth).expect(200);
    expect(profile.body).toMatchObject({ id: member.loginId, point: Number(await balance(t, member.id)) });
    const history = await t.http.get('/api/service/order-history').set('Authorization', auth).expect(200);
    expect(JSON.stringify(history.body)).toContain(`${ordered}`);
    await t.http.get('/api/service/auto-order-history').set('Authorization', auth).expect(200);
    await t.http.get('/api/service/point-history').set('Authorization', auth).expect(200);
    // Signing up works too (a new member can look around and order once it ends); 가입경로 from the demo content.
    await seedDemoContent(t.app);
    const fresh = await registerReferred(t, '', `mt${process.env.JEST_WORKER_ID}x${Date.now() % 1_000_000}`);
    await t.http.get('/api/auth/profile').set('Authorization', bearer(fresh.token)).expect(200);
    const apiBalance = await v2(t, { key: reseller.apiKey, action: 'balance' }).expect(200);
    expect(apiBalance.body).toMatchObject({ currency: 'KRW' });
    const status = await v2(t, { key: reseller.apiKey, action: 'services' }).expect(200);
    expect(Array.isArray(status.body)).toBe(true);
  });

  it('operators keep full access: settings, and accepting a charge asked for before', async () => {
    const charge = await openCharge(t, member, 20_000);
    await save({ ENABLE_SERVICE_CHECK: true, SERVICE_CHECK_MESSAGE: MESSAGE }).expect(200);
    const start = await balance(t, member.id);
    await t.http.post(`/api/admin/charges/${charge.chargeId}/accept`).set('Authorization', admin).expect(200);
    expect(await balance(t, member.id)).toBe(start + 20_000n);
    await t.http
      .put('/api/admin/settings/SITE_KAKAO_TEXT')
      .set('Authorization', admin)
      .send({ value: '점검 중 문의는 카카오 채널로' })
      .expect(200);
    await t.http.get('/api/admin/orders').set('Authorization', admin).expect(200);
    const service = await t.http
      .put(`/api/admin/services/${serviceId}`)
      .set('Authorization', admin)
      .send({ notice: '점검 후 재개' });
    expect(service.status).toBe(200);
  });

  it('the switch, the message and the window are audited, each change with its before and after', async () => {
    const from = iso(HOUR);
    const until = iso(2 * HOUR);
    await save({
      ENABLE_SERVICE_CHECK: true,
      SERVICE_CHECK_MESSAGE: MESSAGE,
      SERVICE_CHECK_FROM: from,
      SERVICE_CHECK_UNTIL: until,
    }).expect(200);
    await t.http
      .put('/api/admin/settings/ENABLE_SERVICE_CHECK')
      .set('Authorization', admin)
      .send({ value: false })
      .expect(200);
    const rows = async (key: string) =>
      (await auditOf(t, 'settings', key)).map((r) => ({
        action: r.action,
        by: r.operatorLoginId,
        before: r.before,
        after: r.after,
      }));
    expect((await rows('ENABLE_SERVICE_CHECK')).slice(-2)).toEqual([
      { action: 'update', by: 'operator', before: { value: false }, after: { value: true } },
      { action: 'update', by: 'operator', before: { value: true }, after: { value: false } },
    ]);
    expect((await rows('SERVICE_CHECK_MESSAGE')).at(-1)).toEqual({
      action: 'update',
      by: 'operator',
      before: { value: '' },
      after: { value: MESSAGE },
    });
    expect((await rows('SERVICE_CHECK_FROM')).at(-1)?.after).toEqual({ value: from });
    expect((await rows('SERVICE_CHECK_UNTIL')).at(-1)?.after).toEqual({ value: until });
  });

  it('refuses a bad window or message with its reason, changing nothing; a whole window moves in one save', async () => {
    const from = iso(HOUR);
    const until = iso(2 * HOUR);
    await save({ ENABLE_SERVICE_CHECK: true, SERVICE_CHECK_FROM: from, SERVICE_CHECK_UNTIL: until }).expect(200);
    const stored = async () => (await t.http.get('/api/admin/settings').set('Authorization', admin).expect(200)).body;
    const before = await stored();

    const backwards = await save({ SERVICE_CHECK_UNTIL: iso(30 * 60_000) }).expect(400);
    expect(backwards.body).toEqual({
      statusCode: 400,
      code: 'SERVICE_CHECK_UNTIL_BEFORE_FROM',
      message: `점검 종료 예정 (한국 시간, 비우면 끌 때까지)(SERVICE_CHECK_UNTIL): ${MAINTENANCE_MESSAGES.untilBeforeFrom}`,
    });
    // One key at a time is checked against the stored other end too.
    const alone = await t.http
      .put('/api/admin/settings/SERVICE_CHECK_FROM')
      .set('Authorization', admin)
      .send({ value: iso(5 * HOUR) })
      .expect(400);
    expect(alone.body.code).toBe('SERVICE_CHECK_UNTIL_BEFORE_FROM');
    const long = await save({ SERVICE_CHECK_MESSAGE: '가'.repeat(MAINTENANCE_MESSAGE_MAX + 1) }).expect(400);
    expect(long.body.message).toContain(MAINTENANCE_MESSAGES.messageTooLong);
    const bad = await save({ SERVICE_CHECK_FROM: '내일 아침' }).expect(400);
    expect(bad.body.message).toContain(MAINTENANCE_MESSAGES.dateInvalid);
    const passed = await save({ SERVICE_CHECK_FROM: '', SERVICE_CHECK_UNTIL: iso(-60_000) }).expect(400);
    expect(passed.body.code).toBe('SERVICE_CHECK_UNTIL_PASSED');
    await save({ SITE_NAME: '다른 설정' }).expect(400);
    expect(await stored()).toEqual(before);

    // Moving the window past its old end in one save is one valid change.
    const later = { SERVICE_CHECK_FROM: iso(5 * HOUR), SERVICE_CHECK_UNTIL: iso(6 * HOUR) };
    await save(later).expect(200);
    expect(await now()).toMatchObject({ active: false, upcoming: true, from: later.SERVICE_CHECK_FROM });
    // A message at the limit is taken.
    await save({ SERVICE_CHECK_MESSAGE: '가'.repeat(MAINTENANCE_MESSAGE_MAX) }).expect(200);
    // Only operators with the settings permission write it; members and visitors do not.
    await t.http
      .put('/api/admin/settings/maintenance')
      .set('Authorization', bearer(member.token))
      .send({ values: {} })
      .expect(401);
  });

  it('running orders are still sent, synced and run by the jobs while the shop is in maintenance', async () => {
    await t.app.get(OrderSender).runOnce(); // the earlier tests' orders, so the count below is this test's
    const m = await createMember(t);
    await fund(t, m.id, 100_000n);
    const [single] = await placeOrders(t, m.id, serviceId, 1, 100);
    const auto = (await order(m, { amount: 10, runs: 3, interval: 60 }).expect(201)).body as {
      orderId: number;
      autoOrderId: number;
    };
    await save({ ENABLE_SERVICE_CHECK: true, SERVICE_CHECK_MESSAGE: MESSAGE }).expect(200);
    expect((await now()).active).toBe(true);

    const sent = await t.app.get(OrderSender).runOnce();
    note('in maintenance: OrderSender.runOnce()', 0, sent);
    expect(sent.sent).toBe(2);
    const dispatched = await ordersById(t, [single!, auto.orderId]);
    expect(dispatched.get(single!)).toMatchObject({
      status: OrderStatus.PROCESSING,
      providerOrderId: expect.any(String),
    });
    fake.setOrder(dispatched.get(single!)!.providerOrderId!, { status: 'Completed', startCount: 10, remains: 0 });
    clock(t).travel(SYNC_SPACING_MS + 1000);
    await t.app.get(OrderSync).runOnce();
    expect((await ordersById(t, [single!])).get(single!)!.status).toBe(OrderStatus.COMPLETED);

    // The auto-order's next run starts on time (paid up front, no new debit).
    clock(t).travel(60 * 60_000);
    const paid = await balance(t, m.id);
    expect(await t.app.get(AutoOrderRunsJob).runOnce()).toBeGreaterThanOrEqual(1);
    const runs = await sql<{ n: number }>(t, 'select count(*)::int as n from service_order where auto_order_id = ?', [
      auto.autoOrderId,
    ]);
    expect(runs[0]!.n).toBe(2);
    expect(await balance(t, m.id)).toBe(paid);
    expect((await now()).active).toBe(true);
  });
});
