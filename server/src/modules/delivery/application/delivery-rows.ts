import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryChannel } from '../../../contracts/index.js';

/** The webhook-id receivers deduplicate by: one per message, kept on every retry and replay. */
export const newMessageId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

/** The head of every write of a new message (rows PENDING, no attempt yet); a select or values follows. */
export const INSERT_DELIVERY = `insert into delivery (channel, event, member_id, recipient, payload, dedupe_key, message_id, sequence_key, status, attempts, next_attempt_at, created_at)`;

export interface NewDelivery {
  channel: DeliveryChannel;
  event: string;
  memberId: number | null;
  recipient: string;
  payload: Record<string, unknown>;
  dedupeKey: string;
  messageId: string;
  sequenceKey: string | null;
  dueAt: Date;
  createdAt: Date;
}

/** Writes one message in `tx`, once per dedupe key: its id, or null when the key was taken. */
export async function insertDelivery(tx: EntityManager, row: NewDelivery): Promise<number | null> {
  const rows = await tx.execute<{ id: number }[]>(
    `${INSERT_DELIVERY} values (?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, ?) on conflict (dedupe_key) do nothing returning id`,
    [
      row.channel,
      row.event.slice(0, 60),
      row.memberId,
      row.recipient.slice(0, 500),
      JSON.stringify(row.payload),
      row.dedupeKey.slice(0, 200),
      row.messageId,
      row.sequenceKey,
      row.dueAt,
      row.createdAt,
    ],
  );
  return rows[0]?.id ?? null;
}
