import { MikroORM } from '@mikro-orm/postgresql';
import { startReplica, startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { webhookReseller } from './helpers.js';
import { Clock } from '../../../server/src/shared/index.js';
import { DeliveryFacade, DeliverySender, DELIVERY_LEASE } from '../../../server/src/modules/delivery/index.js';
import { Delivery } from '../../../server/src/modules/delivery/entities.js';
import { OrderSender, OrderSync, SYNC_SPACING_MS } from '../../../server/src/modules/fulfilment/index.js';
import { renewKey } from '../reseller/fixtures.js';
import { addProvider, admin, createService, fund, ordersById, placeOrders } from '../fulfilment/helpers.js';

const bearer = (m: TestMember) => `Bearer ${m.token}`;

describe('reseller webhooks', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let receiver: WebhookReceiver;
  const receivers: WebhookReceiver[] = [];
  let serviceId: number;
  const send = () => t.app.get(DeliverySender).runOnce();
  const deliveriesOf = (memberId: number) =>
    t.app
      .get(MikroORM)
      .em.fork()
      .find(Delivery, { memberId, channel: 'WEBHOOK' }, { orderBy: { id: 'ASC' } });

  /** A member with a webhook pointing at a receiver of its own (`receiver`, verifying with the member's secret). */
  const reseller = async () => {
    const made = await webhookReseller(t);
    receiver = made.receiver;
    receivers.push(receiver);
    return made.member;
  };

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start();
    const providerId = await addProvider(t, fake);
    serviceId = (await createService(t, { providerId, providerServiceId: '1', point: '7' })).id;
  });
  afterAll(async () => {
    for (const r of receivers) await r.close().catch(() => undefined);
    await fake.close();
    await t.close();
  });

  it('shows the secret once (create, rotate), then only its hint; bad input is a Korean 400 and changes nothing', async () => {
    const member = await createMember(t);
    const auth = bearer(member);
    expect((await t.http.get('/api/auth/webhook').set('Authorization', auth).expect(200)).body).toEqual({
      url: null,
      secretHint: null,
    });
    await t.http.post('/api/auth/webhook/rotate').set('Authorization', auth).expect(409);
    const bad = await t.http.put('/api/auth/webhook').set('Authorization', auth).send({ url: 'ftp://x' }).expect(400);
    expect(bad.body.message).toMatch(/웹훅 URL/);
    await t.http.put('/api/auth/webhook').set('Authorization', auth).send({}).expect(400);
    const set = await t.http
      .put('/api/auth/webhook')
      .set('Authorization', auth)
      .send({ url: 'https://hooks.example.com/smm' })
      .expect(200);
    expect(set.body).toEqual({
      url: 'https://hooks.example.com/smm',
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      secretHint: `…${set.body.secret.slice(-4)}`,
    });
    // Shown once: GET names it by its last 4 characters only.
    expect((await t.http.get('/api/auth/webhook').set('Authorization', auth).expect(200)).body).toEqual({
      url: 'https://hooks.example.com/smm',
      secretHint: set.body.secretHint,
    });
    // A new URL keeps the secret and does not show it.
    const moved = await t.http
      .put('/api/auth/webhook')
      .set('Authorization', auth)
      .send({ url: 'https://hooks.example.com:8443/smm' })
      .expect(200);
    expect(moved.body).toEqual({ url: 'https://hooks.example.com:8443/smm', secretHint: set.body.secretHint });
    const rotated = await t.http.post('/api/auth/webhook/rotate').set('Authorization', auth).expect(200);
    expect(rotated.body).toEqual({
      url: 'https://hooks.example.com:8443/smm',
      secret: expect.stringMatching(/^whsec_/),
      secretHint: `…${rotated.body.secret.slice(-4)}`,
    });
    expect(rotated.body.secret).not.toBe(set.body.secret);
    expect((await t.http.get('/api/auth/webhook').set('Authorization', auth).expect(200)).body).toEqual({
      url: 'https://hooks.example.com:8443/smm',
      secretHint: rotated.body.secretHint,
    });
    // Sealed at rest: the stored value is neither the secret nor anything that contains it.
    const [stored] = await t.app
      .get(MikroORM)
      .em.getConnection()
      .execute<{ secret_sealed: string }[]>('select secret_sealed from webhook_endpoint where member_id = ?', [
        member.id,
      ]);
    expect(stored!.secret_sealed).toMatch(/^v1\./);
    expect(stored!.secret_sealed).not.toContain(rotated.body.secret.slice(6));
    await t.http.get('/api/auth/webhook').expect(401);
  });

  it('a receiver keeps verifying with the secret shown at creation after a URL change, and with the rotated one after', async () => {
    const member = await reseller();
    const auth = bearer(member);
    const first = await startWebhookReceiver();
    receivers.push(first);
    first.secret = receiver.secret;
    const moved = await t.http.put('/api/auth/webhook').set('Authorization', auth).send({ url: first.url }).expect(200);
    expect(moved.body.secret).toBeUndefined();
    await t.http.post('/api/auth/webhook/test').set('Authorization', auth).expect(200);
    await send();
    expect(first.verified.map((r) => r.verified!.type)).toEqual(['webhook.test']);
    const rotated = await t.http.post('/api/auth/webhook/rotate').set('Authorization', auth).expect(200);
    await t.http.post('/api/auth/webhook/test').set('Authorization', auth).expect(200);
    await send();
    // Signed with the new secret: the old one no longer verifies, the new one does.
    expect(first.received.at(-1)!.verified).toBeNull();
    first.secret = rotated.body.secret;
    await t.http.post('/api/auth/webhook/test').set('Authorization', auth).expect(200);
    await send();
    expect(first.verified).toHaveLength(2);
  });

  it('takes webhook URLs on ports 80, 443, 8080 and 8443 only (a Korean 400, nothing changed)', async () => {
    const member = await createMember(t);
    const auth = bearer(member);
    const set = await t.http
      .put('/api/auth/webhook')
      .set('Authorization', auth)
      .send({ url: 'https://hooks.example.com/smm' })
      .expect(200);
    for (const url of [
      'https://hooks.example.com:2375/smm',
      'http://hooks.example.com:6379/',
      'https://hooks.example.com:22/x',
      'http://8.8.8.8:5432/x',
    ]) {
      const res = await t.http.put('/api/auth/webhook').set('Authorization', auth).send({ url }).expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        code: 'WEBHOOK_PORT_NOT_ALLOWED',
        message: '웹훅 URL의 포트는 80, 443, 8080, 8443 중 하나여야 합니다.',
      });
    }
    expect((await t.http.get('/api/auth/webhook').set('Authorization', auth).expect(200)).body).toEqual({
      url: 'https://hooks.example.com/smm',
      secretHint: set.body.secretHint,
    });
    for (const url of [
      'http://hooks.example.com:8080/a',
      'https://hooks.example.com:8443/b',
      'http://hooks.example.com:80/c',
    ])
      await t.http.put('/api/auth/webhook').set('Authorization', auth).send({ url }).expect(200);
  });

  it('refuses any other port on a strict server too, loopback included (the test allowance is ALLOW_PRIVATE_PROVIDER_URLS only)', async () => {
    const strict = await startReplica(t, { ALLOW_PRIVATE_PROVIDER_URLS: 'false' });
    try {
      const member = await createMember(strict);
      const res = await strict.http
        .put('/api/auth/webhook')
        .set('Authorization', bearer(member))
        .send({ url: receiver.url })
        .expect(400);
      expect(res.body.code).toBe('WEBHOOK_PORT_NOT_ALLOWED');
      expect((await strict.http.get('/api/auth/webhook').set('Authorization', bearer(member))).body.url).toBeNull();
    } finally {
      await strict.close();
    }
  });

  it('refuses a URL on a private address as provider URLs are refused (unless ALLOW_PRIVATE_PROVIDER_URLS)', async () => {
    const strict = await startReplica(t, { ALLOW_PRIVATE_PROVIDER_URLS: 'false' });
    try {
      const member = await createMember(strict);
      for (const url of ['http://127.0.0.1/x', 'http://169.254.169.254/latest', 'http://10.0.0.5:8080/hook']) {
        const res = await strict.http
          .put('/api/auth/webhook')
          .set('Authorization', bearer(member))
          .send({ url })
          .expect(400);
        expect(res.body.message).toMatch(/내부망/);
      }
      expect((await strict.http.get('/api/auth/webhook').set('Authorization', bearer(member))).body.url).toBeNull();
    } finally {
      await strict.close();
    }
  });

  it('a status sync sends order.updated with the v2 status fields, signed per Standard Webhooks', async () => {
    const member = await reseller();
    await fund(t, member.id, 1_000_000n);
    const [orderId] = await placeOrders(t, member.id, serviceId, 1, 100);
    await t.app.get(OrderSender).runOnce(10);
    const order = (await ordersById(t, [orderId!])).get(orderId!)!;
    fake.setOrder(order.providerOrderId!, { status: 'Partial', startCount: '1200', remains: '40' });
    t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
    await t.app.get(OrderSync).runOnce();
    receiver.received.length = 0;
    // One update of an order per claim: the next goes once the one before it is delivered.
    for (let i = 0; i < 5 && (await send()) > 0; i++);
    const updates = receiver.verified.filter((r) => r.verified!.type === 'order.updated');
    // Processing (accepted by the provider), then Partial from the sync, in that order.
    expect(updates.map((r) => r.verified!.data.status)).toEqual(['Processing', 'Partial']);
    expect(receiver.received.every((r) => r.error === null)).toBe(true);
    const partial = updates[1]!;
    const v2 = await t.http
      .post('/api/v2')
      .send({ key: await renewKey(t, member), action: 'status', order: String(orderId) })
      .expect(200);
    expect(partial.verified!.data).toEqual({ order: orderId, ...v2.body });
    // For the closing note: the delivery as the receiver saw it, and what standardwebhooks made of it.
    console.log(
      `order.updated as the receiver saw it:\n${Object.entries(partial.headers)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join(
          '\n',
        )}\n\n  ${partial.body}\n\nnew Webhook(secret).verify(body, headers) →\n  ${JSON.stringify(partial.verified)}`,
    );
    expect(partial.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(partial.headers['webhook-signature']).toMatch(/^v1,/);
    expect(Math.abs(Number(partial.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
    // The refund of the partial order is a balance.changed.
    const balances = receiver.verified
      .filter((r) => r.verified!.type === 'balance.changed')
      .map((r) => r.verified!.data);
    expect(balances).toEqual([
      expect.objectContaining({ kind: 'CHARGE', amount: '1000000', balance: '1000000', currency: 'KRW' }),
      expect.objectContaining({ kind: 'REFUND', amount: String(40 * 7), balance: String(1_000_000 - 700 + 280) }),
    ]);
    // Sent ones are not sent again.
    const seen = receiver.received.length;
    await send();
    expect(receiver.received).toHaveLength(seen);
  });

  it('retries with backoff while the receiver is down and delivers everything in order per order', async () => {
    const member = await reseller();
    await fund(t, member.id, 1_000_000n);
    const ids = await placeOrders(t, member.id, serviceId, 3, 100);
    await receiver.down();
    await t.app.get(OrderSender).runOnce(10);
    // Meanwhile the orders move on: the later updates wait behind the failed ones.
    const orders = await ordersById(t, ids);
    for (const id of ids)
      fake.setOrder(orders.get(id)!.providerOrderId!, { status: 'In progress', startCount: '5', remains: '60' });
    t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
    await t.app.get(OrderSync).runOnce();
    for (const id of ids)
      fake.setOrder(orders.get(id)!.providerOrderId!, { status: 'Completed', startCount: '5', remains: '0' });
    t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
    await t.app.get(OrderSync).runOnce();
    const attempts = async () =>
      (await deliveriesOf(member.id)).filter((d) => d.event === 'order.updated').map((d) => d.attempts);
    await send();
    // The first update of each order failed; the later ones wait behind it.
    expect(await attempts()).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0]);
    const failed = (await deliveriesOf(member.id)).filter((d) => d.attempts === 1);
    expect(failed.map((d) => [d.status, d.lastStatus, d.lastAnswer])).toEqual(
      failed.map(() => ['PENDING', null, 'unreachable (ECONNREFUSED)']),
    );
    t.app.get(Clock).travel(4_000);
    await send();
    expect(await attempts()).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0]); // not due yet: the first retry waits 5 s
    t.app.get(Clock).travel(1_000);
    await send();
    expect(await attempts()).toEqual([2, 2, 2, 0, 0, 0, 0, 0, 0]);
    const rows = (await deliveriesOf(member.id)).filter((d) => d.event === 'order.updated');
    expect(rows.filter((d) => d.attempts === 2)).toHaveLength(3);
    // Second failure: 30 s after that attempt (the test's own wall time has passed since).
    const wait = rows.find((d) => d.attempts === 2)!.nextAttemptAt.getTime() - t.app.get(Clock).now().getTime();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    receiver.received.length = 0;
    await receiver.up();
    t.app.get(Clock).travel(30_000);
    while ((await send()) > 0);
    const byOrder = new Map<number, string[]>();
    for (const r of receiver.verified.filter((r) => r.verified!.type === 'order.updated')) {
      const data = r.verified!.data as { order: number; status: string };
      byOrder.set(data.order, [...(byOrder.get(data.order) ?? []), data.status]);
    }
    for (const id of ids) expect(byOrder.get(id)).toEqual(['Processing', 'In progress', 'Completed']);
    const ids2 = receiver.verified.map((r) => r.headers['webhook-id']);
    expect(new Set(ids2).size).toBe(ids2.length);
  });

  it('writes nothing for a change that rolled back', async () => {
    const member = await reseller();
    const before = (await deliveriesOf(member.id)).length;
    await expect(
      t.app
        .get(MikroORM)
        .em.fork()
        .transactional(async (tx) => {
          await t.app.get(DeliveryFacade).webhookEvent(tx, member.id, 'order.updated', { order: 1 }, 'rolled-back');
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    expect(await deliveriesOf(member.id)).toHaveLength(before);
  });

  it('a slow receiver is sent each message once: a second sender skips what the first has in flight, until its lease ends', async () => {
    const member = await reseller();
    const other = await startReplica(t);
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const rowOf = (id: number) => t.app.get(MikroORM).em.fork().findOneOrFail(Delivery, id);
    // Both replicas at the same time (this suite's clock has travelled).
    other.app.get(Clock).travel(t.app.get(Clock).now().getTime() - other.app.get(Clock).now().getTime());
    try {
      // Answers after 3 s: slow, but within the 5 s timeout.
      receiver.delayMs = 3_000;
      const { id } = await t.app.get(DeliveryFacade).sendTest(member.id);
      const inFlight = t.app.get(DeliverySender).runOnce();
      while (receiver.received.length === 0) await sleep(20);
      expect((await rowOf(id)).status).toBe('SENDING');
      // The other sender's clock is past the first retry's 5 s: still not due, it is in flight.
      other.app.get(Clock).travel(10_000);
      expect(await other.app.get(DeliverySender).runOnce()).toBe(0);
      expect(await inFlight).toBe(1);
      expect(await other.app.get(DeliverySender).runOnce()).toBe(0);
      expect(receiver.received).toHaveLength(1);
      expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 1, lastStatus: 200 });

      // A sender silent past the lease (as if it had died mid-send): the message is claimed again, same webhook-id.
      receiver.received.length = 0;
      await t.app.get(DeliveryFacade).replay(id);
      const stuck = t.app.get(DeliverySender).runOnce();
      while (receiver.received.length === 0) await sleep(20);
      other.app.get(Clock).travel(DELIVERY_LEASE.ms);
      expect(await other.app.get(DeliverySender).runOnce()).toBe(1);
      await stuck;
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
        receiver.received[0]!.headers['webhook-id'],
        receiver.received[0]!.headers['webhook-id'],
      ]);
      expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 3 });
    } finally {
      receiver.delayMs = 0;
      await other.close();
    }
  });

  it('sends a test event, lists the last deliveries with their answers, and replays one with the same webhook-id', async () => {
    const member = await reseller();
    const auth = bearer(member);
    const test = await t.http.post('/api/auth/webhook/test').set('Authorization', auth).expect(200);
    expect(test.body).toMatchObject({ event: 'webhook.test', status: 'PENDING' });
    receiver.received.length = 0;
    await send();
    expect(receiver.verified.map((r) => r.verified!.type)).toEqual(['webhook.test']);
    const list = await t.http.get('/api/auth/webhook/deliveries').set('Authorization', auth).expect(200);
    expect(list.body[0]).toMatchObject({ id: test.body.id, status: 'SENT', attempts: 1, lastStatus: 200 });
    expect(list.body[0].lastAnswer).toContain('received');
    const replay = await t.http
      .post(`/api/auth/webhook/deliveries/${test.body.id}/replay`)
      .set('Authorization', auth)
      .expect(200);
    expect(replay.body.status).toBe('PENDING');
    await send();
    expect(receiver.verified.map((r) => r.headers['webhook-id'])).toEqual([test.body.messageId, test.body.messageId]);
    // Another member's delivery is not theirs to see or replay.
    const other = await createMember(t);
    await t.http
      .post(`/api/auth/webhook/deliveries/${test.body.id}/replay`)
      .set('Authorization', bearer(other))
      .expect(404);
    expect((await t.http.get('/api/auth/webhook/deliveries').set('Authorization', bearer(other))).body).toEqual([]);
    await t.http.post('/api/auth/webhook/deliveries/abc/replay').set('Authorization', auth).expect(400);
  });

  it('gives up after 24 hours and says so', async () => {
    const member = await reseller();
    receiver.status = 500;
    try {
      await t.http.post('/api/auth/webhook/test').set('Authorization', bearer(member)).expect(200);
      for (let i = 0; i < 10; i++) {
        await send();
        t.app.get(Clock).travel(6 * 3_600_000);
      }
      const [row] = (await deliveriesOf(member.id)).filter((d) => d.event === 'webhook.test');
      expect(row!.status).toBe('FAILED');
      expect(row!.lastStatus).toBe(500);
      // 0 h, 6 h, 12 h, 18 h, 24 h: the next (1 h later) would fall past the 24 h.
      expect(row!.attempts).toBe(5);
    } finally {
      receiver.status = 200;
    }
  });

  it('lists every delivery in the console (발송 내역) with recipients masked, and sends one again', async () => {
    const member = await reseller();
    const test = await t.http.post('/api/auth/webhook/test').set('Authorization', bearer(member)).expect(200);
    await send();
    const res = await t.http
      .get('/api/admin/deliveries')
      .query({
        filter: JSON.stringify({ memberId: member.id, channel: 'WEBHOOK' }),
        sort: JSON.stringify(['id', 'DESC']),
      })
      .set('Authorization', await admin(t))
      .expect(200);
    expect(res.headers['content-range']).toMatch(/^deliveries 0-/);
    const row = res.body.find((r: { id: number }) => r.id === test.body.id);
    expect(row).toMatchObject({ channel: 'WEBHOOK', event: 'webhook.test', status: 'SENT', attempts: 1 });
    expect(row.recipient).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/…$/);
    expect(row.payload).toBeUndefined();
    const again = await t.http
      .post(`/api/admin/deliveries/${test.body.id}/resend`)
      .set('Authorization', await admin(t))
      .expect(200);
    expect(again.body.status).toBe('PENDING');
    await t.http.get('/api/admin/deliveries').set('Authorization', bearer(member)).expect(401);
    await t.http
      .get('/api/admin/deliveries')
      .query({ filter: JSON.stringify({ channel: 'PIGEON' }) })
      .set('Authorization', await admin(t))
      .expect(400);
  });
  it('limits webhook tests and replays to 5 a minute per member: the 6th is a Korean 429 and writes nothing', async () => {
    const member = await reseller();
    const auth = bearer(member);
    const other = await reseller();
    const first = await t.http.post('/api/auth/webhook/test').set('Authorization', auth).expect(200);
    for (let i = 0; i < 3; i++) await t.http.post('/api/auth/webhook/test').set('Authorization', auth).expect(200);
    await t.http.post(`/api/auth/webhook/deliveries/${first.body.id}/replay`).set('Authorization', auth).expect(200);
    const before = await deliveriesOf(member.id);
    const refused = await t.http.post('/api/auth/webhook/test').set('Authorization', auth).expect(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      code: 'WEBHOOK_TESTS_TOO_MANY',
      message: '웹훅 테스트와 재발송은 1분에 5번까지 할 수 있습니다. 잠시 후 다시 시도해 주세요.',
    });
    const replay = await t.http
      .post(`/api/auth/webhook/deliveries/${first.body.id}/replay`)
      .set('Authorization', auth)
      .expect(429);
    expect(replay.body.code).toBe('WEBHOOK_TESTS_TOO_MANY');
    expect(await deliveriesOf(member.id)).toEqual(before);
    // Another member's allowance is their own.
    await t.http.post('/api/auth/webhook/test').set('Authorization', bearer(other)).expect(200);
    // Refilled evenly: one more every 12 s.
    t.app.get(Clock).travel(12_000);
    await t.http.post('/api/auth/webhook/test').set('Authorization', auth).expect(200);
    await t.http.post('/api/auth/webhook/test').set('Authorization', auth).expect(429);
  });

  it('the delivery log keeps the status and the answer’s first 200 characters', async () => {
    const member = await reseller();
    receiver.answerBody = `{"note":"${'가'.repeat(1_000)}${'x'.repeat(1_500)}"}`;
    receiver.status = 500;
    try {
      const test = await t.http.post('/api/auth/webhook/test').set('Authorization', bearer(member)).expect(200);
      await send();
      const [row] = (
        await t.http.get('/api/auth/webhook/deliveries').set('Authorization', bearer(member)).expect(200)
      ).body.filter((d: { id: number }) => d.id === test.body.id);
      expect(row).toMatchObject({ status: 'PENDING', lastStatus: 500 });
      expect(row.lastAnswer).toBe(receiver.answerBody.slice(0, 200));
    } finally {
      receiver.answerBody = null;
      receiver.status = 200;
    }
  });
});
