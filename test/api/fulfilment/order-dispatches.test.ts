import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { OrderSender, UNCERTAIN_MARK } from '../../../server/src/modules/fulfilment/index.js';
import { addProvider, admin, createService, fund, placeOrders } from './helpers.js';
import { ledgerOf } from '../ordering/fixtures.js';
import {
  claimNote,
  resendNote,
  uncertainNote,
} from '../../../server/src/modules/fulfilment/domain/order-dispatch.entity.js';

/** Fulfilment's dispatch record: the console's read-only resource, and the migration that moved it out of service_order. */
describe('order dispatch records', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let providerId: number;
  let serviceId: number;
  let memberId: number;

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start();
    providerId = await addProvider(t, fake, { timeoutMs: 1000 });
    serviceId = (await createService(t, { providerId, providerServiceId: '1', point: '3' })).id;
    memberId = (await createMember(t)).id;
    await fund(t, memberId, 10_000_000n);
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  it('GET /api/admin/order-dispatches lists records by order id (getMany) and shows one; operators only', async () => {
    const [sent, refused, unsent] = await placeOrders(t, memberId, serviceId, 3);
    fake.on('add', (p) => (p.link!.endsWith('-1') ? { body: { error: 'Not enough funds on balance' } } : undefined));
    await t.app.get(OrderSender).runOnce(2);
    fake.clearScripts();
    const filter = encodeURIComponent(JSON.stringify({ id: [sent, refused, unsent] }));
    const list = await t.http
      .get(`/api/admin/order-dispatches?filter=${filter}`)
      .set('Authorization', await admin(t))
      .expect(200);
    expect(list.headers['content-range']).toBe('order-dispatches 0-1/2');
    const byId = new Map((list.body as { id: number }[]).map((r) => [r.id, r]));
    expect(byId.get(sent!)).toMatchObject({
      id: sent,
      providerId,
      status: 'SENT',
      providerOrderId: expect.any(String),
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
    });
    expect(byId.get(refused!)).toMatchObject({
      id: refused,
      status: 'DUE',
      providerOrderId: null,
      attempts: 1,
      nextAttemptAt: expect.any(String),
      lastError: 'add: Not enough funds on balance',
    });
    // Not claimed yet: no record.
    expect(byId.has(unsent!)).toBe(false);
    const due = await t.http
      .get(
        `/api/admin/order-dispatches?filter=${encodeURIComponent(JSON.stringify({ id: [sent, refused], status: 'DUE' }))}`,
      )
      .set('Authorization', await admin(t))
      .expect(200);
    expect(due.body.map((r: { id: number }) => r.id)).toEqual([refused]);

    const one = await t.http
      .get(`/api/admin/order-dispatches/${sent}`)
      .set('Authorization', await admin(t))
      .expect(200);
    expect(one.body).toEqual(byId.get(sent!));
    expect(
      (
        await t.http
          .get(`/api/admin/order-dispatches/${unsent}`)
          .set('Authorization', await admin(t))
          .expect(404)
      ).body.message,
    ).toBe('공급사 전송 기록이 없습니다.');
    await t.http.get(`/api/admin/order-dispatches?filter=${filter}`).expect(401);
    await t.http
      .get('/api/admin/order-dispatches/abc')
      .set('Authorization', await admin(t))
      .expect(400);
  });

  it("a deleted member's order the provider may have ([확인 필요]) is left for an operator; failed and unsent ones are canceled and refunded", async () => {
    const m = await createMember(t);
    await fund(t, m.id, 10_000n);
    const link = (name: string) => `https://instagram.com/p/deleted-${m.id}-${name}`;
    const place = async (name: string) => (await placeOrders(t, m.id, serviceId, 1, 100, () => link(name)))[0]!;
    const held = await place('held');
    const failed = await place('failed');
    fake.on('add', (p) =>
      p.link === link('held')
        ? { delayMs: 1500, body: { order: 1 } }
        : p.link === link('failed')
          ? { body: { error: 'Not enough funds on balance' } }
          : undefined,
    );
    expect(await t.app.get(OrderSender).runOnce()).toMatchObject({ failed: 1, uncertain: 1 });
    fake.clearScripts();
    const unsent = await place('unsent');

    await t.http.delete('/api/auth/account').set('Authorization', `Bearer ${m.token}`).expect(200);
    const db = t.app.get(MikroORM).em.fork();
    const rows = await db.execute<{ id: number; status: string }[]>(
      'select id, status from service_order where id in (?) order by id',
      [[held, failed, unsent]],
    );
    expect(rows).toEqual([
      { id: held, status: 'PENDING' },
      { id: failed, status: 'CANCELED' },
      { id: unsent, status: 'CANCELED' },
    ]);
    const refunds = (await ledgerOf(t, m.id))
      .filter((r) => r.kind === 'REFUND')
      .map((r) => `${r.reference_type}:${r.reference_id}`);
    expect(refunds.sort()).toEqual([`order:${failed}`, `order:${unsent}`].sort());
    // Nothing goes out for them afterwards.
    const adds = fake.calls('add').length;
    await t.app.get(OrderSender).runOnce();
    expect(
      fake
        .calls('add')
        .slice(adds)
        .filter((r) => r.params.link!.includes(`deleted-${m.id}-`)),
    ).toEqual([]);
  });

  // Before the migration test below, which takes the sessions table down and up (the operator's token with it).
  it("the status migration reads each record's state from its null columns and note, and the partial indexes follow it", async () => {
    const migrator = t.app.get(MikroORM).migrator;
    const db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    const indexDefs = async () =>
      Object.fromEntries(
        (
          await db.query(
            `select indexname, indexdef from pg_indexes where tablename = 'order_dispatch' and indexname like 'order_dispatch_%'`,
          )
        ).rows.map((r) => [r.indexname, r.indexdef as string]),
      );
    // Orders are placed on today's schema: placing one reads the catalogue's costs, whose columns the old schema lacks.
    const ids = await placeOrders(t, memberId, serviceId, 9);
    try {
      await migrator.down({ to: 'Migration20261126041000_second_factor' });
      expect(Object.keys(await indexDefs())).not.toContain('order_dispatch_check');
      const now = new Date();
      const later = new Date(now.getTime() + 3600_000);
      const flag = `${UNCERTAIN_MARK} 공급사 상태 확인 필요: Stuck. 공급사 패널에서 주문을 확인한 뒤 상태를 직접 처리하세요.`;
      // [provider order id, next attempt, note, finished] as the code left them, and the status each one means.
      const cases: [string | null, Date | null, string | null, Date | null, string][] = [
        ['up-1', null, null, null, 'SENT'],
        ['up-2', null, flag, null, 'FLAGGED'],
        ['up-3', null, null, now, 'FINISHED'],
        ['up-4', null, flag, now, 'FINISHED'],
        [null, later, 'add: Not enough funds on balance', null, 'DUE'],
        [null, null, claimNote(now), null, 'CLAIMED'],
        [null, null, resendNote(now), null, 'CLAIMED'],
        [null, null, uncertainNote('add: no answer within 1000 ms'), null, 'UNCERTAIN'],
        [null, null, '전송 중 주문이 끝나 공급사 주문 up-9을(를) 공급사에 취소 요청했습니다.', now, 'ORPHANED'],
      ];
      expect(ids).toHaveLength(cases.length);
      for (const [i, [providerOrderId, nextAttemptAt, note, finishedAt]] of cases.entries())
        await db.query(
          `insert into order_dispatch (order_id, provider_id, provider_order_id, attempts, next_attempt_at, last_error, finished_at, created_at, updated_at)
           values ($1, $2, $3, 0, $4, $5, $6, now(), now())`,
          [ids[i], providerId, providerOrderId, nextAttemptAt, note, finishedAt],
        );

      await migrator.up();
      const statuses = new Map(
        (await db.query(`select order_id, status from order_dispatch where order_id = any($1)`, [ids])).rows.map(
          (r) => [r.order_id as number, r.status as string],
        ),
      );
      expect(ids.map((id) => statuses.get(id))).toEqual(cases.map((c) => c[4]));
      const defs = await indexDefs();
      expect(defs.order_dispatch_due).toContain(`WHERE (status = 'DUE'::text)`);
      expect(defs.order_dispatch_sync).toContain(`status = ANY (ARRAY['SENT'::text, 'FLAGGED'::text])`);
      expect(defs.order_dispatch_check).toContain(`'CLAIMED'::text, 'UNCERTAIN'::text, 'FLAGGED'::text`);
      // Every record has one, and only the table's.
      await expect(db.query(`update order_dispatch set status = null where order_id = $1`, [ids[0]])).rejects.toThrow(
        /null value/,
      );
      await expect(db.query(`update order_dispatch set status = 'LOST' where order_id = $1`, [ids[0]])).rejects.toThrow(
        /order_dispatch_status_check/,
      );

      // The console's "needs check" list reads the status: the held ones of these PENDING orders.
      const check = await t.http
        .get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ needsCheck: true, id: ids }))}`)
        .set('Authorization', await admin(t))
        .expect(200);
      expect(check.body.map((o: { id: number }) => o.id).sort((a: number, b: number) => a - b)).toEqual(
        [ids[5], ids[6], ids[7]].sort((a, b) => a! - b!),
      );
    } finally {
      await db.end();
    }
  });

  it("the migration moves every touched order's dispatch fields into order_dispatch, and back down", async () => {
    const migrator = t.app.get(MikroORM).migrator;
    const db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    try {
      // Back to the schema before the move: service_order carries the five columns again.
      // Every later migration goes down first, then the move itself (`to` is the last one kept).
      await migrator.down({ to: 'Migration20261124230000_ledger_kinds' });
      const insert = async (status: string, columns: Record<string, unknown>) => {
        const names = Object.keys(columns);
        const sql = `insert into service_order (member_id, service_id, link, amount, point, status, provider_id, provider_service_id, created_at, updated_at${names.map((n) => `, ${n}`).join('')})
          values ($1, $2, 'https://instagram.com/p/migrated', 100, 300, $3, $4, '1', now(), now()${names.map((_, i) => `, $${i + 5}`).join('')}) returning id`;
        return (await db.query(sql, [memberId, serviceId, status, providerId, ...Object.values(columns)])).rows[0]
          .id as number;
      };
      const synced = new Date('2026-11-20T10:00:00Z');
      const retryAt = new Date('2026-11-20T11:00:00Z');
      const running = await insert('INPROGRESS', { provider_order_id: 'up-900', last_synced_at: synced });
      const done = await insert('COMPLETED', { provider_order_id: 'up-901', last_synced_at: synced });
      const failed = await insert('PENDING', {
        dispatch_attempts: 2,
        next_dispatch_at: retryAt,
        last_error: 'add: Not enough funds on balance',
      });
      const held = await insert('PENDING', {
        next_dispatch_at: null,
        last_error: `${UNCERTAIN_MARK} 공급사 전송 결과를 받지 못했습니다`,
      });
      const due = await insert('PENDING', { next_dispatch_at: new Date() });

      await migrator.up();
      const rows = (
        await db.query(`select * from order_dispatch where order_id = any($1) order by order_id`, [
          [running, done, failed, held, due],
        ])
      ).rows;
      expect(rows.map((r) => r.order_id)).toEqual([running, done, failed, held]);
      const of = (id: number) => rows.find((r) => r.order_id === id);
      expect(of(running)).toMatchObject({
        status: 'SENT',
        provider_id: providerId,
        provider_order_id: 'up-900',
        attempts: 0,
        next_attempt_at: null,
        last_error: null,
        last_synced_at: synced,
        finished_at: null,
      });
      expect(of(done)).toMatchObject({
        status: 'FINISHED',
        provider_order_id: 'up-901',
        finished_at: expect.any(Date),
      });
      expect(of(failed)).toMatchObject({
        status: 'DUE',
        provider_order_id: null,
        attempts: 2,
        next_attempt_at: retryAt,
        last_error: 'add: Not enough funds on balance',
      });
      expect(of(held)).toMatchObject({
        status: 'CLAIMED',
        provider_order_id: null,
        next_attempt_at: null,
        last_error: `${UNCERTAIN_MARK} 공급사 전송 결과를 받지 못했습니다`,
      });
      const columns = (
        await db.query(`select column_name from information_schema.columns where table_name = 'service_order'`)
      ).rows.map((r) => r.column_name);
      for (const moved of [
        'provider_order_id',
        'dispatch_attempts',
        'next_dispatch_at',
        'last_error',
        'last_synced_at',
      ])
        expect(columns).not.toContain(moved);
      expect(columns).toEqual(expect.arrayContaining(['provider_id', 'provider_service_id']));
      const indexes = (
        await db.query(`select indexname from pg_indexes where tablename in ('service_order', 'order_dispatch')`)
      ).rows.map((r) => r.indexname);
      expect(indexes).not.toContain('service_order_dispatch');
      expect(indexes).toEqual(
        expect.arrayContaining([
          'order_dispatch_due',
          'order_dispatch_sync',
          'order_dispatch_check',
          'service_order_pending',
        ]),
      );

      // The migrated records work: the failed one is retried when due, the held one never by itself, the due one sent.
      await db.query(`update order_dispatch set next_attempt_at = now() - interval '1 second' where order_id = $1`, [
        failed,
      ]);
      const adds = fake.calls('add').length;
      expect(await t.app.get(OrderSender).runOnce()).toMatchObject({ failed: 0, uncertain: 0 });
      expect(
        fake
          .calls('add')
          .slice(adds)
          .filter((r) => r.params.link === 'https://instagram.com/p/migrated'),
      ).toHaveLength(2);
      const after = (
        await db.query(
          `select order_id, provider_order_id from order_dispatch where order_id = any($1) order by order_id`,
          [[failed, held, due]],
        )
      ).rows;
      expect(after.map((r) => [r.order_id, r.provider_order_id !== null])).toEqual([
        [failed, true],
        [held, false],
        [due, true],
      ]);
    } finally {
      await db.end();
    }
  });
});
