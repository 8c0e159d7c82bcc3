import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import pMap from 'p-map';
import type { DeliveryStatus } from '../../../contracts/index.js';
import { Clock, JobEngine } from '../../../shared/index.js';
import { Delivery } from '../domain/delivery.entity.js';
import { WebhookEndpoint } from '../domain/webhook-endpoint.entity.js';
import { AttemptDelivery } from './commands/send-deliveries/attempt-delivery.js';
import { BATCH, claimDue, claimOne, FIRST_OF_SEQUENCE } from './commands/send-deliveries/claim-deliveries.js';
import { recordOutcomes, type Outcome } from './commands/send-deliveries/record-outcomes.js';

export { BATCH, DELIVERY_LEASE, WEBHOOKS_IN_FLIGHT } from './commands/send-deliveries/claim-deliveries.js';

/** How many messages are in flight at once. */
const CONCURRENCY = 64;

/** The engine's job that sends one webhook; a member's run one at a time, in the order written. */
export const WEBHOOK_JOB = 'webhook.send';

/**
 * Adds the job sending webhook `id` with `em` (in the transaction that wrote it): in its member's queue,
 * keyed by the message so adding it again (a replay, the next attempt) keeps one job.
 */
export function addWebhookJob(jobs: JobEngine, em: EntityManager, id: number, memberId: number, runAt?: Date) {
  return addWebhookJobs(jobs, em, [{ id, memberId, runAt }]);
}

/** The jobs of many webhooks written together, in one statement (see addWebhookJob). */
export function addWebhookJobs(
  jobs: JobEngine,
  em: EntityManager,
  rows: { id: number; memberId: number; runAt?: Date }[],
) {
  return jobs.addMany(
    em,
    WEBHOOK_JOB,
    rows.map(({ id, memberId, runAt }) => ({
      payload: { id },
      options: { queue: `webhook:${memberId}`, key: `delivery:${id}`, runAt },
    })),
  );
}

/**
 * Sends what is due, in three short steps so no transaction stays open while a receiver answers:
 * 1. claim: one statement takes up to BATCH due messages (FOR UPDATE SKIP LOCKED, so replicas never take
 *    the same; claims take turns, so a burst due at once is one claimer's), only the oldest unsent one of
 *    each sequence (a reseller sees an order's updates in the order they happened, whatever failed
 *    meanwhile), and marks them SENDING with a lease (DELIVERY_LEASE) and the attempt counted. The claim is fair:
 *    each lane (a member's webhooks; each other channel: mail, SMS, 알림톡, operator alerts) gets its turn in
 *    round robin (every lane's oldest first, then every lane's second …), and a member's webhooks in flight
 *    (leased, by any sender) never pass WEBHOOKS_IN_FLIGHT, so one member's backlog to a dead receiver
 *    never stands in front of another's webhook or a customer's 알림톡;
 * 2. send them, CONCURRENCY at a time; digest messages (operator alerts: `payload.digest`) of one channel
 *    and recipient claimed together go out as ONE message (digestText) and all take its answer;
 * 3. record every answer in one statement: sent, the next attempt by DELIVERY_RETRY, or given up after
 *    24 h (at once for a message tried only once: `payload.once`). The record is fenced by the claim
 *    (status SENDING, the same attempt count): a sender whose lease ran out and was claimed again writes
 *    nothing. A finished message loses its sealed part (`payload.sealed`: a code or a reset link).
 * `sendNow` does the same for one message by id, in the request that wrote it (a verification code).
 */
@Injectable()
export class DeliverySender {
  private readonly logger = new Logger('Delivery');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly attempts: AttemptDelivery,
  ) {}

  /** One claim; answers how many messages it handled (BATCH: there may be more due). */
  async runOnce(limit = BATCH): Promise<number> {
    const rows = await claimDue(this.em.fork(), this.clock.now(), limit);
    if (rows.length === 0) return 0;
    await this.record(await this.send(rows));
    return rows.length;
  }

  /**
   * Sends one written message now, in the caller's request (a verification code, a reset link), with the
   * claim's lease and fence: answers its status afterwards (that of whoever has it, when it was not
   * PENDING any more: another sender's, or already finished).
   */
  async sendNow(id: number): Promise<DeliveryStatus> {
    const recorded = await this.sendOne(id, `d.status = 'PENDING'`, []);
    if (recorded) return recorded;
    // Not ours (another sender has it, or it had finished) or fenced out: as whoever has it left it.
    return (await this.em.fork().findOneOrFail(Delivery, id, { fields: ['status'] })).status;
  }

  /**
   * A webhook's job: one attempt when the message is due and no earlier one of its sequence is unsent (the
   * claim's rules); answers the status recorded, or null when it was not sent now (another sender has it,
   * it is not due, or it waits for an earlier message: the sweeping tick sends it in its turn).
   */
  sendDue(id: number): Promise<DeliveryStatus | null> {
    return this.sendOne(id, `d.status = 'PENDING' and d.next_attempt_at <= ? and ${FIRST_OF_SEQUENCE}`, [
      this.clock.now(),
    ]);
  }

  /** Claims one message when `where` holds (lease, attempt counted), sends it and records the answer. */
  private async sendOne(id: number, where: string, params: unknown[]): Promise<DeliveryStatus | null> {
    const em = this.em.fork();
    const now = this.clock.now();
    if (!(await claimOne(em, now, id, where, params))) return null;
    const row = await em.findOneOrFail(Delivery, id);
    const [outcome] = await this.send([row]);
    return (await this.record([outcome!])).get(id) ?? null;
  }

  /** One attempt per message, or per digest of messages (the same answer for all of its rows). */
  private async send(rows: Delivery[]): Promise<Outcome[]> {
    const em = this.em.fork();
    const memberIds = [...new Set(rows.filter((r) => r.channel === 'WEBHOOK').map((r) => r.memberId!))];
    const endpoints = new Map(
      (memberIds.length ? await em.find(WebhookEndpoint, { memberId: { $in: memberIds } }) : []).map((e) => [
        e.memberId,
        e,
      ]),
    );
    const groups = Map.groupBy(rows, (row) =>
      row.payload.digest === true ? `digest:${row.channel}:${row.recipient}` : `row:${row.id}`,
    );
    const attempts = await pMap(
      [...groups.values()],
      async (group) => {
        const attempt = await this.attempts.attempt(group, endpoints.get(group[0]!.memberId ?? -1));
        return group.map((row) => ({ row, attempt }));
      },
      { concurrency: CONCURRENCY },
    );
    return attempts.flat();
  }

  /** Records a claim's answers (see recordOutcomes). */
  private record(outcomes: Outcome[]): Promise<Map<number, DeliveryStatus>> {
    return recordOutcomes(this.em.fork(), this.clock.now(), outcomes, this.logger);
  }

  /**
   * Claims until nothing is due (the job's tick). A claim may take fewer than BATCH while more are due (a
   * member's webhooks wait for their turn in flight), so only an empty claim ends the tick.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const handled = await this.runOnce();
      total += handled;
      if (handled === 0) return total;
    }
  }
}
