import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import pMap from 'p-map';
import { Clock } from '../../../shared/index.js';
import { Delivery } from '../domain/delivery.entity.js';
import { WebhookEndpoint } from '../domain/webhook-endpoint.entity.js';
import { nextAttemptAt } from '../domain/backoff.js';
import { AlimtalkChannel, MailChannel, SmsChannel, TelegramChannel, WebhookChannel, type Attempt } from './channels.js';

/** How many messages one claim takes, and how many are in flight at once. */
export const BATCH = 500;
const CONCURRENCY = 64;

/**
 * Sends what is due. In one transaction it claims up to BATCH due messages with FOR UPDATE SKIP LOCKED
 * (a replica never takes what another holds), only the oldest pending one of each sequence (so a
 * reseller sees an order's updates in the order they happened, whatever failed meanwhile), sends them,
 * and records each answer: sent, or the next attempt after the backoff, or given up after 24 h. A crash
 * mid-send rolls the claim back and the messages go again (receivers deduplicate by webhook-id).
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
  ) {}

  /** One claim; answers how many messages it handled (BATCH: there may be more due). */
  async runOnce(limit = BATCH): Promise<number> {
    return this.em.fork().transactional(async (tx) => {
      const now = this.clock.now();
      const claimed = await tx.execute<{ id: number }[]>(
        `select d.id from delivery d
          where d.status = 'PENDING' and d.next_attempt_at <= ?
            and (d.sequence_key is null or not exists (
              select 1 from delivery e where e.sequence_key = d.sequence_key and e.status = 'PENDING' and e.id < d.id))
          order by d.id limit ? for update of d skip locked`,
        [now, limit],
      );
      if (claimed.length === 0) return 0;
      const rows = await tx.find(Delivery, { id: { $in: claimed.map((r) => r.id) } }, { orderBy: { id: 'ASC' } });
      const memberIds = [...new Set(rows.filter((r) => r.channel === 'WEBHOOK').map((r) => r.memberId!))];
      const endpoints = new Map(
        (memberIds.length ? await tx.find(WebhookEndpoint, { memberId: { $in: memberIds } }) : []).map((e) => [
          e.memberId,
          e,
        ]),
      );
      const fallbacks: Delivery[] = [];
      await pMap(
        rows,
        async (row) => {
          const attempt = await this.attempt(row, endpoints.get(row.memberId ?? -1));
          this.record(row, attempt, now);
          // 알림톡 that failed for good goes by SMS (the same text) through the gateway.
          if (row.channel === 'ALIMTALK' && row.status === 'FAILED') fallbacks.push(row);
        },
        { concurrency: CONCURRENCY },
      );
      for (const row of fallbacks)
        tx.create(Delivery, {
          channel: 'SMS',
          event: row.event,
          memberId: row.memberId,
          recipient: row.recipient,
          payload: { text: String(row.payload.text ?? '') },
          dedupeKey: `${row.dedupeKey}:sms`.slice(0, 200),
          messageId: row.messageId,
          sequenceKey: null,
          status: 'PENDING',
          attempts: 0,
          nextAttemptAt: now,
          lastStatus: null,
          lastAnswer: null,
          sentAt: null,
          createdAt: now,
        });
      return rows.length;
    });
  }

  /** Claims until nothing is due (the job's tick). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const handled = await this.runOnce();
      total += handled;
      if (handled < BATCH) return total;
    }
  }

  private attempt(row: Delivery, endpoint: WebhookEndpoint | undefined): Promise<Attempt> {
    const p = row.payload;
    switch (row.channel) {
      case 'WEBHOOK':
        if (!endpoint)
          return Promise.resolve({ ok: false, status: null, answer: '웹훅 URL이 삭제되었습니다.', retryable: false });
        // Signed at the wall clock: receivers compare webhook-timestamp with theirs (±5 min).
        return this.webhook.send(endpoint.url, endpoint.secret, row.messageId, JSON.stringify(p), new Date());
      case 'EMAIL':
        return this.mail.send(row.recipient, String(p.subject ?? ''), String(p.text ?? ''));
      case 'SMS':
        return this.sms.send(row.recipient, String(p.text ?? ''));
      case 'TELEGRAM':
        return this.telegram.send(String(p.text ?? ''));
      case 'ALIMTALK':
        return this.alimtalk.send({
          to: row.recipient,
          templateId: String(p.templateId ?? ''),
          variables: (p.variables ?? {}) as Record<string, string>,
        });
    }
  }

  private record(row: Delivery, attempt: Attempt, now: Date): void {
    row.attempts += 1;
    row.lastStatus = attempt.status;
    row.lastAnswer = attempt.answer;
    if (attempt.ok) {
      row.status = attempt.stored ? 'STORED' : 'SENT';
      row.sentAt = attempt.stored ? null : now;
      return;
    }
    const next = attempt.retryable ? nextAttemptAt(row.attempts, row.createdAt, now) : null;
    if (next === null) {
      row.status = 'FAILED';
      this.logger.warn(`${row.channel} ${row.event} #${row.id} given up after ${row.attempts} attempts`);
      return;
    }
    row.nextAttemptAt = attempt.retryAfterMs !== undefined ? new Date(now.getTime() + attempt.retryAfterMs) : next;
  }
}
