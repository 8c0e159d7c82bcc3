import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../../server/src/database/embedded-postgres.js';
import { FakeProvider, seedFakeProviderCatalogue } from '../../support/fake-provider.js';
import { startFakeTelegram, type FakeTelegram } from '../../support/fake-telegram.js';
import { freshDatabase, startServerProcess, stopServerProcess, type ServerProcess } from './server-process.js';

// Two real server processes (server/dist/main.js, JOBS on) on one database, as two replicas behind a
// load balancer: every job's unit of work is done once, whichever replica takes it.
describe('two replicas with JOBS on', () => {
  const name = `replicas_w${process.env.JEST_WORKER_ID ?? '0'}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'smm-replicas-'));
  let url: string;
  let fake: FakeProvider;
  let telegram: FakeTelegram;
  let client: pg.Client;
  const servers: ServerProcess[] = [];
  const env = (port: number, i: number) => ({
    DATABASE_URL: url,
    DATA_DIR: join(dataDir, `r${i}`),
    PORT: String(port),
    JOBS: 'true',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'replica-secret-replica-secret-replica-secret',
    ADMIN_ID: 'admin',
    ADMIN_PASSWORD: 'replica-password',
    // The fake provider listens on loopback.
    ALLOW_PRIVATE_PROVIDER_URLS: 'true',
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_CHAT_ID: telegram.chatId,
    TELEGRAM_API_URL: telegram.url,
  });

  beforeAll(async () => {
    url = await freshDatabase(name);
    fake = await FakeProvider.start();
    telegram = await startFakeTelegram();
    // Migrate with one server (jobs off), then seed the work.
    const setup = startServerProcess({ ...env(await freePort(), 9), JOBS: 'false' });
    await setup.ready;
    expect(await stopServerProcess(setup)).toBe(0);
    client = new pg.Client({ connectionString: url });
    await client.connect();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServerProcess(s)));
    await client?.end();
    await fake?.close();
    await telegram?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends, syncs, starts runs and expires charges exactly once', async () => {
    const RUNS = 400;
    const SYNCED = 100;
    const CHARGES = 50;
    const { member, provider, service } = await seedFakeProviderCatalogue(client, fake, 'replicas');
    // Due auto-order runs (each must become one order, placed upstream once).
    await client.query(
      `insert into auto_order (member_id, service_id, link, amount, runs, interval_minutes, completed, point, status, next_run_at, created_at, updated_at)
       select $1, $2, 'https://instagram.com/auto/' || g, 100, 2, 60, 0, 1400, 'ACTIVE', now() - interval '1 second', now(), now() from generate_series(1, $3) g`,
      [member, service, RUNS],
    );
    // Orders in progress upstream: half end Canceled (refunded once each), half Completed.
    // (fulfilment's dispatch record carries the provider's order id)
    const synced = await client.query(
      `with placed as (
         insert into service_order (member_id, service_id, link, amount, point, status, provider_id, provider_service_id, created_at, updated_at)
         select $1, $2, 'https://instagram.com/p/' || g, 1000, 7000, 'INPROGRESS', $3, '1', now(), now() from generate_series(1, $4) g returning id)
       insert into order_dispatch (order_id, provider_id, status, provider_order_id, created_at, updated_at) select id, $3, 'SENT', 'up-' || id, now(), now() from placed returning provider_order_id`,
      [member, service, provider, SYNCED],
    );
    synced.rows.forEach((row, i) =>
      fake.orders.set(row.provider_order_id, {
        id: row.provider_order_id,
        service: '1',
        link: '',
        quantity: 1000,
        status: i % 2 ? 'Completed' : 'Canceled',
        startCount: '5',
        remains: i % 2 ? '0' : '1000',
      }),
    );
    // Charges past their deadline.
    await client.query(
      `insert into charge (member_id, depositor_name, depositor_key, point, deposit_amount, fee_type, status, created_at, expires_at)
       select $1, '홍길동', '홍길동', 10000, 10000, 'NONE', 'PENDING', now() - interval '4 hours', now() - interval '1 hour' from generate_series(1, $2)`,
      [member, CHARGES],
    );

    // Operator alerts' Telegram deliveries waiting to go out (as AlertsFacade.raise writes them): one digest
    // message carries them, sent by one replica's delivery job.
    const ALERTS = 30;
    await client.query(
      `insert into delivery (channel, event, recipient, payload, dedupe_key, message_id, status, attempts, next_attempt_at, created_at)
       select 'TELEGRAM', 'alert.CHARGE_REQUEST', $2, jsonb_build_object('digest', true, 'subject', '[SMM 알림] CHARGE_REQUEST', 'text', '새 충전 요청 #' || g),
              'replicas:' || g, 'msg_replicas_' || g, 'PENDING', 0, now(), now() from generate_series(1, $1) g`,
      [ALERTS, telegram.chatId],
    );

    for (const i of [0, 1]) servers.push(startServerProcess(env(await freePort(), i)));
    await Promise.all(servers.map((s) => s.ready));
    const deadline = Date.now() + 150_000;
    const counts = async () =>
      (
        await client.query(`select
          (select count(*) from service_order where auto_order_id is not null)::int as runs,
          (select count(*) from service_order o join order_dispatch d on d.order_id = o.id where o.auto_order_id is not null and d.provider_order_id is not null)::int as sent,
          (select count(*) from service_order o join order_dispatch d on d.order_id = o.id where d.provider_order_id like 'up-%' and o.status in ('COMPLETED', 'CANCELED'))::int as synced,
          (select count(*) from charge where status = 'FAIL')::int as expired`)
      ).rows[0] as { runs: number; sent: number; synced: number; expired: number };
    let now = await counts();
    const alertsSent = async () =>
      Number(
        (
          await client.query(
            `select count(*) from delivery where status = 'SENT' and attempts = 1 and dedupe_key like 'replicas:%'`,
          )
        ).rows[0].count,
      );
    const backups = async () =>
      (await client.query(`select day, replica, file, finished_at is not null as finished from backup_run`)).rows as {
        day: string;
        replica: string;
        file: string | null;
        finished: boolean;
      }[];
    while (
      Date.now() < deadline &&
      (now.sent < RUNS ||
        now.synced < SYNCED ||
        now.expired < CHARGES ||
        (await alertsSent()) < ALERTS ||
        !(await backups()).every((b) => b.finished) ||
        (await backups()).length === 0)
    ) {
      await new Promise((r) => setTimeout(r, 500));
      now = await counts();
    }
    const runTwice = (
      await client.query(
        `select count(*)::int as n from (select auto_order_id, run_number from service_order where auto_order_id is not null group by 1, 2 having count(*) > 1) d`,
      )
    ).rows[0].n;
    const refunds = (
      await client.query(
        `select count(*)::int as n, count(distinct reference_id)::int as orders from point_ledger_entry where kind = 'REFUND'`,
      )
    ).rows[0];
    const adds = fake.calls('add').length;
    console.log(
      `two replicas: runs started ${now.runs}/${RUNS} (twice: ${runTwice}), sent upstream ${now.sent} with ${adds} add requests (links placed twice: ${fake.duplicateLinks().filter((l) => l.includes('/auto/')).length}), ` +
        `sync applied ${now.synced}/${SYNCED} with ${refunds.n} refunds for ${refunds.orders} orders, charges expired ${now.expired}/${CHARGES}`,
    );
    const runsOfBackup = await backups();
    const files = [0, 1].flatMap((i) =>
      existsSync(join(dataDir, `r${i}`, 'backups'))
        ? readdirSync(join(dataDir, `r${i}`, 'backups')).map((f) => `r${i}/${f}`)
        : [],
    );
    const summaries = telegram.sent.map(
      (m) => m.text.split('\n').filter((l) => l.startsWith('• ') || l.startsWith('[SMM 알림] 새 충전 요청')).length,
    );
    console.log(
      `two replicas: alerts ${await alertsSent()}/${ALERTS} sent in ${telegram.sent.length} Telegram message(s) (${summaries.join(' + ')} lines); ` +
        `daily backups ${runsOfBackup.length} (${runsOfBackup.map((b) => `${b.day} by ${b.replica}`).join(', ')}), files: ${files.join(', ')}`,
    );
    expect(await alertsSent()).toBe(ALERTS);
    expect(telegram.sent).toHaveLength(1);
    expect(telegram.sent[0]!.text.split('\n')[0]).toBe(`[SMM 알림] 새 알림 ${ALERTS}건`);
    expect(runsOfBackup).toHaveLength(1);
    expect(files).toHaveLength(1);
    expect(now).toEqual({ runs: RUNS, sent: RUNS, synced: SYNCED, expired: CHARGES });
    expect(runTwice).toBe(0);
    expect(adds).toBe(RUNS);
    expect(fake.duplicateLinks().filter((l) => l.includes('/auto/'))).toEqual([]);
    expect(refunds).toEqual({ n: SYNCED / 2, orders: SYNCED / 2 });
  }, 240_000);
});
