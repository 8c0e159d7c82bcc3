import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { REFILL_MESSAGES, TICKET_LIMITS, TICKET_MESSAGES } from '../../../server/src/contracts/index.js';
import { OrderingFacade, OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { Order, Refill } from '../../../server/src/modules/ordering/entities.js';
import { Ticket, TicketMessage } from '../../../server/src/modules/support/entities.js';
import { TicketAutoCloseJob } from '../../../server/src/modules/support/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { admin } from '../fulfilment/helpers.js';
import { report } from '../reseller/fixtures.js';
import { balance, createService, em, fund } from '../ordering/fixtures.js';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The support desk: 1:1 문의 tied to orders, refill/cancel tickets acting at once, operators' answers. */
describe('support tickets', () => {
  let t: TestApp;
  let refillService: Service;
  let plain: Service;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestApp();
    refillService = await createService(t, { refill: true, refillDays: 30 });
    plain = await createService(t, {});
  });
  afterAll(() => t.close());
  afterEach(() => t.app.get(Clock).reset());

  const bearer = (m: TestMember) => `Bearer ${m.token}`;
  const place = async (memberId: number, serviceId: number) =>
    (
      await t.app.get(OrderingFacade).placeOrder(memberId, {
        serviceId,
        link: `https://instagram.com/p/s${++seq}`,
        amount: 100,
        runs: 0,
        interval: 0,
      })
    ).placed.orderId;
  const member = async () => {
    const m = await createMember(t);
    await fund(t, m.id, 100_000n);
    return m;
  };
  const open = (m: TestMember, body: Record<string, unknown>) =>
    t.http.post('/api/service/tickets').set('Authorization', bearer(m)).send(body);
  const tickets = async (memberId: number) => em(t).count(Ticket, { memberId });

  it('a refill ticket for two orders requests the eligible refill at once; the other waits for an operator, with its reason', async () => {
    const m = await member();
    const done = await place(m.id, refillService.id);
    await report(t, done, { status: OrderStatus.COMPLETED });
    const running = await place(m.id, refillService.id);
    const res = await open(m, {
      type: 'REFILL',
      subject: '리필 부탁드립니다',
      body: '팔로워가 줄었어요 https://instagram.com/p/x',
      orderIds: `${done}, ${running}`,
    }).expect(201);
    const refill = await em(t).findOneOrFail(Refill, { orderId: done });
    expect(res.body.status).toBe('OPEN');
    expect(res.body.orderIds).toEqual([done, running]);
    expect(res.body.messages.map((x: { author: string }) => x.author)).toEqual(['MEMBER', 'SYSTEM']);
    expect(res.body.messages[1].body).toBe(
      `주문 ${done}: 리필 요청됨 (리필 ${refill.id})\n주문 ${running}: ${REFILL_MESSAGES.notFinished}`,
    );
    expect(await em(t).count(Refill, { orderId: running })).toBe(0);
    // The linked orders carry what the member may still do (the one rule of contracts/order-actions).
    const orders = new Map(res.body.orders.map((o: { id: number }) => [o.id, o]));
    expect(orders.get(done)).toMatchObject({ actions: { refill: { allowed: false, reason: REFILL_MESSAGES.open } } });
    expect(orders.get(running)).toMatchObject({ actions: { cancel: { allowed: true }, ask: { allowed: true } } });
    // Operators hear of it through the alerts.
    const [alert] = await em(t)
      .getConnection()
      .execute(`select kind, text from operator_alert where dedupe_key = ?`, [`ticket:${res.body.id}`]);
    expect(alert).toMatchObject({ kind: 'NEW_TICKET' });
    expect(alert.text).toContain('리필 요청');
  });

  it('a refill or cancel ticket the rules settle whole is answered by the desk and raises no alert', async () => {
    const m = await member();
    const pending = await place(m.id, plain.id);
    const before = await balance(t, m.id);
    const res = await open(m, { type: 'CANCEL', subject: '취소', body: '취소해 주세요', orderIds: [pending] }).expect(
      201,
    );
    expect(res.body.status).toBe('ANSWERED');
    expect(res.body.messages[1].body).toBe(`주문 ${pending}: 취소됨 (250원 환불)`);
    expect((await em(t).findOneOrFail(Order, pending)).status).toBe(OrderStatus.CANCELED);
    expect(await balance(t, m.id)).toBe(before + 250n);
    const alerts = await em(t)
      .getConnection()
      .execute(`select 1 from operator_alert where dedupe_key = ?`, [`ticket:${res.body.id}`]);
    expect(alerts).toHaveLength(0);
  });

  it('refuses bad input in Korean and stores nothing', async () => {
    const m = await member();
    const other = await member();
    const foreign = await place(other.id, plain.id);
    const mine = await place(m.id, plain.id);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ type: 'OTHER', subject: 'a', body: 'x'.repeat(5001) }, 400, TICKET_MESSAGES.bodyTooLong],
      [{ type: 'OTHER', subject: 'a', body: 'b', orderIds: `${mine} ${foreign}` }, 400, TICKET_MESSAGES.foreignOrders],
      [{ type: 'OTHER', subject: 'a', body: 'b', orderIds: '12a' }, 400, TICKET_MESSAGES.ordersInvalid],
      [
        { type: 'OTHER', subject: 'a', body: 'b', orderIds: Array.from({ length: 101 }, (_, i) => i + 1) },
        400,
        TICKET_MESSAGES.tooManyOrders,
      ],
      [{ type: 'REFILL', subject: 'a', body: 'b' }, 400, TICKET_MESSAGES.ordersRequired],
      [{ type: 'NOPE', subject: 'a', body: 'b' }, 400, TICKET_MESSAGES.typeRequired],
      [
        { type: 'OTHER', subject: 'a', body: 'b', images: ['https://evil.example/x.png'] },
        400,
        TICKET_MESSAGES.imageInvalid,
      ],
      [
        {
          type: 'OTHER',
          subject: 'a',
          body: 'b',
          images: Array(4).fill('/uploads/0b7c1d1e-1111-4222-8333-444455556666.webp'),
        },
        400,
        TICKET_MESSAGES.tooManyImages,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await open(m, body).expect(status);
      expect(res.body.message).toContain(message);
    }
    expect(await tickets(m.id)).toBe(0);
    expect((await em(t).findOneOrFail(Order, mine)).status).toBe(OrderStatus.PENDING);
    // Images of other types are refused by the upload pipeline.
    const text = await t.http
      .post('/api/service/tickets/images')
      .set('Authorization', bearer(m))
      .attach('file', Buffer.from('<svg onload="alert(1)"/>'), 'x.png')
      .expect(415);
    expect(text.body.message).toContain('이미지 파일');
    const image = await t.http
      .post('/api/service/tickets/images')
      .set('Authorization', bearer(m))
      .attach('file', PNG_1x1, 'a.png')
      .expect(201);
    expect(image.body.url).toMatch(/^\/uploads\/.+\.webp$/);
    await open(m, { type: 'OTHER', subject: '이미지', body: '첨부', images: [image.body.url] }).expect(201);
  });

  it('a member keeps at most 5 open tickets (409), and others members’ tickets are 404', async () => {
    const m = await member();
    const ids: number[] = [];
    for (let i = 0; i < TICKET_LIMITS.open; i++)
      ids.push((await open(m, { type: 'OTHER', subject: `문의 ${i}`, body: '내용' }).expect(201)).body.id);
    const sixth = await open(m, { type: 'OTHER', subject: '여섯째', body: '내용' }).expect(409);
    expect(sixth.body.message).toBe(TICKET_MESSAGES.tooManyOpen);
    expect(await tickets(m.id)).toBe(5);
    await t.http.post(`/api/service/tickets/${ids[0]}/close`).set('Authorization', bearer(m)).expect(200);
    await open(m, { type: 'OTHER', subject: '이제 됨', body: '내용' }).expect(201);

    const stranger = await member();
    await t.http.get(`/api/service/tickets/${ids[1]}`).set('Authorization', bearer(stranger)).expect(404);
    await t.http
      .post(`/api/service/tickets/${ids[1]}/messages`)
      .set('Authorization', bearer(stranger))
      .send({ body: '남의 문의' })
      .expect(404);
    await t.http.post(`/api/service/tickets/${ids[1]}/close`).set('Authorization', bearer(stranger)).expect(404);
    const list = await t.http.get('/api/service/tickets').set('Authorization', bearer(stranger)).expect(200);
    expect(list.body).toEqual([]);
  });

  it('operators answer (mailed), note internally (never shown), assign, filter and close; a member reply reopens', async () => {
    const m = await member();
    const order = await place(m.id, plain.id);
    const created = (
      await open(m, {
        type: 'SPEED',
        subject: '<script>alert(1)</script>',
        body: '<img src=x onerror=alert(1)>',
        orderIds: [order],
      }).expect(201)
    ).body;
    const op = await admin(t);
    const unread = await t.http.get('/api/admin/tickets/unread').set('Authorization', op).expect(200);
    expect(unread.body.count).toBeGreaterThanOrEqual(1);
    const list = await t.http
      .get('/api/admin/tickets')
      .query({ filter: JSON.stringify({ orderId: order, status: 'OPEN' }) })
      .set('Authorization', op)
      .expect(200);
    expect(list.body.map((x: { id: number }) => x.id)).toEqual([created.id]);
    // The inbox names the member by login id, not only by number.
    expect(list.body[0]).toMatchObject({ memberId: m.id, memberLoginId: m.loginId, subject: created.subject });
    const page = await t.http.get(`/api/admin/tickets/${created.id}`).set('Authorization', op).expect(200);
    expect(page.body).toMatchObject({ subject: '<script>alert(1)</script>', unread: false, memberId: m.id });
    expect(page.body.orders[0]).toMatchObject({ id: order, commands: expect.arrayContaining(['cancel']) });

    await t.http
      .post(`/api/admin/tickets/${created.id}/messages`)
      .set('Authorization', op)
      .send({ body: '내부 메모: 공급사 확인 중', internal: true })
      .expect(201);
    const answered = await t.http
      .post(`/api/admin/tickets/${created.id}/messages`)
      .set('Authorization', op)
      .send({ body: '작업이 곧 시작됩니다.' })
      .expect(201);
    expect(answered.body.status).toBe('ANSWERED');
    // 문의 답변 goes by the member's channel (no phone: mail), through the delivery outbox; the note is not told.
    const notices = await em(t)
      .getConnection()
      .execute(`select channel, recipient, payload from delivery where member_id = ? and event = 'ticket.answered'`, [
        m.id,
      ]);
    expect(notices).toHaveLength(1);
    const [mail] = notices;
    expect(mail).toMatchObject({ channel: 'EMAIL', recipient: `${m.loginId}@example.com` });
    expect(mail.payload.subject).toContain('답변이 등록되었습니다');
    expect(mail.payload.text).toContain('작업이 곧 시작됩니다.');
    expect(mail.payload.text).not.toContain('내부 메모');

    const seen = await t.http.get(`/api/service/tickets/${created.id}`).set('Authorization', bearer(m)).expect(200);
    expect(seen.body.messages.map((x: { body: string }) => x.body)).toEqual([
      '<img src=x onerror=alert(1)>',
      '작업이 곧 시작됩니다.',
    ]);
    const reply = await t.http
      .post(`/api/service/tickets/${created.id}/messages`)
      .set('Authorization', bearer(m))
      .send({ body: '감사합니다. 하나 더 물어볼게요' })
      .expect(201);
    expect(reply.body.status).toBe('OPEN');

    const assigned = await t.http
      .post(`/api/admin/tickets/${created.id}/assign`)
      .set('Authorization', op)
      .send({ operatorId: 1 })
      .expect(200);
    expect(assigned.body.assigneeId).toBe(1);
    const closed = await t.http.post(`/api/admin/tickets/${created.id}/close`).set('Authorization', op).expect(200);
    expect(closed.body.status).toBe('CLOSED');
    const again = await t.http.post(`/api/admin/tickets/${created.id}/close`).set('Authorization', op).expect(409);
    expect(again.body.message).toBe(TICKET_MESSAGES.alreadyClosed);
    // A member token is no operator.
    await t.http.get('/api/admin/tickets').set('Authorization', bearer(m)).expect(401);
  });

  it('answered tickets with no reply close after 7 days (the job)', async () => {
    const m = await member();
    const id = (await open(m, { type: 'OTHER', subject: '질문', body: '내용' }).expect(201)).body.id;
    await t.http
      .post(`/api/admin/tickets/${id}/messages`)
      .set('Authorization', await admin(t))
      .send({ body: '답변입니다' })
      .expect(201);
    const job = t.app.get(TicketAutoCloseJob);
    t.app.get(Clock).travel(6 * 86_400_000);
    expect(await job.runOnce()).not.toContain(id);
    t.app.get(Clock).travel(1 * 86_400_000 + 60_000);
    expect(await job.runOnce()).toContain(id);
    expect((await em(t).findOneOrFail(Ticket, id)).status).toBe('CLOSED');
    expect(await em(t).count(TicketMessage, { ticketId: id })).toBe(2);
  });

  it('saved replies (저장된 답변) are a console resource', async () => {
    const op = await admin(t);
    const created = await t.http
      .post('/api/admin/saved-replies')
      .set('Authorization', op)
      .send({ title: '리필 안내', body: '리필은 24시간 안에 시작됩니다.' })
      .expect(201);
    const list = await t.http.get('/api/admin/saved-replies').set('Authorization', op).expect(200);
    expect(list.body.map((r: { id: number }) => r.id)).toContain(created.body.id);
    await t.http.post('/api/admin/saved-replies').set('Authorization', op).send({ title: '', body: 'x' }).expect(400);
  });
  const upload = (m: TestMember) =>
    t.http.post('/api/service/tickets/images').set('Authorization', bearer(m)).attach('file', PNG_1x1, 'a.png');

  it('a ticket attaches only the member’s own uploads: another member’s is a Korean 400 and nothing is written', async () => {
    const owner = await member();
    const other = await member();
    const mine = (await upload(owner).expect(201)).body.url as string;
    const res = await open(other, { type: 'OTHER', subject: '남의 이미지', body: '첨부', images: [mine] }).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'TICKET_IMAGE_NOT_OWN',
      message: '회원님이 올린 이미지만 첨부할 수 있습니다. 이미지를 다시 올려 주세요.',
    });
    expect(await tickets(other.id)).toBe(0);
    // A URL of the right shape that no member uploaded is no one's either.
    await open(owner, {
      type: 'OTHER',
      subject: '없는 이미지',
      body: '첨부',
      images: ['/uploads/0b7c1d1e-1111-4222-8333-444455556666.webp'],
    }).expect(400);
    expect(await tickets(owner.id)).toBe(0);
    // In a reply too.
    const own = (await open(owner, { type: 'OTHER', subject: '내 이미지', body: '첨부', images: [mine] }).expect(201))
      .body;
    expect(own.messages[0].images).toEqual([mine]);
    const reply = await t.http
      .post(`/api/service/tickets/${own.id}/messages`)
      .set('Authorization', bearer(other))
      .send({ body: 'x', images: [mine] })
      .expect(404);
    expect(reply.body.code).toBe('TICKET_NOT_FOUND');
    const theirs = (await open(other, { type: 'OTHER', subject: '다른 문의', body: '내용' }).expect(201)).body;
    const foreign = await t.http
      .post(`/api/service/tickets/${theirs.id}/messages`)
      .set('Authorization', bearer(other))
      .send({ body: '남의 이미지', images: [mine] })
      .expect(400);
    expect(foreign.body.code).toBe('TICKET_IMAGE_NOT_OWN');
    expect(await em(t).count(TicketMessage, { ticketId: theirs.id })).toBe(1);
  });

  it('a subject loses line breaks, bidi controls and zero-width characters; one with nothing visible left is a Korean 400', async () => {
    const m = await member();
    const res = await open(m, {
      type: 'OTHER',
      subject: '환불\r\n[운영자 확인 완료]\u202e 요청\u200b\u2066입니다\u2069\u2028끝',
      body: '내용',
    }).expect(201);
    expect(res.body.subject).toBe('환불 [운영자 확인 완료] 요청입니다 끝');
    expect((await em(t).findOneOrFail(Ticket, res.body.id)).subject).toBe('환불 [운영자 확인 완료] 요청입니다 끝');
    for (const subject of ['\u200b\u200b\u200b', '\u202e\u2066\u2069', '\r\n\n', ' \u200d \ufeff ', '\u3164\u3164']) {
      const refused = await open(m, { type: 'OTHER', subject, body: '내용' }).expect(400);
      expect(refused.body).toMatchObject({ statusCode: 400, message: TICKET_MESSAGES.subjectRequired });
    }
    expect(await tickets(m.id)).toBe(1);
    // The console's saved replies' titles too.
    const op = await admin(t);
    await t.http
      .post('/api/admin/saved-replies')
      .set('Authorization', op)
      .send({ title: '\u200b\u202e', body: 'x' })
      .expect(400);
    const titled = await t.http
      .post('/api/admin/saved-replies')
      .set('Authorization', op)
      .send({ title: '리필\n안내\u202e', body: '여러 줄\n본문' })
      .expect(201);
    expect(titled.body).toMatchObject({ title: '리필 안내', body: '여러 줄\n본문' });
  });

  it('a ticket is assigned only to an operator who exists and is active (a Korean 400, nothing changed)', async () => {
    const m = await member();
    const id = (await open(m, { type: 'OTHER', subject: '담당자', body: '내용' }).expect(201)).body.id;
    const op = await admin(t);
    const created = await t.http
      .post('/api/admin/operators')
      .set('Authorization', op)
      .send({ loginId: `gone_${++seq}`, password: 'gone-operator-password', role: 'SUPPORT' })
      .expect(201);
    await t.http.post(`/api/admin/operators/${created.body.id}/disable`).set('Authorization', op).expect(200);
    for (const operatorId of [987_654, created.body.id]) {
      const res = await t.http
        .post(`/api/admin/tickets/${id}/assign`)
        .set('Authorization', op)
        .send({ operatorId })
        .expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'TICKET_ASSIGNEE_INVALID',
        message: '담당자로 지정할 수 없는 운영자입니다. 사용 중인 운영자를 선택해 주세요.',
      });
    }
    expect((await em(t).findOneOrFail(Ticket, id)).assigneeId).toBeNull();
    await t.http.post(`/api/admin/tickets/${id}/assign`).set('Authorization', op).send({ operatorId: 1 }).expect(200);
    await t.http
      .post(`/api/admin/tickets/${id}/assign`)
      .set('Authorization', op)
      .send({ operatorId: null })
      .expect(200);
    expect((await em(t).findOneOrFail(Ticket, id)).assigneeId).toBeNull();
  });
});
