import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { DeliveryChannel, DeliveryStatus } from '../../../contracts/index.js';

/**
 * One outbound message of any channel, written in the transaction of the change that causes it and
 * delivered by the delivery job (docs/jobs.md): claimed with SKIP LOCKED, retried with backoff until it
 * answers or 24 h have passed. Rows with the same `sequenceKey` go out one after another, in id order.
 */
@Entity({ tableName: 'delivery' })
// The claim walks the unsent rows in id order (a scan of the primary key would step over every sent one).
@Index({
  name: 'delivery_due',
  expression: `create index "delivery_due" on "delivery" ("id", "next_attempt_at") where status in ('PENDING', 'SENDING')`,
})
@Index({
  name: 'delivery_sequence_pending',
  expression: `create index "delivery_sequence_pending" on "delivery" ("sequence_key", "id") where status in ('PENDING', 'SENDING') and sequence_key is not null`,
})
// The claim's lanes: a member's webhooks, or one other channel (the claim skips from lane to lane through it).
@Index({
  name: 'delivery_lane',
  expression: `create index "delivery_lane" on "delivery" ("channel", (case when channel = 'WEBHOOK' then coalesce(member_id, 0) else 0 end), "id") where status in ('PENDING', 'SENDING')`,
})
@Index({ name: 'delivery_member', properties: ['memberId', 'channel', 'id'] })
export class Delivery {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 20 })
  channel!: DeliveryChannel;

  @Property({ type: 'string', length: 60 })
  event!: string;

  @Property({ type: 'integer', nullable: true })
  memberId!: number | null;

  /** A URL, an address, a phone number or a chat: shown masked. */
  @Property({ type: 'string', length: 500 })
  recipient!: string;

  /** What is sent: the webhook's data, a mail's {subject, text}, an 알림톡's {templateId, variables, text}. Secrets never go here. */
  @Property({ type: 'json' })
  payload!: Record<string, unknown>;

  /** One message per event whatever replica or retry enqueues it. */
  @Property({ type: 'string', length: 200, unique: true })
  dedupeKey!: string;

  /** The webhook-id receivers deduplicate by (the same on every retry and replay). */
  @Property({ type: 'string', length: 40 })
  messageId!: string;

  @Property({ type: 'string', length: 100, nullable: true })
  sequenceKey!: string | null;

  @Property({ type: 'string', length: 20 })
  status!: DeliveryStatus;

  @Property({ type: 'integer' })
  attempts!: number;

  @Property({ type: 'datetime' })
  nextAttemptAt!: Date;

  /** The HTTP status of the last answer (null: no answer, or not HTTP). */
  @Property({ type: 'integer', nullable: true })
  lastStatus!: number | null;

  /** The last answer's body (at most 2,000 characters) or what went wrong. */
  @Property({ type: 'text', nullable: true })
  lastAnswer!: string | null;

  @Property({ type: 'datetime', nullable: true })
  sentAt!: Date | null;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
