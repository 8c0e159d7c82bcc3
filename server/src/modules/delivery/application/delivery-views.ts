import type { WebhookDeliveryView } from '../../../contracts/index.js';
import type { Delivery } from '../domain/delivery.entity.js';

/** A recipient as the console shows it: `a***@example.com`, `010****5678`, a URL's scheme and host only. */
export function maskRecipient(recipient: string): string {
  if (/^https?:\/\//i.test(recipient)) {
    try {
      const url = new URL(recipient);
      return `${url.protocol}//${url.host}/…`;
    } catch {
      return '***';
    }
  }
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient.slice(0, 1)}***${recipient.slice(at)}`;
  if (recipient.length >= 8) return `${recipient.slice(0, 3)}${'*'.repeat(recipient.length - 7)}${recipient.slice(-4)}`;
  return '***';
}

export const webhookDeliveryView = (row: Delivery): WebhookDeliveryView => ({
  id: row.id,
  messageId: row.messageId,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  lastStatus: row.lastStatus,
  lastAnswer: row.lastAnswer,
  payload: row.payload,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** A mail or SMS as the outbox shows it: its masked text (never the sealed one), the last answer. */
export const outboxRow = (row: Delivery) => ({
  id: row.id,
  channel: row.channel,
  event: row.event,
  recipient: row.recipient,
  subject: typeof row.payload.subject === 'string' ? row.payload.subject : null,
  body: String(row.payload.text ?? ''),
  status: row.status,
  attempts: row.attempts,
  lastAnswer: row.lastAnswer,
  sentAt: row.sentAt,
  createdAt: row.createdAt,
});

/** What the console shows: the recipient masked, no payload (a mail may carry a member's details). */
export const consoleRow = (row: Delivery) => ({
  id: row.id,
  channel: row.channel,
  event: row.event,
  memberId: row.memberId,
  recipient: maskRecipient(row.recipient),
  status: row.status,
  attempts: row.attempts,
  lastStatus: row.lastStatus,
  lastAnswer: row.lastAnswer,
  nextAttemptAt: row.nextAttemptAt,
  sentAt: row.sentAt,
  createdAt: row.createdAt,
});
