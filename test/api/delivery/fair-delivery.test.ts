import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import type { TestMember } from '../../support/members.js';
import { startFakeSolapi, type FakeSolapi } from '../../support/fake-solapi.js';
import type { WebhookReceiver } from '../../support/webhook-receiver.js';
import { webhookReseller } from './helpers.js';
import { DeliveryFacade, DeliverySender } from '../../../server/src/modules/delivery/index.js';
import { Delivery } from '../../../server/src/modules/delivery/entities.js';

const bearer = (m: TestMember) => `Bearer ${m.token}`;
/** The webhooks' timeout (5 s of wall time) is what a dead receiver costs each claim that holds its messages. */
const LONG = 240_000;

/**
 * One member's backlog to a receiver that never answers (1,000 webhooks) must not stand in front of another
 * member's webhook, a customer's 알림톡 or a mail: the claim takes every lane's turn in round robin and at
 * most 8 of a member's webhooks are in flight, whichever sender has them.
 */
describe('fair delivery: one dead receiver delays nobody else', () => {
  let t: TestApp;
  let solapi: FakeSolapi;
  const receivers: WebhookReceiver[] = [];
  const em = () => t.app.get(MikroORM).em.fork();
  const rowsOf = (memberId: number) =>
    em().find(Delivery, { memberId, channel: 'WEBHOOK' }, { orderBy: { id: 'ASC' } });

  const reseller = async (silent = false) => {
    const made = await webhookReseller(t);
    made.receiver.silent = silent;
    receivers.push(made.receiver);
    return made;
  };

  /** A customer's 알림톡 and a mail, written as any notice is. */
  const notices = async (memberId: number, key: string) => {
    const facade = t.app.get(DeliveryFacade);
    await em().transactional(async (tx) => {
      await facade.enqueue(tx, {
        channel: 'ALIMTALK',
        event: 'order.completed',
        memberId,
        recipient: '01055556666',
        payload: { templateId: 'KA01TP_ORDER_DONE', variables: { '#{주문번호}': key }, text: `주문 ${key}` },
        dedupeKey: `fair:alimtalk:${key}`,
      });
      await facade.enqueue(tx, {
        channel: 'EMAIL',
        event: 'order.completed',
        memberId,
        recipient: 'fair@example.com',
        payload: { subject: '[SMM] 주문 완료', text: `주문 ${key}` },
        dedupeKey: `fair:mail:${key}`,
      });
    });
  };

  beforeAll(async () => {
    solapi = await startFakeSolapi();
    t = await startTestApp({
      SOLAPI_API_URL: solapi.url,
      SOLAPI_API_KEY: solapi.apiKey,
      SOLAPI_API_SECRET: solapi.apiSecret,
      SOLAPI_PFID: solapi.pfId,
      SOLAPI_SENDER: solapi.sender,
    });
  });
  afterAll(async () => {
    for (const r of receivers) await r.close().catch(() => undefined);
    await solapi.close();
    await t.close();
  });

  it(
    '1,000 webhooks to a receiver that never answers, then another member’s webhook and an 알림톡: both go out in the first claim',
    async () => {
      const dead = await reseller(true);
      const alive = await reseller();
      // The backlog: 1,000 events of one member (a burst of order updates; tests over HTTP are limited).
      await em().transactional(async (tx) => {
        for (let i = 0; i < 1_000; i++)
          await t.app
            .get(DeliveryFacade)
            .webhookEvent(tx, dead.member.id, 'webhook.test', { message: `backlog ${i}` }, `fair-backlog:${i}`);
      });
      // Then, behind it, another member's test and a customer's notices.
      const test = await t.http.post('/api/auth/webhook/test').set('Authorization', bearer(alive.member)).expect(200);
      await notices(alive.member.id, 'A-1');

      const start = Date.now();
      let claims = 0;
      while (alive.receiver.verified.length === 0 && claims < 5) {
        await t.app.get(DeliverySender).runOnce();
        claims++;
      }
      const delay = (alive.receiver.verified[0]?.at ?? Date.now()) - start;
      console.log(
        `another member's webhook behind 1,000 webhooks to a dead receiver: delivered in claim ${claims}, ` +
          `${delay} ms after the first claim began; the dead receiver had been sent ${dead.receiver.received.length}`,
      );

      // The first claim: the other member's webhook (verified), the 알림톡 and the mail; 8 of the backlog.
      expect(claims).toBe(1);
      expect(alive.receiver.verified.map((r) => r.headers['webhook-id'])).toEqual([test.body.messageId]);
      expect(solapi.requests.flatMap((r) => r.messages.map((m) => m.kakaoOptions?.variables))).toEqual([
        { '#{주문번호}': 'A-1' },
      ]);
      const notice = await em().find(Delivery, { dedupeKey: { $in: ['fair:alimtalk:A-1', 'fair:mail:A-1'] } });
      expect(notice.map((n) => [n.channel, n.status]).sort()).toEqual([
        ['ALIMTALK', 'SENT'],
        ['EMAIL', 'STORED'],
      ]);
      expect(dead.receiver.received).toHaveLength(8);
      const backlog = await rowsOf(dead.member.id);
      expect(backlog.filter((r) => r.attempts === 1).map((r) => [r.status, r.lastAnswer])).toEqual(
        Array.from({ length: 8 }, () => ['PENDING', 'no answer within 5 s']),
      );
      expect(backlog.filter((r) => r.attempts === 0)).toHaveLength(992);
      // Given up, so the next case (and the suites after, on this database) do not meet this backlog.
      await em().nativeUpdate(Delivery, { memberId: dead.member.id }, { status: 'FAILED' });
    },
    LONG,
  );

  it(
    'while 8 of a member’s webhooks hang, a second claim takes none of that member’s and sends the rest at once',
    async () => {
      const dead = await reseller(true);
      await em().transactional(async (tx) => {
        for (let i = 0; i < 50; i++)
          await t.app
            .get(DeliveryFacade)
            .webhookEvent(tx, dead.member.id, 'webhook.test', { message: `hang ${i}` }, `fair-hang:${i}`);
      });
      const hanging = t.app.get(DeliverySender).runOnce();
      while (dead.receiver.received.length < 8) await new Promise((r) => setTimeout(r, 20));
      // Meanwhile (well within the 5 s the 8 hang): another member's webhook and a customer's notices,
      // claimed by a second run of the sender.
      const alive = await reseller();
      const test = await t.http.post('/api/auth/webhook/test').set('Authorization', bearer(alive.member)).expect(200);
      await notices(alive.member.id, 'B-1');
      const before = solapi.requests.length;
      await t.app.get(DeliverySender).runOnce();
      expect(alive.receiver.verified.map((r) => r.headers['webhook-id'])).toEqual([test.body.messageId]);
      expect(solapi.requests.slice(before).flatMap((r) => r.messages.map((m) => m.kakaoOptions?.variables))).toEqual([
        { '#{주문번호}': 'B-1' },
      ]);
      await hanging;
      // The dead receiver's 8 in flight were all it was given: the second claim took none of its messages.
      expect(dead.receiver.received).toHaveLength(8);
      expect((await rowsOf(dead.member.id)).filter((r) => r.attempts > 0)).toHaveLength(8);
      await em().nativeUpdate(Delivery, { memberId: dead.member.id }, { status: 'FAILED' });
    },
    LONG,
  );
});
