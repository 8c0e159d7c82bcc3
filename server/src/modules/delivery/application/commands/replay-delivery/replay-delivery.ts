import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { WEBHOOK_TEST_LIMIT, type WebhookDeliveryView } from '../../../../../contracts/index.js';
import { Clock, DomainError, JobEngine, NotFoundError } from '../../../../../shared/index.js';
import { perWindow, RateBuckets } from '../../../../rate-limit/index.js';
import { Delivery } from '../../../domain/delivery.entity.js';
import { WebhookEndpoint } from '../../../domain/webhook-endpoint.entity.js';
import { addWebhookJob } from '../../delivery-sender.js';
import { webhookDeliveryView as view } from '../../delivery-views.js';
import { EnqueueWebhookEvent } from '../enqueue-webhook-event/enqueue-webhook-event.js';

/** A delivery sent again (the console, the member), and the member's `webhook.test`. */
@Injectable()
export class ReplayDelivery {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly buckets: RateBuckets,
    private readonly jobs: JobEngine,
    private readonly webhooks: EnqueueWebhookEvent,
  ) {}

  /** A `webhook.test` event, delivered like any other (tests and replays: 5 a minute per member). */
  async sendTest(memberId: number): Promise<WebhookDeliveryView> {
    await this.takeTestTurn(memberId);
    const id = await this.em.fork().transactional(async (tx) => {
      const endpoint = await tx.findOne(WebhookEndpoint, { memberId });
      if (!endpoint) throw new DomainError('WEBHOOK_NOT_SET');
      const key = `test:${randomUUID()}`;
      await this.webhooks.toMember(tx, memberId, 'webhook.test', { message: '웹훅 테스트입니다.' }, key);
      return (await tx.findOneOrFail(Delivery, { dedupeKey: `webhook:${memberId}:${key}` })).id;
    });
    return view(await this.em.fork().findOneOrFail(Delivery, id));
  }

  /** Sends one delivery again (same webhook-id): due now, whatever it answered before. */
  async replay(id: number, memberId?: number): Promise<Delivery> {
    return this.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(Delivery, memberId === undefined ? { id } : { id, memberId, channel: 'WEBHOOK' });
      if (!row) throw new NotFoundError('WEBHOOK_DELIVERY_NOT_FOUND');
      // A code or a reset link is sent once and its secret dropped: the member asks for a new one.
      if (row.payload.once === true) throw new DomainError('DELIVERY_NOT_RESENDABLE');
      row.status = 'PENDING';
      row.nextAttemptAt = this.clock.now();
      if (row.channel === 'WEBHOOK') await addWebhookJob(this.jobs, tx, row.id, row.memberId!);
      return row;
    });
  }

  async replayForMember(memberId: number, id: number): Promise<WebhookDeliveryView> {
    await this.takeTestTurn(memberId);
    return view(await this.replay(id, memberId));
  }

  /** One of the member's webhook tests and replays (WEBHOOK_TEST_LIMIT), or a Korean 429 (nothing written). */
  private async takeTestTurn(memberId: number): Promise<void> {
    const rule = perWindow(WEBHOOK_TEST_LIMIT.limit, WEBHOOK_TEST_LIMIT.windowSeconds);
    const taken = await this.buckets.take(`webhook-test:member:${memberId}`, rule, this.clock.now().getTime());
    if (taken.granted === 0) throw new DomainError('WEBHOOK_TESTS_TOO_MANY');
  }
}
