import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import pMap from 'p-map';
import { WEBHOOK_MESSAGES, type DeliveryStatus } from '../../../contracts/index.js';
import { Clock, JobEngine } from '../../../shared/index.js';
import { Delivery } from '../domain/delivery.entity.js';
import { WebhookEndpoint } from '../domain/webhook-endpoint.entity.js';
import { nextAttemptAt } from '../domain/backoff.js';
import { digestHeading, digestText } from '../domain/digest.js';
import { AlimtalkChannel, MailChannel, SmsChannel, TelegramChannel, WebhookChannel, type Attempt } from './channels.js';
import { MessageSeal } from './message-seal.js';
import { insertDelivery } from './delivery-rows.js';

/** pg_advisory_xact_lock's first key for "a delivery claim" (claims take turns). */
const DELIVERY_CLAIM_LOCK = 0x444c5652;

/** How many messages one claim takes, and how many are in flight at once. */
export const BATCH = 500;
const CONCURRENCY = 64;
/**
 * How many of one member's webhooks are in flight at once, whichever senders have them: a receiver that
 * never answers holds this many of the senders' slots for its timeout, never the others'.
 */
export const WEBHOOKS_IN_FLIGHT = 8;
/**
 * How long a claim holds its messages: past every channel's timeout (5 s webhooks, 10 s gateways), so a
 * slow receiver is never sent the same message by a second sender meanwhile; a sender that died
 * mid-send leaves its messages to be claimed again once the lease ends.
 */
export const LEASE_MS = 60_000;

/** A message `d` is the oldest unsent one of its sequence (a reseller sees an order's updates in order). */
const FIRST_OF_SEQUENCE = `(d.sequence_key is null or not exists (
  select 1 from delivery e where e.sequence_key = d.sequence_key and e.status in ('PENDING', 'SENDING') and e.id < d.id))`;

/** The engine's job that sends one webhook; a member's run one at a time, in the order written. */
export const WEBHOOK_JOB = 'webhook.send';

/**
 * Adds the job sending webhook `id` with `em` (in the transaction that wrote it): in its member's queue,
 * keyed by the message so adding it again (a replay, the next attempt) keeps one job.
 */
export function addWebhookJob(jobs: JobEngine, em: EntityManager, id: number, memberId: number, runAt?: Date) {
  return jobs.add(
    em,
    WEBHOOK_JOB,
    { id },
    { queue: `webhook:${memberId}`, key: `delivery:${id}`, maxAttempts: 1, runAt },
  );
}

/** One claimed message and how its attempt went. */
interface Outcome {
  row: Delivery;
  attempt: Attempt;
}

/**
 * Sends what is due, in three short steps so no transaction stays open while a receiver answers:
 * 1. claim: one statement takes up to BATCH due messages (FOR UPDATE SKIP LOCKED, so replicas never take
 *    the same; claims take turns, so a burst due at once is one claimer's), only the oldest unsent one of
 *    each sequence (a reseller sees an order's updates in the order they happened, whatever failed
 *    meanwhile), and marks them SENDING with a lease (LEASE_MS) and the attempt counted. The claim is fair:
 *    each lane (a member's webhooks; each other channel: mail, SMS, 알림톡, operator alerts) gets its turn in
 *    round robin (every lane's oldest first, then every lane's second …), and a member's webhooks in flight
 *    (leased, by any sender) never pass WEBHOOKS_IN_FLIGHT, so one member's backlog to a dead receiver
 *    never stands in front of another's webhook or a customer's 알림톡;
 * 2. send them, CONCURRENCY at a time; digest messages (operator alerts: `payload.digest`) of one channel
 *    and recipient claimed together go out as ONE message (digestText) and all take its answer;
 * 3. record every answer in one statement: sent, the next attempt after the backoff, or given up after
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
    private readonly webhook: WebhookChannel,
    private readonly mail: MailChannel,
    private readonly sms: SmsChannel,
    private readonly telegram: TelegramChannel,
    private readonly alimtalk: AlimtalkChannel,
    private readonly seal: MessageSeal,
  ) {}

  /** One claim; answers how many messages it handled (BATCH: there may be more due). */
  async runOnce(limit = BATCH): Promise<number> {
    const rows = await this.claim(limit);
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
    const claimed = await em.execute<{ id: number }[]>(
      `update delivery set status = 'SENDING', attempts = delivery.attempts + 1, next_attempt_at = ?
        where id = (select d.id from delivery d where d.id = ? and ${where} for update skip locked) returning id`,
      [new Date(now.getTime() + LEASE_MS), id, ...params],
    );
    if (claimed.length === 0) return null;
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
        const attempt = await this.attempt(group, endpoints.get(group[0]!.memberId ?? -1));
        return group.map((row) => ({ row, attempt }));
      },
      { concurrency: CONCURRENCY },
    );
    return attempts.flat();
  }

  /** Takes due messages: SENDING until the lease ends, the attempt counted (the claim's fence). */
  private async claim(limit: number): Promise<Delivery[]> {
    const em = this.em.fork();
    const now = this.clock.now();
    // Claims take turns (a transaction-scoped lock around one statement): a burst due at once goes to one
    // claimer, so an operator's digest is one message whichever replicas claim together.
    const claimed = await em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?, 0)', [DELIVERY_CLAIM_LOCK]);
      return tx.execute<{ id: number; turn: string }[]>(
        `with due as (
         select d.id, d.channel, d.member_id,
                row_number() over (partition by d.channel, case when d.channel = 'WEBHOOK' then d.member_id end order by d.id) as turn
           from delivery d
          where d.status in ('PENDING', 'SENDING') and d.next_attempt_at <= ?
            and ${FIRST_OF_SEQUENCE}),
       in_flight as (
         select member_id, count(*) as n from delivery
          where channel = 'WEBHOOK' and status = 'SENDING' and next_attempt_at > ? group by member_id),
       fair as (
         select due.id, due.turn from due left join in_flight f on due.channel = 'WEBHOOK' and f.member_id = due.member_id
          where due.channel <> 'WEBHOOK' or due.turn + coalesce(f.n, 0) <= ?
          order by due.turn, due.id limit ?),
       taken as (
         select d.id, fair.turn from delivery d join fair on fair.id = d.id
          where d.status in ('PENDING', 'SENDING') and d.next_attempt_at <= ?
          for update of d skip locked)
       update delivery set status = 'SENDING', attempts = delivery.attempts + 1, next_attempt_at = ?
         from taken where delivery.id = taken.id returning delivery.id, taken.turn`,
        [now, now, WEBHOOKS_IN_FLIGHT, limit, now, new Date(now.getTime() + LEASE_MS)],
      );
    });
    if (claimed.length === 0) return [];
    // Sent in turn order: every lane's first message starts before any lane's second, so the senders'
    // slots go round the lanes too.
    const turn = new Map(claimed.map((r) => [r.id, Number(r.turn)]));
    const rows = await em.find(Delivery, { id: { $in: [...turn.keys()] } }, { orderBy: { id: 'ASC' } });
    return rows.sort((a, b) => turn.get(a.id)! - turn.get(b.id)! || a.id - b.id);
  }

  /**
   * Every answer of a claim in one statement (fenced by status and attempt count); an 알림톡 that failed for
   * good goes by SMS. Answers the status written for each message the claim still held (a fenced-out one is not there).
   */
  private async record(outcomes: Outcome[]): Promise<Map<number, DeliveryStatus>> {
    const now = this.clock.now();
    const results = outcomes.map(({ row, attempt }) => ({
      id: row.id,
      attempts: row.attempts,
      ...this.result(row, attempt, now),
    }));
    return this.em.fork().transactional(async (tx) => {
      const written = await tx.execute<{ id: number }[]>(
        `update delivery d set status = x.status, last_status = x.last_status, last_answer = x.last_answer,
                sent_at = x.sent_at, next_attempt_at = coalesce(x.next_attempt_at, d.next_attempt_at),
                payload = case when x.status <> 'PENDING' and d.payload->'sealed' is not null then d.payload - 'sealed' else d.payload end
           from jsonb_to_recordset(?::jsonb) as x(id int, attempts int, status text, last_status int, last_answer text, sent_at timestamptz, next_attempt_at timestamptz)
          where d.id = x.id and d.attempts = x.attempts and d.status = 'SENDING' returning d.id`,
        [JSON.stringify(results)],
      );
      const mine = new Set(written.map((r) => r.id));
      for (const [i, { row }] of outcomes.entries()) {
        if (!mine.has(row.id) || results[i]!.status !== 'FAILED') continue;
        this.logger.warn(`${row.channel} ${row.event} #${row.id} given up after ${row.attempts} attempts`);
        // 알림톡 that failed for good goes by SMS (the same text) through the gateway.
        if (row.channel === 'ALIMTALK')
          await insertDelivery(tx, {
            channel: 'SMS',
            event: row.event,
            memberId: row.memberId,
            recipient: row.recipient,
            payload: { text: String(row.payload.text ?? '') },
            dedupeKey: `${row.dedupeKey}:sms`,
            messageId: row.messageId,
            sequenceKey: null,
            dueAt: now,
            createdAt: now,
          });
      }
      return new Map(results.filter((r) => mine.has(r.id)).map((r) => [r.id, r.status as DeliveryStatus]));
    });
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

  /** The message of a row (or a digest of rows): its subject and text, the sealed text opened; null when it does not open. */
  private contentOf(rows: Delivery[]): { subject: string; text: string } | null {
    const first = rows[0]!.payload;
    if (first.digest === true)
      return {
        subject: rows.length === 1 ? String(first.subject ?? '') : digestHeading(rows.length),
        text: digestText(rows.map((r) => String(r.payload.text ?? ''))),
      };
    const text = this.seal.textOf(first);
    return text === null ? null : { subject: String(first.subject ?? ''), text };
  }

  private attempt(rows: Delivery[], endpoint: WebhookEndpoint | undefined): Promise<Attempt> {
    const row = rows[0]!;
    const p = row.payload;
    if (row.channel === 'WEBHOOK') {
      if (!endpoint)
        return Promise.resolve({ ok: false, status: null, answer: '웹훅 URL이 삭제되었습니다.', retryable: false });
      const secret = this.seal.openWebhookSecret(endpoint.secretSealed);
      if (secret === null)
        return Promise.resolve({
          ok: false,
          status: null,
          answer: WEBHOOK_MESSAGES.secretUnreadable,
          retryable: false,
        });
      // Signed at the wall clock: receivers compare webhook-timestamp with theirs (±5 min).
      return this.webhook.send(endpoint.url, secret, row.messageId, JSON.stringify(p), new Date());
    }
    if (row.channel === 'ALIMTALK')
      return this.alimtalk.send({
        to: row.recipient,
        templateId: String(p.templateId ?? ''),
        variables: (p.variables ?? {}) as Record<string, string>,
      });
    const content = this.contentOf(rows);
    if (!content)
      return Promise.resolve({ ok: false, status: null, answer: '봉인된 내용을 열 수 없습니다.', retryable: false });
    switch (row.channel) {
      case 'EMAIL':
        return this.mail.send(row.recipient, content.subject, content.text);
      case 'SMS':
        return this.sms.send(row.recipient, content.text);
      case 'TELEGRAM':
        return this.telegram.send(content.text);
    }
  }

  /** What an answer makes of a message: sent (or stored), due again after the backoff, or given up. */
  private result(row: Delivery, attempt: Attempt, now: Date) {
    const answer = { last_status: attempt.status, last_answer: attempt.answer };
    if (attempt.ok)
      return {
        ...answer,
        status: attempt.stored ? 'STORED' : 'SENT',
        sent_at: attempt.stored ? null : now,
        next_attempt_at: null,
      };
    // A message tried once (a verification code: a newer one replaces it) is given up at its first failure.
    const next =
      attempt.retryable && row.payload.once !== true ? nextAttemptAt(row.attempts, row.createdAt, now) : null;
    if (next === null) return { ...answer, status: 'FAILED', sent_at: null, next_attempt_at: null };
    const retryAt = attempt.retryAfterMs !== undefined ? new Date(now.getTime() + attempt.retryAfterMs) : next;
    return { ...answer, status: 'PENDING', sent_at: null, next_attempt_at: retryAt };
  }
}
