import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { EntityManager } from '@mikro-orm/postgresql';
import { JobEngine } from '../../../shared/index.js';
import { addWebhookJob, DeliverySender, WEBHOOK_JOB } from '../application/delivery-sender.js';
import { Delivery } from '../domain/delivery.entity.js';

/**
 * Every second (JOBS on): send whatever is due, claim after claim until none is left (mail, SMS, 알림톡,
 * operator alerts, and any webhook its job did not send). A webhook is sent by its own job, added with
 * its row; a failed one's job is added again for the row's next attempt (DELIVERY_RETRY's answer, which the console shows).
 * Tests call the sender.
 */
@Injectable()
export class DeliveryJob {
  constructor(
    private readonly jobs: JobEngine,
    private readonly em: EntityManager,
    private readonly sender: DeliverySender,
  ) {
    jobs.define('deliveries', () => this.sender.drain());
    jobs.define(WEBHOOK_JOB, (payload) => this.sendWebhook((payload as { id: number }).id));
  }

  @Interval('deliveries', 1_000)
  tick(): Promise<void> {
    return this.jobs.tick('deliveries');
  }

  /**
   * One attempt; when it failed and will be tried again, the job is added again for the row's next attempt,
   * which DELIVERY_RETRY wrote (a receiver's Retry-After included): one schedule for the row and the timer.
   */
  async sendWebhook(id: number): Promise<void> {
    if ((await this.sender.sendDue(id)) !== 'PENDING') return;
    const em = this.em.fork();
    const row = await em.findOne(Delivery, { id, status: 'PENDING' }, { fields: ['memberId', 'nextAttemptAt'] });
    if (row) await addWebhookJob(this.jobs, em, id, row.memberId!, row.nextAttemptAt);
  }
}
