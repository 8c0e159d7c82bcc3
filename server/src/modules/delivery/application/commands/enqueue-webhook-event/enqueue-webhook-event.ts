import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookEvent } from '../../../../../contracts/index.js';
import { Clock, JobEngine } from '../../../../../shared/index.js';
import { WebhookEndpoint } from '../../../domain/webhook-endpoint.entity.js';
import { addWebhookJobs } from '../../delivery-sender.js';
import { INSERT_DELIVERY, newMessageId } from '../../delivery-rows.js';

/** One member's event, as written with others. */
export interface MemberWebhookEvent {
  memberId: number;
  event: WebhookEvent;
  data: Record<string, unknown>;
  dedupeKey: string;
  sequenceKey?: string | null;
}

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
    return (await this.toMembers(tx, [{ memberId, event, data, dedupeKey, sequenceKey }])) > 0;
  }

  /**
   * Many members' events in the caller's transaction, in the order given: one statement for the rows (those
   * of members without a webhook are not written) and one for their jobs. Answers how many were written.
   */
  async toMembers(tx: EntityManager, events: MemberWebhookEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const now = this.clock.now();
    // Nothing is written for a member without a webhook (the common case costs one index probe each).
    const rows = await tx.execute<{ id: number; member_id: number }[]>(
      `${INSERT_DELIVERY}
       select 'WEBHOOK', e->>'event', w.member_id, w.url, e->'payload', e->>'dedupe_key', e->>'message_id', e->>'sequence_key', 'PENDING', 0, ?, ?
         from jsonb_array_elements(?::jsonb) with ordinality as given(e, n)
         join webhook_endpoint w on w.member_id = (e->>'member_id')::int
        order by given.n
       on conflict (dedupe_key) do nothing returning id, member_id`,
      [
        now,
        now,
        JSON.stringify(
          events.map(({ memberId, event, data, dedupeKey, sequenceKey }) => ({
            member_id: memberId,
            event,
            payload: { type: event, timestamp: now.toISOString(), data },
            dedupe_key: `webhook:${memberId}:${dedupeKey}`.slice(0, 200),
            message_id: newMessageId(),
            sequence_key: sequenceKey ? `${memberId}:${sequenceKey}`.slice(0, 100) : null,
          })),
        ),
      ],
    );
    // Their jobs in the same transaction: written and sent together, or neither.
    await addWebhookJobs(
      this.jobs,
      tx,
      rows.map((row) => ({ id: row.id, memberId: row.member_id })),
    );
    return rows.length;
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
