import pg from 'pg';
import { startReplica, startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { startFakeTelegram, type FakeTelegram } from '../../support/fake-telegram.js';
import { bearer, configureBilling, openCharge } from '../billing/billing-support.js';
import { addProvider, createService, fund, ordersById, placeOrders } from '../fulfilment/helpers.js';
import { AlertSenderJob } from '../../../server/src/modules/alerts/index.js';
import { OrderSender, OrderSync, ProviderBalanceAlertJob } from '../../../server/src/modules/fulfilment/index.js';
import { setSettings } from '../../support/identity.js';
import { createServer } from '../../../server/src/bootstrap.js';
import { ConfigError } from '../../../server/src/config/index.js';
import { Clock } from '../../../server/src/shared/index.js';

/** Issue 16 item 5: operator alerts by Telegram (a loopback fake of the Bot API) and by mail (the outbox). */
describe('operator alerts', () => {
  let t: TestApp;
  let telegram: FakeTelegram;
  let admin: string;
  const OPERATOR_EMAIL = 'ops@example.com';
  const send = () => t.app.get(AlertSenderJob).runOnce();
  let env: Record<string, string>;

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    env = {
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_CHAT_ID: telegram.chatId,
      TELEGRAM_API_URL: telegram.url,
      OPERATOR_EMAIL,
      BANK_ALERT_KEY: 'bank-alert-secret-0123456789',
    };
    t = await startTestApp(env);
    admin = bearer(await t.operatorToken());
    await configureBilling(t);
  });
  afterAll(async () => {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    const rows = (
      await client.query(
        'select id, kind, status, attempts, dedupe_key, sent_at is not null as sent, mailed_at is not null as mailed, last_error from operator_alert order by id',
      )
    ).rows;
    await client.end();
    console.log(
      `operator_alert after the run:\n${rows.map((r) => `  ${String(r.id).padStart(3)} ${r.kind.padEnd(18)} ${r.status.padEnd(7)} attempts=${r.attempts} sent=${r.sent} mailed=${r.mailed} ${r.dedupe_key}${r.last_error ? ` last_error="${r.last_error}"` : ''}`).join('\n')}`,
    );
    console.log(
      `Telegram messages:\n${telegram.sent.map((m) => `  #${m.messageId} ${m.text.split('\n').slice(0, 3).join(' | ')}`).join('\n')}`,
    );
    await t.close();
    await telegram.close();
  });

  const outboxTo = async () =>
    (
      await t.http
        .get(
          `/api/admin/outbox?filter=${encodeURIComponent(JSON.stringify({ recipient: OPERATOR_EMAIL }))}&_start=0&_end=1000`,
        )
        .set('Authorization', admin)
        .expect(200)
    ).body as { subject: string; body: string }[];

  it('a new charge request: one Telegram message, one mail, once', async () => {
    const m = await createMember(t);
    const charge = await openCharge(t, m, 10_000, '알림테스트');
    const mailsBefore = (await outboxTo()).length;
    expect(await send()).toBe(1);
    expect(await send()).toBe(0);
    expect(telegram.sent).toHaveLength(1);
    expect(telegram.sent[0]!.text).toBe(
      `[SMM 알림] 새 충전 요청 #${charge.chargeId}: 회원 #${m.id}, 입금자명 알림테스트, 입금액 10,000원`,
    );
    const mails = await outboxTo();
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.some((mail) => mail.body === telegram.sent[0]!.text)).toBe(true);
    const list = await t.http
      .get('/api/admin/alerts?_sort=id&_order=DESC&_start=0&_end=10')
      .set('Authorization', admin)
      .expect(200);
    expect(list.headers['content-range']).toBe('alerts 0-0/1');
    expect(list.body[0]).toMatchObject({
      kind: 'CHARGE_REQUEST',
      status: 'SENT',
      attempts: 1,
      dedupeKey: `charge:${charge.chargeId}`,
    });
    await t.http.get(`/api/admin/alerts/${list.body[0].id}`).set('Authorization', admin).expect(200);
    await t.http.get('/api/admin/alerts').expect(401);
  });

  it('an unmatched deposit: one message', async () => {
    const before = telegram.sent.length;
    const deposit = await t.http
      .post('/api/admin/deposits')
      .set('x-bank-alert-key', 'bank-alert-secret-0123456789')
      .send({
        bankTransactionId: 'ALERT-1',
        depositorName: '모르는사람',
        amount: 12_345,
        depositedAt: new Date().toISOString(),
      })
      .expect(201);
    expect(deposit.body.status).toBe('UNMATCHED');
    // The bank's retry of the same transaction raises nothing new.
    await t.http.post('/api/admin/deposits').set('x-bank-alert-key', 'bank-alert-secret-0123456789').send({
      bankTransactionId: 'ALERT-1',
      depositorName: '모르는사람',
      amount: 12_345,
      depositedAt: new Date().toISOString(),
    });
    expect(await send()).toBe(1);
    expect(telegram.sent.slice(before).map((m) => m.text)).toEqual([
      `[SMM 알림] 확인되지 않은 입금 #${deposit.body.id}: 입금자명 모르는사람, 12,345원`,
    ]);
  });

  it('a burst of 20 charge requests becomes one summary, sent once by two replicas ticking together', async () => {
    const replica = await startReplica(t, env);
    try {
      const before = telegram.sent.length;
      for (let i = 0; i < 4; i++) {
        const m = await createMember(t);
        for (let j = 0; j < 5; j++) await openCharge(t, m, 10_000 + j, `버스트${i}${j}`);
      }
      const handled = await Promise.all([
        send(),
        replica.app.get(AlertSenderJob).runOnce(),
        send(),
        replica.app.get(AlertSenderJob).runOnce(),
      ]);
      expect(handled.reduce((a, b) => a + b, 0)).toBe(20);
      const sent = telegram.sent.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.text.split('\n')[0]).toBe('[SMM 알림] 새 알림 20건');
      expect(sent[0]!.text.split('\n')).toHaveLength(21);
      const summary = (await outboxTo()).filter((mail) => mail.subject === '[SMM 알림] 새 알림 20건');
      expect(summary).toHaveLength(1);
    } finally {
      await replica.close();
    }
  });

  it('Telegram 429: waits retry_after, then sends once; a 500 is retried with backoff', async () => {
    const before = telegram.sent.length;
    const mailsBefore = (await outboxTo()).length;
    telegram.failNext({ code: 429, retryAfter: 7 });
    const m = await createMember(t);
    await openCharge(t, m, 10_000, '재시도');
    expect(await send()).toBe(1);
    expect(telegram.sent.length).toBe(before);
    const [row] = (
      await t.http.get('/api/admin/alerts?_sort=id&_order=DESC&_start=0&_end=1').set('Authorization', admin).expect(200)
    ).body;
    expect(row).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: 'Telegram answered 429: Too Many Requests: retry after 7',
    });
    // The mail went at the first attempt and is not repeated.
    expect((await outboxTo()).length).toBe(mailsBefore + 1);
    expect(await send()).toBe(0);
    t.app.get(Clock).travel(8_000);
    telegram.failNext({ code: 500 });
    expect(await send()).toBe(1);
    expect(telegram.sent.length).toBe(before);
    t.app.get(Clock).travel(31_000);
    expect(await send()).toBe(0);
    t.app.get(Clock).travel(30_000);
    expect(await send()).toBe(1);
    expect(telegram.sent.slice(before).map((s) => s.text)).toHaveLength(1);
    const [after] = (
      await t.http.get('/api/admin/alerts?_sort=id&_order=DESC&_start=0&_end=1').set('Authorization', admin).expect(200)
    ).body;
    expect(after).toMatchObject({ status: 'SENT', attempts: 3, lastError: null });
    expect((await outboxTo()).length).toBe(mailsBefore + 1);
  });

  it('an order held [확인 필요] by the status sync: one message', async () => {
    const fake = await FakeProvider.start();
    try {
      const providerId = await addProvider(t, fake);
      const serviceId = (await createService(t, { providerId, providerServiceId: '1', point: '7' })).id;
      const member = await createMember(t);
      await fund(t, member.id, 100_000n);
      const [id] = await placeOrders(t, member.id, serviceId, 1);
      await t.app.get(OrderSender).runOnce(1);
      const order = (await ordersById(t, [id!])).get(id!)!;
      fake.setOrder(order.providerOrderId!, { status: 'Mystery state', remains: '0' });
      t.app.get(Clock).travel(10 * 60_000);
      const stats = await t.app.get(OrderSync).runOnce();
      expect(stats.flagged).toBe(1);
      const before = telegram.sent.length;
      expect(await send()).toBe(1);
      const texts = telegram.sent.slice(before).map((s) => s.text);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatch(new RegExp(`^\\[SMM 알림\\] 주문 #${id} 확인 필요: \\[확인 필요\\]`));
    } finally {
      await fake.close();
    }
  });

  it('a provider balance below ALERT_PROVIDER_BALANCE_MIN: one message a day; off when unset', async () => {
    const fake = await FakeProvider.start();
    try {
      await addProvider(t, fake);
      fake.balance = { balance: '4999.50', currency: 'KRW' };
      expect(await t.app.get(ProviderBalanceAlertJob).runOnce()).toEqual([]);
      await setSettings(t, { ALERT_PROVIDER_BALANCE_MIN: '5000' });
      const before = telegram.sent.length;
      expect(await t.app.get(ProviderBalanceAlertJob).runOnce()).toHaveLength(1);
      expect(await t.app.get(ProviderBalanceAlertJob).runOnce()).toHaveLength(1);
      expect(await send()).toBe(1);
      const texts = telegram.sent.slice(before).map((m) => m.text);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatch(/^\[SMM 알림\] 공급사 .+ 잔액 4999\.5 KRW: 기준 5,000 미만입니다\. 충전해 주세요\.$/);
      fake.balance = { balance: '6000', currency: 'KRW' };
      expect(await t.app.get(ProviderBalanceAlertJob).runOnce()).toEqual([]);
    } finally {
      await setSettings(t, { ALERT_PROVIDER_BALANCE_MIN: '' });
      await fake.close();
    }
  });

  it('ALERT_PROVIDER_ERRORS (3) sends failing in a row: one message; a success starts the count again', async () => {
    const fake = await FakeProvider.start();
    try {
      await setSettings(t, { ALERT_PROVIDER_ERRORS: '3' });
      const providerId = await addProvider(t, fake);
      const serviceId = (await createService(t, { providerId, providerServiceId: '1', point: '7' })).id;
      const member = await createMember(t);
      await fund(t, member.id, 1_000_000n);
      fake.on('add', () => ({ body: { error: 'Not enough funds on balance' } }));
      const before = telegram.sent.length;
      // Two failures, then (after the backoff) two more: the third in a row raises the alert, once.
      await placeOrders(t, member.id, serviceId, 2);
      await t.app.get(OrderSender).runOnce();
      expect(await send()).toBe(0);
      await placeOrders(t, member.id, serviceId, 2);
      await t.app.get(OrderSender).runOnce();
      expect(await send()).toBe(1);
      const texts = telegram.sent.slice(before).map((m) => m.text);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatch(
        new RegExp(`^\\[SMM 알림\\] 공급사 .+\\(#${providerId}\\) 주문 전송이 4번 연속 실패했습니다: `),
      );
      // A success resets the count; the next failures alert only at 3 again.
      fake.clearScripts();
      await placeOrders(t, member.id, serviceId, 1);
      t.app.get(Clock).travel(60 * 60_000);
      await t.app.get(OrderSender).runOnce();
      const c = new pg.Client({ connectionString: t.databaseUrl });
      await c.connect();
      const row = (await c.query('select consecutive_errors from provider where id = $1', [providerId])).rows[0];
      await c.end();
      expect(row.consecutive_errors).toBe(0);
    } finally {
      await setSettings(t, { ALERT_PROVIDER_ERRORS: '' });
      await fake.close();
    }
  });

  it('a Telegram token without a chat id (or the reverse) stops the start with one line', async () => {
    await expect(
      createServer({
        env: { NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, TELEGRAM_BOT_TOKEN: 'x:y', TELEGRAM_CHAT_ID: '' },
      }),
    ).rejects.toThrow(
      new ConfigError(
        'Invalid environment: TELEGRAM_BOT_TOKEN is set without TELEGRAM_CHAT_ID: set both for Telegram alerts, or neither',
      ),
    );
    await expect(
      createServer({
        env: { NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, TELEGRAM_CHAT_ID: '42', TELEGRAM_BOT_TOKEN: '' },
      }),
    ).rejects.toThrow(/^Invalid environment: TELEGRAM_CHAT_ID is set without TELEGRAM_BOT_TOKEN/);
  });
});
