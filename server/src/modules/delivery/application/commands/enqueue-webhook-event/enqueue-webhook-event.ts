import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEvent } from '../../../../../contracts/index.js';
import { Clock, JobEngine } from '../../../../../shared/index.js';
import { WebhookEndpoint } from '../../../domain/webhook-endpoint.entity.js';
import { addWebhookJob } from '../../delivery-sender.js';
import { INSERT_DELIVERY, newMessageId } from '../../delivery-rows.js';

/** Reseller webhook events written in the caller's transaction: to one member, or to every member with a webhook. */
@Injectable()
export class EnqueueWebhookEvent {
  constructor(
    private readonly clock: Clock,
    private readonly jobs: JobEngine,
  ) {}

  /**
   * A reseller webhook event, in the caller's transaction: nothing when the member has no webhook.
   * The body is the Standard Webhooks shape {type, timestamp, data}.
   */
  async toMember(
    tx: EntityManager,
    memberId: number,
    event: WebhookEvent,
    data: Record<string, unknown>,
    dedupeKey: string,
    sequenceKey: string | null = null,
  ): Promise<boolean> {
    // One statement: nothing is written when the member has no webhook (the common case costs one index probe).
    const now = this.clock.now();
    const rows = await tx.execute<{ id: number }[]>(
      `${INSERT_DELIVERY}
       select 'WEBHOOK', ?, w.member_id, w.url, ?, ?, ?, ?, 'PENDING', 0, ?, ? from webhook_endpoint w where w.member_id = ?
       on conflict (dedupe_key) do nothing returning id`,
      [
        event,
        JSON.stringify({ type: event, timestamp: now.toISOString(), data }),
        `webhook:${memberId}:${dedupeKey}`.slice(0, 200),
        newMessageId(),
        sequenceKey ? `${memberId}:${sequenceKey}`.slice(0, 100) : null,
        now,
        now,
        memberId,
      ],
    );
    // Its job in the same transaction: written and sent together, or neither.
    if (rows[0]) await addWebhookJob(this.jobs, tx, rows[0].id, memberId);
    return rows.length > 0;
  }

  /**
   * One event to every member with a webhook (a catalogue change), in the caller's transaction: one statement
   * however many resellers there are, each row with its own webhook-id, once per member and `dedupeKey`.
   */
  async broadcast(
    tx: EntityManager,
    event: WebhookEvent,
    data: Record<string, unknown>,
    dedupeKey: string,
    sequenceKey: string | null = null,
  ): Promise<number> {
    const now = this.clock.now();
    const rows = await tx.execute<{ id: number }[]>(
      `${INSERT_DELIVERY}
       select 'WEBHOOK', ?, w.member_id, w.url, ?, left('webhook:' || w.member_id || ':' || ?::text, 200),
         'msg_' || replace(gen_random_uuid()::text, '-', ''), left(w.member_id || ':' || ?::text, 100), 'PENDING', 0, ?, ?
       from webhook_endpoint w order by w.member_id
       on conflict (dedupe_key) do nothing returning id`,
      [event, JSON.stringify({ type: event, timestamp: now.toISOString(), data }), dedupeKey, sequenceKey, now, now],
    );
    return rows.length;
  }

  /** Of these members, those with a webhook (a bulk change skips the rest without a query each). */
  async membersWithWebhook(tx: EntityManager, memberIds: number[]): Promise<Set<number>> {
    if (memberIds.length === 0) return new Set();
    const rows = await tx.find(
      WebhookEndpoint,
      { memberId: { $in: [...new Set(memberIds)] } },
      { fields: ['memberId'] },
    );
    return new Set(rows.map((r) => r.memberId));
  }
}
