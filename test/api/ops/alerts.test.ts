import pg from 'pg';
import { startReplica, startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { startFakeTelegram, type FakeTelegram } from '../../support/fake-telegram.js';
import { startSmtp, type SmtpCatcher } from '../../support/partners.js';
import { bearer, configureBilling, openCharge } from '../billing/billing-support.js';
import { addProvider, createService, fund, ordersById, placeOrders } from '../fulfilment/helpers.js';
import { DeliverySender } from '../../../server/src/modules/delivery/index.js';
import { OrderSender, OrderSync, ProviderBalanceAlertJob } from '../../../server/src/modules/fulfilment/index.js';
import { setSettings, sql } from '../../support/identity.js';
import { createServer } from '../../../server/src/bootstrap.js';
import { ConfigError } from '../../../server/src/config/index.js';
import { Clock } from '../../../server/src/shared/index.js';

interface AlertDelivery {
  id: number;
  channel: string;
  event: string;
  recipient: string;
  status: string;
  attempts: number;
  last_answer: string | null;
  dedupe_key: string;
}

/**
 * On the delivery engine: operator alerts are deliveries, a TELEGRAM message (a
 * loopback fake of the Bot API) and a mail to OPERATOR_EMAIL (a loopback SMTP server), written with the
 * alert; alerts due together go out as one digest; Telegram's retry_after is honoured.
 */
describe('operator alerts', () => {
  let t: TestApp;
  let telegram: FakeTelegram;
  let smtp: SmtpCatcher;
  let admin: string;
  const OPERATOR_EMAIL = 'ops@example.com';
  /** One claim of the delivery engine, as the job's tick makes (JOBS is off in tests). */
  const send = () => t.app.get(DeliverySender).runOnce();
  let env: Record<string, string>;
  /** The alerts' deliveries (events `alert.<kind>`), oldest first. */
  const alertDeliveries = (channel: 'TELEGRAM' | 'EMAIL') =>
    sql<AlertDelivery>(
      t,
      `select id, channel, event, recipient, status, attempts, last_answer, dedupe_key from delivery where event like 'alert.%' and channel = ? order by id`,
      [channel],
    );
  const mailsToOperator = () => smtp.mails.filter((m) => m.to.includes(OPERATOR_EMAIL));

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    smtp = await startSmtp();
    env = {
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_CHAT_ID: telegram.chatId,
      TELEGRAM_API_URL: telegram.url,
      OPERATOR_EMAIL,
      SMTP_URL: smtp.url,
      BANK_ALERT_KEY: 'bank-alert-secret-0123456789',
    };
    t = await startTestApp(env);
    admin = bearer(await t.operatorToken());
    await configureBilling(t);
  });
  afterAll(async () => {
    const rows = await sql<AlertDelivery>(
      t,
      `select id, channel, event, recipient, status, attempts, last_answer, dedupe_key from delivery where event like 'alert.%' order by id`,
    );
    console.log(
      `alert deliveries after the run:\n${rows.map((r) => `  ${String(r.id).padStart(3)} ${r.channel.padEnd(8)} ${r.event.padEnd(24)} ${r.status.padEnd(7)} attempts=${r.attempts} ${r.dedupe_key}${r.last_answer && r.status !== 'SENT' ? ` last_answer="${r.last_answer}"` : ''}`).join('\n')}`,
    );
    console.log(
      `Telegram messages:\n${telegram.sent.map((m) => `  #${m.messageId} ${m.text.split('\n').slice(0, 3).join(' | ')}`).join('\n')}`,
    );
    await t.close();
    await telegram.close();
    await smtp.close();
  });

  it('a new charge request: the alert and its two deliveries in one go; one Telegram message, one mail, once', async () => {
    const m = await createMember(t);
    const charge = await openCharge(t, m, 10_000, '알림테스트');
    const text = `새 충전 요청 #${charge.chargeId}: 회원 #${m.id}, 입금자명 알림테스트, 입금액 10,000원`;
    expect((await alertDeliveries('TELEGRAM')).map((d) => [d.event, d.recipient, d.status])).toEqual([
      ['alert.CHARGE_REQUEST', telegram.chatId, 'PENDING'],
    ]);
    expect((await alertDeliveries('EMAIL')).map((d) => [d.event, d.recipient, d.status])).toEqual([
      ['alert.CHARGE_REQUEST', OPERATOR_EMAIL, 'PENDING'],
    ]);
    await send();
    await send();
    expect(telegram.sent.map((s) => s.text)).toEqual([`[SMM 알림] ${text}`]);
    const mail = await smtp.next(OPERATOR_EMAIL);
    expect(mail.subject).toBe('[SMM 알림] CHARGE_REQUEST');
    expect(mail.text.trim()).toBe(`[SMM 알림] ${text}`);
    expect(mailsToOperator()).toHaveLength(1);
    expect((await alertDeliveries('TELEGRAM')).map((d) => [d.status, d.attempts])).toEqual([['SENT', 1]]);
    expect((await alertDeliveries('EMAIL')).map((d) => [d.status, d.attempts])).toEqual([['SENT', 1]]);
    // The console's 운영자 알림: what was raised; how it went is in 발송 내역 (and the mail in 메일·SMS 발송함).
    const list = await t.http
      .get('/api/admin/alerts?_sort=id&_order=DESC&_start=0&_end=10')
      .set('Authorization', admin)
      .expect(200);
    expect(list.headers['content-range']).toBe('alerts 0-0/1');
    expect(list.body[0]).toEqual({
      id: expect.any(Number),
      kind: 'CHARGE_REQUEST',
      text,
      dedupeKey: `charge:${charge.chargeId}`,
      createdAt: expect.any(String),
    });
    await t.http.get(`/api/admin/alerts/${list.body[0].id}`).set('Authorization', admin).expect(200);
    await t.http.get('/api/admin/alerts').expect(401);
    const deliveries = await t.http
      .get('/api/admin/deliveries')
      .query({ filter: JSON.stringify({ q: 'alert.' }) })
      .set('Authorization', admin)
      .expect(200);
    expect(deliveries.body.map((d: { channel: string; status: string }) => [d.channel, d.status]).sort()).toEqual([
      ['EMAIL', 'SENT'],
      ['TELEGRAM', 'SENT'],
    ]);
    const outbox = await t.http
      .get('/api/admin/outbox')
      .query({ filter: JSON.stringify({ recipient: OPERATOR_EMAIL }) })
      .set('Authorization', admin)
      .expect(200);
    expect(outbox.body).toMatchObject([
      { channel: 'EMAIL', event: 'alert.CHARGE_REQUEST', status: 'SENT', body: text },
    ]);
  });

  it('an unmatched deposit: one message; the bank retrying the same transaction raises nothing new', async () => {
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
    await t.http.post('/api/admin/deposits').set('x-bank-alert-key', 'bank-alert-secret-0123456789').send({
      bankTransactionId: 'ALERT-1',
      depositorName: '모르는사람',
      amount: 12_345,
      depositedAt: new Date().toISOString(),
    });
    await send();
    expect(telegram.sent.slice(before).map((m) => m.text)).toEqual([
      `[SMM 알림] 확인되지 않은 입금 #${deposit.body.id}: 입금자명 모르는사람, 12,345원`,
    ]);
    expect((await alertDeliveries('TELEGRAM')).filter((d) => d.event === 'alert.UNMATCHED_DEPOSIT')).toHaveLength(1);
    expect((await smtp.next(OPERATOR_EMAIL)).subject).toBe('[SMM 알림] UNMATCHED_DEPOSIT');
  });

  // A second app and 23 sign-ups with charges: past 30 s on a busy 2-core CI machine (the CI run after ba70c02).
  it('a burst of 23 charge requests becomes one digest (one Telegram message, one mail), sent once by two replicas claiming together', async () => {
    const replica = await startReplica(t, env);
    try {
      const before = telegram.sent.length;
      const mailsBefore = mailsToOperator().length;
      for (let i = 0; i < 23; i++) {
        const m = await createMember(t);
        await openCharge(t, m, 10_000 + i, `버스트${i}`);
      }
      const handled = await Promise.all([
        send(),
        replica.app.get(DeliverySender).runOnce(),
        send(),
        replica.app.get(DeliverySender).runOnce(),
      ]);
      // 23 Telegram rows and 23 mail rows, each claimed by exactly one of the four.
      expect(handled.reduce((a, b) => a + b, 0)).toBe(46);
      const sent = telegram.sent.slice(before);
      expect(sent).toHaveLength(1);
      const lines = sent[0]!.text.split('\n');
      expect(lines[0]).toBe('[SMM 알림] 새 알림 23건');
      expect(
        lines
          .slice(1, 21)
          .every((l) => /^• 새 충전 요청 #\d+: 회원 #\d+, 입금자명 버스트\d+, 입금액 [\d,]+원$/.test(l)),
      ).toBe(true);
      expect(lines[21]).toBe('외 3건');
      expect(lines).toHaveLength(22);
      console.log(`Telegram digest as the fake received it:\n${sent[0]!.text}`);
      const mail = await smtp.next(OPERATOR_EMAIL);
      expect(mail.subject).toBe('[SMM 알림] 새 알림 23건');
      expect(mail.text.trim()).toBe(sent[0]!.text);
      expect(mailsToOperator()).toHaveLength(mailsBefore + 1);
      const rows = (await alertDeliveries('TELEGRAM')).slice(-23);
      expect(new Set(rows.map((r) => `${r.status} ${r.attempts} ${r.last_answer}`))).toEqual(new Set(['SENT 1 ok']));
      expect(await send()).toBe(0);
    } finally {
      await replica.close();
    }
  }, 90_000);

  it('Telegram 429: waits retry_after, then a 500 backs off (30 s), then sends once; the mail went once at the first try', async () => {
    const before = telegram.sent.length;
    const mailsBefore = mailsToOperator().length;
    telegram.failNext({ code: 429, retryAfter: 7 });
    const m = await createMember(t);
    await openCharge(t, m, 10_000, '재시도');
    await send();
    expect(telegram.sent.length).toBe(before);
    const row = async () => (await alertDeliveries('TELEGRAM')).at(-1)!;
    expect(await row()).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      last_answer: 'Too Many Requests: retry after 7',
    });
    expect((await alertDeliveries('EMAIL')).at(-1)).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(mailsToOperator()).toHaveLength(mailsBefore + 1);
    // Not before the 7 s Telegram asked for.
    t.app.get(Clock).travel(6_000);
    expect(await send()).toBe(0);
    t.app.get(Clock).travel(2_000);
    telegram.failNext({ code: 500 });
    expect(await send()).toBe(1);
    expect(telegram.sent.length).toBe(before);
    expect(await row()).toMatchObject({ status: 'PENDING', attempts: 2, last_answer: 'Internal Server Error' });
    t.app.get(Clock).travel(29_000);
    expect(await send()).toBe(0);
    t.app.get(Clock).travel(2_000);
    expect(await send()).toBe(1);
    expect(telegram.sent.slice(before).map((s) => s.text)).toEqual([expect.stringContaining('재시도')]);
    expect(await row()).toMatchObject({ status: 'SENT', attempts: 3, last_answer: 'ok' });
    expect(mailsToOperator()).toHaveLength(mailsBefore + 1);
    expect(telegram.requests).toBeGreaterThanOrEqual(3);
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
      await send();
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
      await send();
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
      await send();
      expect(telegram.sent.length).toBe(before);
      await placeOrders(t, member.id, serviceId, 2);
      await t.app.get(OrderSender).runOnce();
      await send();
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
