import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { startFakeSolapi, type FakeSolapi } from '../../support/fake-solapi.js';
import { startSmsGateway, type SmsGateway } from '../../support/partners.js';
import { DeliverySender } from '../../../server/src/modules/delivery/index.js';
import { Delivery } from '../../../server/src/modules/delivery/entities.js';
import { Member } from '../../../server/src/modules/identity/entities.js';
import { OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { createService, fund, report } from '../reseller/fixtures.js';
import { admin, placeOrders } from '../fulfilment/helpers.js';

describe('customer notices: KakaoTalk 알림톡 through SOLAPI, SMS when it fails, mail', () => {
  let t: TestApp;
  let solapi: FakeSolapi;
  let sms: SmsGateway;
  let serviceId: number;
  const send = async () => {
    while ((await t.app.get(DeliverySender).runOnce()) > 0);
  };
  const rowsOf = (memberId: number) =>
    t.app
      .get(MikroORM)
      .em.fork()
      .find(Delivery, { memberId }, { orderBy: { id: 'ASC' } });
  const withPhone = async (phone: string | null): Promise<TestMember> => {
    const member = await createMember(t);
    await t.app.get(MikroORM).em.fork().nativeUpdate(Member, { id: member.id }, { phone });
    await fund(t, member.id, 100_000n);
    return member;
  };
  const completeOrder = async (memberId: number, status: OrderStatus = OrderStatus.COMPLETED, remains = 0) => {
    const [id] = await placeOrders(t, memberId, serviceId, 1, 100);
    await report(t, id!, { status, startCount: 10, remains });
    return id!;
  };

  beforeAll(async () => {
    solapi = await startFakeSolapi();
    sms = await startSmsGateway();
    t = await startTestApp({
      SOLAPI_API_URL: solapi.url,
      SOLAPI_API_KEY: solapi.apiKey,
      SOLAPI_API_SECRET: solapi.apiSecret,
      SOLAPI_PFID: solapi.pfId,
      SOLAPI_SENDER: solapi.sender,
      SMS_URL: sms.url,
    });
    serviceId = (await createService(t, { point: '7' })).id;
    for (const [key, value] of [
      ['ALIMTALK_TEMPLATE_ORDER_COMPLETED', 'KA01TP_ORDER_DONE'],
      ['ALIMTALK_TEMPLATE_ORDER_PARTIAL', 'KA01TP_ORDER_PARTIAL'],
      ['ALIMTALK_TEMPLATE_CHARGE_COMPLETED', 'KA01TP_CHARGE_DONE'],
    ])
      await t.http
        .put(`/api/admin/settings/${key}`)
        .set('Authorization', await admin(t))
        .send({ value })
        .expect(200);
  });
  afterAll(async () => {
    await t.close();
    await solapi.close();
    await sms.close();
  });

  it('an order completed sends its 알림톡 with the template id of the settings and the order in its variables', async () => {
    const member = await withPhone('01012345678');
    const before = solapi.requests.length;
    const orderId = await completeOrder(member.id);
    await send();
    const sent = solapi.requests.slice(before).flatMap((r) => r.messages);
    const order = sent.find((m) => m.kakaoOptions?.templateId === 'KA01TP_ORDER_DONE');
    const request = solapi.requests.slice(before).find((r) => r.messages.includes(order!))!;
    // For the closing note: the request as the SOLAPI fake received it (the signature cut short).
    console.log(
      `알림톡 request for an order completion (POST /messages/v4/send-many/detail):\n  authorization: ${String(request.headers.authorization).replace(/signature=\w+/, 'signature=…')}\n  ${JSON.stringify({ messages: [order] }, null, 2).replaceAll('\n', '\n  ')}`,
    );
    expect(order).toEqual({
      to: '01012345678',
      from: solapi.sender,
      type: 'ATA',
      kakaoOptions: {
        pfId: solapi.pfId,
        templateId: 'KA01TP_ORDER_DONE',
        variables: { '#{주문번호}': String(orderId), '#{수량}': '100', '#{잔여}': '0', '#{환불}': '0' },
        disableSms: true,
      },
    });
    // The charge that funded the member was told too (충전 완료).
    expect(sent.some((m) => m.kakaoOptions?.templateId === 'KA01TP_CHARGE_DONE')).toBe(true);
    expect(solapi.refused).toEqual([]);
    const rows = await rowsOf(member.id);
    expect(rows.find((r) => r.event === 'order.completed')).toMatchObject({ channel: 'ALIMTALK', status: 'SENT' });
  });

  it('falls back to SMS through the gateway when 알림톡 fails, and to SMS when the event has no template', async () => {
    const member = await withPhone('01099998888');
    solapi.failTemplates.add('KA01TP_ORDER_PARTIAL');
    try {
      const smsBefore = sms.received.length;
      await completeOrder(member.id, OrderStatus.PARTIAL, 30);
      await completeOrder(member.id, OrderStatus.CANCELED);
      await send();
      const rows = await rowsOf(member.id);
      expect(rows.find((r) => r.event === 'order.partial' && r.channel === 'ALIMTALK')).toMatchObject({
        status: 'FAILED',
        lastAnswer: '템플릿 내용이 일치하지 않음',
      });
      const texts = sms.received.slice(smsBefore).map((r) => r.body);
      expect(texts.filter((b) => b.to === '01099998888').map((b) => b.text.split('\n')[0])).toEqual(
        expect.arrayContaining(['[주문 부분 완료]', '[주문 취소]']),
      );
      expect(rows.find((r) => r.event === 'order.canceled')).toMatchObject({ channel: 'SMS', status: 'SENT' });
    } finally {
      solapi.failTemplates.clear();
    }
  });

  it('each member chooses per event; a member without a phone number gets mail', async () => {
    const member = await withPhone('01055556666');
    const auth = `Bearer ${member.token}`;
    const prefs = await t.http.get('/api/auth/notices').set('Authorization', auth).expect(200);
    expect(prefs.body['order.completed']).toBe('ALIMTALK');
    await t.http
      .put('/api/auth/notices')
      .set('Authorization', auth)
      .send({ prefs: { 'order.completed': 'EMAIL', 'order.canceled': 'OFF' } })
      .expect(200);
    const bad = await t.http
      .put('/api/auth/notices')
      .set('Authorization', auth)
      .send({ prefs: { 'order.completed': 'PIGEON' } })
      .expect(400);
    expect(bad.body.message).toMatch(/알림 수단/);
    await completeOrder(member.id);
    await completeOrder(member.id, OrderStatus.CANCELED);
    const rows = await rowsOf(member.id);
    expect(rows.find((r) => r.event === 'order.completed')).toMatchObject({
      channel: 'EMAIL',
      recipient: `${member.loginId}@example.com`,
    });
    expect(rows.some((r) => r.event === 'order.canceled')).toBe(false);

    const noPhone = await withPhone(null);
    await completeOrder(noPhone.id);
    expect((await rowsOf(noPhone.id)).find((r) => r.event === 'order.completed')).toMatchObject({ channel: 'EMAIL' });
  });
});
