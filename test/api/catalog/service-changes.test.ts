import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { createMember, type TestMember } from '../../support/members.js';
import type { WebhookReceiver } from '../../support/webhook-receiver.js';
import { Clock } from '../../../server/src/shared/index.js';
import { DeliverySender } from '../../../server/src/modules/delivery/index.js';
import { ServiceChangeNoticesJob } from '../../../server/src/modules/ordering/jobs/service-change-notices.job.js';
import { addProvider, admin, createService, fund, placeOrders } from '../fulfilment/helpers.js';
import { webhookReseller } from '../delivery/helpers.js';

const listed = (service: number, rate: string) => ({
  service,
  name: `Service ${service}`,
  type: 'Default',
  category: 'Instagram',
  rate,
  min: '10',
  max: '10000',
  refill: false,
  cancel: false,
});

const DAY_MS = 24 * 60 * 60_000;
const KST_MS = 9 * 60 * 60_000;
/** How many services the big price sync moves at once. */
const MANY = 300;

interface Entry {
  id: number;
  serviceId: number;
  serviceName: string;
  kind: string;
  oldPrice: string | null;
  newPrice: string | null;
  per: number;
  note: string;
  createdAt: string;
}

describe('서비스 변경 안내 (the public change log)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let providerId: number;
  let reseller: { member: TestMember; receiver: WebhookReceiver };
  const db = () => t.app.get(MikroORM).em.fork();
  const clock = () => t.app.get(Clock);
  const auth = () => admin(t);
  const publicLog = async (query = '') =>
    (await t.http.get(`/api/service/service-changes${query}`).expect(200)).body as {
      items: Entry[];
      total: number;
      page: number;
      size: number;
    };
  const entriesOf = (serviceId: number) =>
    db().execute<{ id: number; kind: string; source: string; old_point: string | null; new_point: string | null }[]>(
      'select id, kind, source, old_point::text, new_point::text from service_change where service_id = ? order by id',
      [serviceId],
    );
  /** To the next Korean day's 10:00 (the digest goes out in the daytime, with the days before it). */
  const nextKoreanMorning = () => {
    const kst = clock().now().getTime() + KST_MS;
    const target = kst - (kst % DAY_MS) + DAY_MS + 10 * 3_600_000 - KST_MS;
    clock().travel(target - clock().now().getTime());
  };
  const setting = async (key: string, value: unknown) =>
    t.http
      .put(`/api/admin/settings/${key}`)
      .set('Authorization', await auth())
      .send({ value })
      .expect(200);
  const sync = async () =>
    (
      await t.http
        .post(`/api/admin/providers/${providerId}/sync`)
        .set('Authorization', await auth())
        .expect(200)
    ).body as { changes: { serviceId: number; kind: string; status: string }[] };
  const noticesOf = (memberId: number) =>
    db().execute<{ channel: string; payload: { text?: string; subject?: string; templateId?: string } }[]>(
      `select channel, payload from delivery where member_id = ? and event = 'service.changed' order by id`,
      [memberId],
    );

  /** The delivery job until nothing is due (a service's events go one after another). */
  const deliverAll = async () => {
    for (let i = 0; i < 10; i++) {
      const pending = await db().execute<{ n: string }[]>(
        `select count(*) as n from delivery where channel = 'WEBHOOK' and status in ('PENDING', 'SENDING')`,
      );
      if (Number(pending[0]!.n) === 0) return;
      await t.app.get(DeliverySender).runOnce();
    }
  };

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start({ services: [listed(1, '900'), listed(2, '900'), listed(3, '900')] });
    providerId = await addProvider(t, fake, { name: '변경 안내 공급사' });
    reseller = await webhookReseller(t);
  });
  afterAll(async () => {
    await reseller.receiver.close();
    await fake.close();
    await t.close();
  });

  it('records each kind from the console, in the transaction of the edit, with the price per 1000', async () => {
    const base = await createService(t, { point: '2.5' });
    const categoryId = base.categoryId;
    const created = await t.http
      .post('/api/admin/services')
      .set('Authorization', await auth())
      .send({ text: '🇰🇷 한국인 팔로워', point: '12.5', min: 10, max: 1000, categoryId, visible: true })
      .expect(201);
    const id = created.body.id as number;
    const put = async (body: Record<string, unknown>) =>
      t.http
        .put(`/api/admin/services/${id}`)
        .set('Authorization', await auth())
        .send(body)
        .expect(200);
    clock().travel(60_000);
    await put({ point: '15' });
    clock().travel(60_000);
    await put({ point: '14.25' });
    await put({ text: '🇰🇷 한국인 팔로워 (고품질)' }); // a new name is not a change members are told about
    await put({ visible: false });
    await put({ point: '13' }); // hidden: nobody's news
    await put({ visible: true });
    expect((await entriesOf(id)).map((e) => [e.kind, e.source, e.old_point, e.new_point])).toEqual([
      ['ADDED', 'CONSOLE', null, '12.500000'],
      ['PRICE_UP', 'CONSOLE', '12.500000', '15.000000'],
      ['PRICE_DOWN', 'CONSOLE', '15.000000', '14.250000'],
      ['PAUSED', 'CONSOLE', '14.250000', null],
      ['RESUMED', 'CONSOLE', '13.000000', '13.000000'],
    ]);
    // A refused edit (min above max) rolls back with its entry.
    await t.http
      .put(`/api/admin/services/${id}`)
      .set('Authorization', await auth())
      .send({ point: '99', min: 500, max: 100 })
      .expect(400);
    expect(await entriesOf(id)).toHaveLength(5);

    await t.http
      .delete(`/api/admin/services/${id}`)
      .set('Authorization', await auth())
      .expect(200);
    expect((await entriesOf(id)).at(-1)).toMatchObject({ kind: 'REMOVED', old_point: '13.000000', new_point: null });

    const log = await publicLog();
    const mine = log.items.filter((e) => e.serviceId === id);
    // Newest first, the name as it was, prices per 1000 exact.
    expect(mine.map((e) => [e.kind, e.oldPrice, e.newPrice, e.per])).toEqual([
      ['REMOVED', '13000', null, 1000],
      ['RESUMED', '13000', '13000', 1000],
      ['PAUSED', '14250', null, 1000],
      ['PRICE_DOWN', '15000', '14250', 1000],
      ['PRICE_UP', '12500', '15000', 1000],
      ['ADDED', null, '12500', 1000],
    ]);
    expect(mine[0]!.serviceName).toBe('🇰🇷 한국인 팔로워 (고품질)');
  });

  it('records price sync rises, drops and pauses (a held change only once applied), each sent as service.updated', async () => {
    const up = (
      await createService(t, {
        providerId,
        providerServiceId: '1',
        point: '2',
        providerRate: '900',
        priceRule: 'KEEP_MARKUP',
      })
    ).id;
    const down = (
      await createService(t, {
        providerId,
        providerServiceId: '2',
        point: '2',
        providerRate: '900',
        priceRule: 'KEEP_MARKUP',
      })
    ).id;
    const kept = (
      await createService(t, {
        providerId,
        providerServiceId: '3',
        point: '2',
        providerRate: '900',
        priceRule: 'KEEP_PRICE',
      })
    ).id;
    const gone = (await createService(t, { providerId, providerServiceId: '4', point: '2', providerRate: '900' })).id;
    await deliverAll();
    reseller.receiver.received.length = 0;

    // +20 %, −20 %, +20 % under KEEP_PRICE (our price stays: no news), and service 4 gone upstream.
    fake.services = [listed(1, '1080'), listed(2, '720'), listed(3, '1080')];
    await sync();
    expect((await entriesOf(up)).slice(1).map((e) => [e.kind, e.source, e.old_point, e.new_point])).toEqual([
      ['PRICE_UP', 'PRICE_SYNC', '2.000000', '2.400000'],
    ]);
    expect((await entriesOf(down)).slice(1).map((e) => [e.kind, e.source, e.new_point])).toEqual([
      ['PRICE_DOWN', 'PRICE_SYNC', '1.600000'],
    ]);
    expect((await entriesOf(kept)).slice(1)).toEqual([]);
    expect((await entriesOf(gone)).slice(1).map((e) => [e.kind, e.source])).toEqual([['PAUSED', 'PRICE_SYNC']]);

    // A rate tripled is held: nothing changes, nothing is told; the operator's apply is the change.
    fake.services = [listed(1, '3240'), listed(2, '720'), listed(3, '1080')];
    const held = (await sync()).changes.find((c) => c.serviceId === up && c.status === 'HELD');
    expect(held).toBeDefined();
    expect(await entriesOf(up)).toHaveLength(2);
    const holds = await t.http
      .get('/api/admin/price-changes')
      .query({ filter: JSON.stringify({ status: 'HELD', serviceId: up }) })
      .set('Authorization', await auth())
      .expect(200);
    await t.http
      .post(`/api/admin/price-changes/${holds.body[0].id}/apply`)
      .set('Authorization', await auth())
      .expect(200);
    expect((await entriesOf(up)).slice(2).map((e) => [e.kind, e.source, e.old_point, e.new_point])).toEqual([
      ['PRICE_UP', 'PRICE_SYNC', '2.400000', '7.200000'],
    ]);

    // The reseller's loopback receiver gets each change, signed, as v2 words it (rate: the list price of 1000);
    // one service's changes in the order they were made.
    await deliverAll();
    const events = reseller.receiver.verified.map((r) => r.verified!);
    expect(events.every((e) => e.type === 'service.updated')).toBe(true);
    const seen = events.map((e) => [e.data.service, e.data.change, e.data.old_rate, e.data.rate]);
    expect(seen).toHaveLength(4);
    expect(seen).toEqual(
      expect.arrayContaining([
        [down, 'price_down', '2000', '1600'],
        [gone, 'paused', '2000', null],
      ]),
    );
    expect(seen.filter((e) => e[0] === up)).toEqual([
      [up, 'price_up', '2000', '2400'],
      [up, 'price_up', '2400', '7200'],
    ]);
    expect(events[0]!.data).toMatchObject({ name: expect.any(String), currency: 'KRW' });
    // The closing note's figures: one delivery as the receiver verified it.
    console.log(`service.updated as received:\n${reseller.receiver.verified[0]!.body}`);
  });

  it("records a provider import's new services and its repriced ones as the import's", async () => {
    const other = await FakeProvider.start({
      key: 'import-provider-key-0123456789abcdef',
      services: [listed(7, '1000')],
    });
    try {
      const importer = await addProvider(t, other, { name: '가져오기 공급사' });
      const categoryId = (await createService(t)).categoryId;
      const run = async (markupPercent: number) =>
        t.http
          .post(`/api/admin/providers/${importer}/import-services`)
          .set('Authorization', await auth())
          .send({ markupPercent, categoryId })
          .expect(200);
      await run(50);
      await run(50); // the same price again: no news
      await run(80);
      const [{ id }] = await db().execute<{ id: number }[]>(
        `select id from service where provider_id = ? and provider_service_id = '7'`,
        [importer],
      );
      expect((await entriesOf(id)).map((e) => [e.kind, e.source, e.old_point, e.new_point])).toEqual([
        ['ADDED', 'IMPORT', null, '1.500000'],
        ['PRICE_UP', 'IMPORT', '1.500000', '1.800000'],
      ]);
    } finally {
      await other.close();
    }
  });

  it('lets an operator hide an entry or add a note (audited); bad input changes nothing; members cannot', async () => {
    const log = await publicLog('?size=3');
    console.log(`GET /api/service/service-changes?size=3 →\n${JSON.stringify(log, null, 1)}`);
    expect(log).toMatchObject({ page: 1, size: 3 });
    expect(log.items).toHaveLength(3);
    const [first, second] = log.items as [Entry, Entry];
    const path = (id: number) => `/api/admin/service-changes/${id}`;

    const hidden = await t.http
      .put(path(first.id))
      .set('Authorization', await auth())
      .send({ hidden: true })
      .expect(200);
    expect(hidden.body).toMatchObject({ id: first.id, hidden: true });
    await t.http
      .put(path(second.id))
      .set('Authorization', await auth())
      .send({ note: '공급사 단가 인상으로 가격이 조정되었습니다.' })
      .expect(200);
    const after = await publicLog();
    expect(after.total).toBe(log.total - 1);
    expect(after.items.map((e) => e.id)).not.toContain(first.id);
    expect(after.items.find((e) => e.id === second.id)!.note).toBe('공급사 단가 인상으로 가격이 조정되었습니다.');

    const bad = await t.http
      .put(path(second.id))
      .set('Authorization', await auth())
      .send({ hidden: 'yes' })
      .expect(400);
    expect(bad.body.message).toBe('숨김 여부가 올바르지 않습니다.');
    const long = await t.http
      .put(path(second.id))
      .set('Authorization', await auth())
      .send({ note: '가'.repeat(501) });
    expect(long.status).toBe(400);
    expect(
      (
        await t.http
          .get(path(second.id))
          .set('Authorization', await auth())
          .expect(200)
      ).body,
    ).toMatchObject({
      hidden: false,
      note: '공급사 단가 인상으로 가격이 조정되었습니다.',
    });
    const missing = await t.http
      .put(path(99_999_999))
      .set('Authorization', await auth())
      .send({ hidden: true });
    expect(missing.status).toBe(404);
    const member = await createMember(t);
    await t.http
      .put(path(second.id))
      .set('Authorization', `Bearer ${member.token}`)
      .send({ hidden: false })
      .expect(401);

    const audit = await db().execute<{ action: string; before: unknown; after: unknown }[]>(
      `select action, before, after from audit_log where resource = 'service-changes' order by id`,
    );
    expect(audit).toEqual([
      { action: 'update', before: { hidden: false, note: '' }, after: { hidden: true, note: '' } },
      {
        action: 'update',
        before: { hidden: false, note: '' },
        after: { hidden: false, note: '공급사 단가 인상으로 가격이 조정되었습니다.' },
      },
    ]);

    // ra-data-simple-rest: a Content-Range, filters and the hidden entry still listed for the console.
    const list = await t.http
      .get('/api/admin/service-changes')
      .query({ filter: JSON.stringify({ hidden: true }), range: '[0,9]' })
      .set('Authorization', await auth())
      .expect(200);
    expect(list.headers['content-range']).toMatch(/^service-changes 0-0\/1$/);
    expect(list.body[0]).toMatchObject({ id: first.id, hidden: true, kindLabel: expect.any(String) });

    // Paging: pages never overlap; a page number that is not one is a Korean 400.
    const p1 = await publicLog('?size=2&page=1');
    const p2 = await publicLog('?size=2&page=2');
    expect(p1.items.map((e) => e.id).filter((id) => p2.items.some((e) => e.id === id))).toEqual([]);
    expect(p1.items[1]!.id).toBeGreaterThan(p2.items[0]!.id);
    const zero = await t.http.get('/api/service/service-changes?page=0').expect(400);
    expect(zero.body.message).toBe('페이지 번호가 올바르지 않습니다.');
    await t.http.get('/api/service/service-changes?size=1000').expect(400);
  });

  it(`batches a price sync of ${MANY} services into one notice a member, to recent customers only`, async () => {
    // Yesterday's entries are taken with the switch off: switching it on never sends old news.
    nextKoreanMorning();
    const off = await t.app.get(ServiceChangeNoticesJob).runOnce();
    expect(off.taken).toBeGreaterThan(0);
    expect(off.members.size).toBe(0);

    const firstId = 100;
    const many: number[] = [];
    for (let i = 0; i < MANY; i++)
      many.push(
        (
          await createService(t, {
            providerId,
            providerServiceId: String(firstId + i),
            point: '2',
            providerRate: '900',
            priceRule: 'KEEP_MARKUP',
          })
        ).id,
      );
    const recent = await createMember(t); // mail (no phone)
    const phoned = await createMember(t); // 알림톡
    const lapsed = await createMember(t); // ordered 40 days ago
    const stranger = await createMember(t); // never ordered
    await db().execute('update member set phone = ? where id = ?', ['01012345678', phoned.id]);
    for (const m of [recent, phoned, lapsed]) await fund(t, m.id, 1_000_000n);
    for (const serviceId of many) await placeOrders(t, recent.id, serviceId, 1);
    await placeOrders(t, phoned.id, many[0]!, 1);
    const old = await placeOrders(t, lapsed.id, many[1]!, 1);
    await db().execute(`update service_order set created_at = created_at - interval '40 days' where id = ?`, [old[0]]);
    // The day's entries so far (services added) go with the switch still off.
    nextKoreanMorning();
    await t.app.get(ServiceChangeNoticesJob).runOnce();

    await setting('SERVICE_CHANGE_NOTICE', true);
    await setting('ALIMTALK_TEMPLATE_SERVICE_CHANGED', 'TPL-SERVICE-CHANGED');
    const still = [listed(1, '3240'), listed(2, '720'), listed(3, '1080')];
    fake.services = [...still, ...Array.from({ length: MANY }, (_, i) => listed(firstId + i, '990'))];
    const synced = await sync();
    expect(synced.changes.filter((c) => c.kind === 'RATE')).toHaveLength(MANY);
    const [{ count }] = await db().execute<{ count: string }[]>(
      `select count(*) from service_change where kind = 'PRICE_UP' and source = 'PRICE_SYNC' and service_id = any(?::int[])`,
      [`{${many.join(',')}}`],
    );
    expect(Number(count)).toBe(MANY);

    // Not the same day: the digest waits for the Korean day to end.
    expect((await t.app.get(ServiceChangeNoticesJob).runOnce()).members.size).toBe(0);
    nextKoreanMorning();
    const digest = await t.app.get(ServiceChangeNoticesJob).runOnce();
    expect(digest.taken).toBe(MANY);
    expect(Object.fromEntries(digest.members)).toEqual({ [recent.id]: MANY, [phoned.id]: 1 });

    const mails = await noticesOf(recent.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.channel).toBe('EMAIL');
    expect(mails[0]!.payload.subject).toBe(`[SMM] 서비스 변경 안내 ${MANY}건`);
    expect(mails[0]!.payload.text).toContain('[가격 인상] 🇰🇷 한국인 좋아요');
    expect(mails[0]!.payload.text).toContain('2,000원 → 2,200원 (1,000개당)');
    expect(mails[0]!.payload.text).toContain(`외 ${MANY - 20}건`);
    const talks = await noticesOf(phoned.id);
    expect(talks.map((n) => [n.channel, n.payload.templateId])).toEqual([['ALIMTALK', 'TPL-SERVICE-CHANGED']]);
    expect(await noticesOf(lapsed.id)).toEqual([]);
    expect(await noticesOf(stranger.id)).toEqual([]);

    console.log(
      [
        `digest after a ${MANY}-service sync: ${digest.taken} entries taken, ${digest.members.size} members told`,
        `recent (mail): ${mails.length} message(s), subject ${mails[0]!.payload.subject}`,
        `phoned (알림톡): ${talks.length}, lapsed (40 days ago): 0, never ordered: 0`,
        `mail text (head):\n${mails[0]!.payload.text!.split('\n').slice(0, 5).join('\n')}\n…\n${mails[0]!.payload.text!.split('\n').slice(-3).join('\n')}`,
      ].join('\n'),
    );
    // Run again: nothing is taken twice, nobody is told twice.
    expect((await t.app.get(ServiceChangeNoticesJob).runOnce()).taken).toBe(0);
    expect(await noticesOf(recent.id)).toHaveLength(1);
  });
});
