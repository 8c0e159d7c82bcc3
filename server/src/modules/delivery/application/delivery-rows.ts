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

/** A dedupe key as the column keeps it. */
const storedKey = (row: NewDelivery): string => row.dedupeKey.slice(0, 200);

/**
 * Writes messages in `tx` in one statement, once per dedupe key, in the order given (ids ascending): answers
 * each one's id, or null when its key was taken (before, or by an earlier row of the same call).
 */
export async function insertDeliveries(tx: EntityManager, rows: NewDelivery[]): Promise<(number | null)[]> {
  if (rows.length === 0) return [];
  const written = await tx.execute<{ id: number; dedupe_key: string }[]>(
    `${INSERT_DELIVERY}
     select r->>'channel', r->>'event', (r->>'member_id')::int, r->>'recipient', r->'payload', r->>'dedupe_key', r->>'message_id',
            r->>'sequence_key', 'PENDING', 0, (r->>'due_at')::timestamptz, (r->>'created_at')::timestamptz
       from jsonb_array_elements(?::jsonb) with ordinality as given(r, n)
      order by given.n
     on conflict (dedupe_key) do nothing returning id, dedupe_key`,
    [
      JSON.stringify(
        rows.map((row) => ({
          channel: row.channel,
          event: row.event.slice(0, 60),
          member_id: row.memberId,
          recipient: row.recipient.slice(0, 500),
          payload: row.payload,
          dedupe_key: storedKey(row),
          message_id: row.messageId,
          sequence_key: row.sequenceKey,
          due_at: row.dueAt.toISOString(),
          created_at: row.createdAt.toISOString(),
        })),
      ),
    ],
  );
  const ids = new Map(written.map((r) => [r.dedupe_key, r.id]));
  return rows.map((row) => {
    const key = storedKey(row);
    const id = ids.get(key) ?? null;
    ids.delete(key);
    return id;
  });
}

/** Writes one message in `tx`, once per dedupe key: its id, or null when the key was taken. */
export async function insertDelivery(tx: EntityManager, row: NewDelivery): Promise<number | null> {
  return (await insertDeliveries(tx, [row]))[0]!;
}
