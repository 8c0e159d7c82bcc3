import type { Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryStatus } from '../../../../../contracts/index.js';
import { DELIVERY_RETRY } from '../../../domain/delivery-retry.js';
import type { Delivery } from '../../../domain/delivery.entity.js';
import type { Attempt } from '../../channels.js';
import { insertDelivery } from '../../delivery-rows.js';

/** One claimed message and how its attempt went. */
export interface Outcome {
  row: Delivery;
  attempt: Attempt;
}

/**
 * Every answer of a claim in one statement (fenced by status and attempt count); an 알림톡 that failed for
 * good goes by SMS. Answers the status written for each message the claim still held (a fenced-out one is not there).
 */
export function recordOutcomes(
  em: EntityManager,
  now: Date,
  outcomes: Outcome[],
  logger: Logger,
): Promise<Map<number, DeliveryStatus>> {
  const results = outcomes.map(({ row, attempt }) => ({
    id: row.id,
    attempts: row.attempts,
    ...resultOf(row, attempt, now),
  }));
  return em.transactional(async (tx) => {
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
      logger.warn(`${row.channel} ${row.event} #${row.id} given up after ${row.attempts} attempts`);
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

/** What an answer makes of a message: sent (or stored), due again after the backoff, or given up. */
function resultOf(row: Delivery, attempt: Attempt, now: Date) {
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
    attempt.retryable && row.payload.once !== true
      ? DELIVERY_RETRY.next(row.attempts, now, { since: row.createdAt, retryAfterMs: attempt.retryAfterMs })
      : null;
  if (next === null) return { ...answer, status: 'FAILED', sent_at: null, next_attempt_at: null };
  return { ...answer, status: 'PENDING', sent_at: null, next_attempt_at: next };
}
