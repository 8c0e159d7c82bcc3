import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { startWebhookReceiver } from '../../support/webhook-receiver.js';
import { DeliveryFacade, DeliverySender } from '../../../server/src/modules/delivery/index.js';

/**
 * The two migrations that put the old mail/SMS outbox and the alert sender on the delivery engine,
 * run over rows of the old tables (a fresh database has none): history moves into `delivery` as it was,
 * a pending alert is still sent, and down/up again leaves one copy.
 */
describe('outbox and alerts onto the delivery engine: the migrations', () => {
  let t: TestApp;
  let db: pg.Client;
  beforeAll(async () => {
    t = await startTestApp();
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await t.close();
  });

  it('copies outbox_message and the alerts’ sending into delivery, then drops what moved', async () => {
    const migrator = t.app.get(MikroORM).migrator;
    await migrator.down({ to: 'Migration20261126041000_second_factor' });
    const at = new Date('2026-11-25T09:00:00Z');
    await db.query(
      `insert into outbox_message (channel, recipient, subject, body, status, error, created_at) values
       ('EMAIL', 'kim@example.com', '[SMM] 이메일 인증코드', '이메일 인증코드는 [비공개] 입니다.', 'SENT', null, $1),
       ('SMS', '01012345678', null, '[SMM] 인증번호 [비공개]', 'FAILED', 'SMS gateway answered HTTP 500', $1),
       ('EMAIL', 'lee@example.com', '[SMM] 비밀번호 재설정 안내', '링크 [비공개]', 'STORED', null, $1)`,
      [at],
    );
    await db.query(
      `insert into operator_alert (kind, text, dedupe_key, status, attempts, next_attempt_at, last_error, sent_at, mailed_at, created_at) values
       ('CHARGE_REQUEST', '새 충전 요청 #7', 'charge:7', 'SENT', 1, $1, null, $1, $1, $1),
       ('ORDER_CHECK', '주문 #9 확인 필요', 'order-check:9', 'PENDING', 2, $1, 'Too Many Requests: retry after 5', null, null, $1)`,
      [at],
    );

    await migrator.up();
    const rows = (
      await db.query(
        `select channel, event, recipient, payload, status, attempts, last_answer, sent_at, dedupe_key from delivery
          where dedupe_key like 'outbox:%' or dedupe_key like 'alert:telegram:%' order by id`,
      )
    ).rows;
    expect(rows).toEqual([
      expect.objectContaining({
        channel: 'EMAIL',
        recipient: 'kim@example.com',
        payload: { subject: '[SMM] 이메일 인증코드', text: '이메일 인증코드는 [비공개] 입니다.' },
        status: 'SENT',
        attempts: 1,
        sent_at: at,
      }),
      expect.objectContaining({
        channel: 'SMS',
        recipient: '01012345678',
        payload: { text: '[SMM] 인증번호 [비공개]' },
        status: 'FAILED',
        last_answer: 'SMS gateway answered HTTP 500',
        sent_at: null,
      }),
      expect.objectContaining({ channel: 'EMAIL', recipient: 'lee@example.com', status: 'STORED', attempts: 0 }),
      expect.objectContaining({ channel: 'TELEGRAM', event: 'alert.CHARGE_REQUEST', status: 'SENT', sent_at: at }),
      expect.objectContaining({
        channel: 'TELEGRAM',
        event: 'alert.ORDER_CHECK',
        status: 'PENDING',
        attempts: 2,
        last_answer: 'Too Many Requests: retry after 5',
        payload: expect.objectContaining({ digest: true, text: '주문 #9 확인 필요' }),
      }),
    ]);
    // The alert keeps what it says; the sending columns and the old outbox are gone.
    const alertColumns = (
      await db.query(`select column_name from information_schema.columns where table_name = 'operator_alert'`)
    ).rows.map((r) => r.column_name);
    expect(alertColumns.sort()).toEqual(['created_at', 'dedupe_key', 'id', 'kind', 'text']);
    expect((await db.query(`select to_regclass('outbox_message') as t`)).rows[0].t).toBeNull();
    expect((await db.query(`select kind, text from operator_alert order by id`)).rows).toEqual([
      { kind: 'CHARGE_REQUEST', text: '새 충전 요청 #7' },
      { kind: 'ORDER_CHECK', text: '주문 #9 확인 필요' },
    ]);

    // Down and up again: one copy of each.
    await migrator.down({ to: 'Migration20261126041000_second_factor' });
    await migrator.up();
    const copies = (
      await db.query(
        `select count(*)::int as n from delivery where dedupe_key like 'outbox:%' or dedupe_key like 'alert:telegram:%'`,
      )
    ).rows[0].n;
    expect(copies).toBe(5);
  });
  it('seals the webhook secrets stored in clear; receivers keep verifying with the secret they hold', async () => {
    const migrator = t.app.get(MikroORM).migrator;
    const receiver = await startWebhookReceiver();
    try {
      const member = await createMember(t);
      await migrator.down({ to: 'Migration20261126113000_rate_bucket' });
      const clear = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
      await db.query(`insert into webhook_endpoint (member_id, url, secret, updated_at) values ($1, $2, $3, now())`, [
        member.id,
        receiver.url,
        clear,
      ]);
      await migrator.up();
      const [row] = (await db.query(`select secret_sealed from webhook_endpoint where member_id = $1`, [member.id]))
        .rows;
      expect(row.secret_sealed).toMatch(/^v1\./);
      expect(row.secret_sealed).not.toContain(clear.slice(6));
      const shown = await t.http.get('/api/auth/webhook').set('Authorization', `Bearer ${member.token}`).expect(200);
      expect(shown.body).toEqual({ url: receiver.url, secretHint: '…LaSw' });
      receiver.secret = clear;
      await t.app
        .get(MikroORM)
        .em.fork()
        .transactional((tx) =>
          t.app
            .get(DeliveryFacade)
            .webhookEvent(tx, member.id, 'webhook.test', { message: 'after the migration' }, 'migrated'),
        );
      await t.app.get(DeliverySender).runOnce();
      expect(receiver.verified.map((r) => r.verified!.data)).toEqual([{ message: 'after the migration' }]);

      // Down opens them again (as they were), up seals them again.
      await migrator.down({ to: 'Migration20261126113000_rate_bucket' });
      expect(
        (await db.query(`select secret from webhook_endpoint where member_id = $1`, [member.id])).rows[0].secret,
      ).toBe(clear);
      await migrator.up();
      expect(
        (await db.query(`select secret_sealed from webhook_endpoint where member_id = $1`, [member.id])).rows[0]
          .secret_sealed,
      ).toMatch(/^v1\./);
    } finally {
      await receiver.close();
    }
  });
});
