import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  NOTICE_EVENT_LABELS,
  OUTBOX_CHANNELS,
  NOTICE_EVENTS,
  WEBHOOK_TEST_LIMIT,
  type DeliveryChannel,
  type NoticeChoice,
  type NoticeEvent,
  type SettingKey,
  type WebhookDeliveryView,
  type WebhookEvent,
  type WebhookView,
} from '../../../contracts/index.js';
import {
  Clock,
  DomainError,
  filterId,
  filterOneOf,
  filterString,
  findPage,
  JobEngine,
  NotFoundError,
  Page,
  searchIn,
  type ListQuery,
} from '../../../shared/index.js';
import { MemberContacts } from '../../identity/index.js';
import { perWindow, RateBuckets } from '../../rate-limit/index.js';
import { SettingsService } from '../../settings/index.js';
import { Delivery } from '../domain/delivery.entity.js';
import { addWebhookJob, LEASE_MS } from './delivery-sender.js';
import { INSERT_DELIVERY, insertDelivery, newMessageId } from './delivery-rows.js';
import { MessageSeal, secretHint } from './message-seal.js';
import { NoticePreference } from '../domain/notice-preference.entity.js';
import { WebhookEndpoint } from '../domain/webhook-endpoint.entity.js';

/** One message to send, as a caller enqueues it. */
export interface Outgoing {
  channel: DeliveryChannel;
  event: string;
  memberId?: number | null;
  recipient: string;
  payload: Record<string, unknown>;
  /** One message per key, whoever enqueues it how often. */
  dedupeKey: string;
  /** Messages with the same key are delivered one after another in the order they were written. */
  sequenceKey?: string | null;
  /**
   * Sent by the request that wrote it (DeliverySender.sendNow) and tried once: a verification code or a
   * reset link, which a newer one replaces. The job takes it only if that request never did (after a lease).
   */
  once?: boolean;
}

/** The settings key holding the 알림톡 template id of each notice. */
export const TEMPLATE_SETTING: Record<NoticeEvent, SettingKey> = {
  'charge.completed': 'ALIMTALK_TEMPLATE_CHARGE_COMPLETED',
  'order.completed': 'ALIMTALK_TEMPLATE_ORDER_COMPLETED',
  'order.partial': 'ALIMTALK_TEMPLATE_ORDER_PARTIAL',
  'order.canceled': 'ALIMTALK_TEMPLATE_ORDER_CANCELED',
  'refill.completed': 'ALIMTALK_TEMPLATE_REFILL_COMPLETED',
  'ticket.answered': 'ALIMTALK_TEMPLATE_TICKET_ANSWERED',
  'service.changed': 'ALIMTALK_TEMPLATE_SERVICE_CHANGED',
};

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

/** The plain text of a notice (mail body, SMS, and the 알림톡's text): its label and the variables. */
export function noticeText(event: NoticeEvent, variables: Record<string, string>): string {
  const lines = Object.entries(variables).map(([k, v]) => `${k.replace(/^#\{|\}$/g, '')}: ${v}`);
  return [`[${NOTICE_EVENT_LABELS[event]}]`, ...lines].join('\n');
}

/**
 * The outbound delivery engine as other modules use it. `enqueue` writes the message in the caller's
 * transaction (none for a change that rolled back, none lost for one that committed); the delivery job
 * sends it. `webhookEvent` and `notice` are the two kinds of member messages built on it.
 */
@Injectable()
export class DeliveryFacade {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly contacts: MemberContacts,
    private readonly settings: SettingsService,
    private readonly seal: MessageSeal,
    private readonly buckets: RateBuckets,
    private readonly jobs: JobEngine,
  ) {}

  /** Writes the message in `tx` (once per dedupe key); answers its id, or null when the key was taken. */
  async enqueue(tx: EntityManager, message: Outgoing): Promise<number | null> {
    const now = this.clock.now();
    const payload = message.once ? { ...message.payload, once: true } : message.payload;
    return insertDelivery(tx, {
      channel: message.channel,
      event: message.event,
      memberId: message.memberId ?? null,
      recipient: message.recipient,
      payload,
      dedupeKey: message.dedupeKey,
      messageId: newMessageId(),
      sequenceKey: message.sequenceKey ?? null,
      dueAt: message.once ? new Date(now.getTime() + LEASE_MS) : now,
      createdAt: now,
    });
  }

  /**
   * A reseller webhook event, in the caller's transaction: nothing when the member has no webhook.
   * The body is the Standard Webhooks shape {type, timestamp, data}.
   */
  async webhookEvent(
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
  async webhookBroadcast(
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

  /**
   * A customer notice, in the caller's transaction, by the channel the member chose for the event:
   * 알림톡 (its template id from the settings; SMS when 알림톡 fails or has no template), mail, or none.
   * A member without a phone number gets mail; without either, nothing.
   */
  async notice(
    tx: EntityManager,
    memberId: number,
    event: NoticeEvent,
    variables: Record<string, string>,
    dedupeKey: string,
    /** The mail's own subject and text when the notice has more to say than its 알림톡 (a ticket's answer). */
    mail?: { subject: string; text: string },
  ): Promise<void> {
    const contact = await this.contacts.contactOf(tx, memberId);
    if (!contact) return;
    const pref = await tx.findOne(NoticePreference, { memberId, event });
    const choice: NoticeChoice = pref?.choice ?? 'ALIMTALK';
    if (choice === 'OFF') return;
    const text = noticeText(event, variables);
    if (choice === 'ALIMTALK' && contact.phone) {
      const templateId = String((await this.settings.get(TEMPLATE_SETTING[event])) ?? '');
      await this.enqueue(tx, {
        channel: templateId ? 'ALIMTALK' : 'SMS',
        event,
        memberId,
        recipient: contact.phone,
        payload: templateId ? { templateId, variables, text } : { text },
        dedupeKey: `notice:${dedupeKey}`,
      });
      return;
    }
    if (contact.email)
      await this.enqueue(tx, {
        channel: 'EMAIL',
        event,
        memberId,
        recipient: contact.email,
        payload: mail ?? { subject: `[SMM] ${NOTICE_EVENT_LABELS[event]}`, text },
        dedupeKey: `notice:${dedupeKey}`,
      });
  }

  // ---- The member's webhook (GET/PUT /api/auth/webhook …)

  async webhookOf(memberId: number): Promise<WebhookView> {
    const endpoint = await this.em.fork().findOne(WebhookEndpoint, { memberId });
    return { url: endpoint?.url ?? null, secretHint: endpoint ? this.hintOf(endpoint) : null };
  }

  /**
   * Sets the URL; the first URL creates the webhook with a new secret, shown in this answer only. A later
   * URL keeps the secret (receivers keep verifying) and the answer names it by its hint only.
   */
  async setWebhook(
    memberId: number,
    url: string,
    assertUrl: (url: string) => Promise<void>,
    newSecret: () => string,
  ): Promise<WebhookView> {
    await assertUrl(url);
    return this.em.fork().transactional(async (tx) => {
      const endpoint = await tx.findOne(WebhookEndpoint, { memberId });
      if (endpoint) {
        endpoint.url = url;
        endpoint.updatedAt = this.clock.now();
        return { url, secretHint: this.hintOf(endpoint) };
      }
      const secret = newSecret();
      tx.create(WebhookEndpoint, {
        memberId,
        url,
        secretSealed: this.seal.sealWebhookSecret(secret),
        updatedAt: this.clock.now(),
      });
      return { url, secretHint: secretHint(secret), secret };
    });
  }

  /** A new secret, shown in this answer only; the old one stops verifying at once. */
  async rotateSecret(memberId: number, newSecret: () => string): Promise<WebhookView> {
    return this.em.fork().transactional(async (tx) => {
      const endpoint = await tx.findOne(WebhookEndpoint, { memberId });
      if (!endpoint) throw new DomainError('WEBHOOK_NOT_SET');
      const secret = newSecret();
      endpoint.secretSealed = this.seal.sealWebhookSecret(secret);
      endpoint.updatedAt = this.clock.now();
      return { url: endpoint.url, secretHint: secretHint(secret), secret };
    });
  }

  private hintOf(endpoint: WebhookEndpoint): string | null {
    const secret = this.seal.openWebhookSecret(endpoint.secretSealed);
    return secret === null ? null : secretHint(secret);
  }

  async removeWebhook(memberId: number): Promise<void> {
    await this.em.fork().nativeDelete(WebhookEndpoint, { memberId });
  }

  /** A `webhook.test` event, delivered like any other (tests and replays: 5 a minute per member). */
  async sendTest(memberId: number): Promise<WebhookDeliveryView> {
    await this.takeTestTurn(memberId);
    const id = await this.em.fork().transactional(async (tx) => {
      const endpoint = await tx.findOne(WebhookEndpoint, { memberId });
      if (!endpoint) throw new DomainError('WEBHOOK_NOT_SET');
      const key = `test:${randomUUID()}`;
      await this.webhookEvent(tx, memberId, 'webhook.test', { message: '웹훅 테스트입니다.' }, key);
      return (await tx.findOneOrFail(Delivery, { dedupeKey: `webhook:${memberId}:${key}` })).id;
    });
    return view(await this.em.fork().findOneOrFail(Delivery, id));
  }

  /** The member's last 100 webhook deliveries, newest first. */
  async memberDeliveries(memberId: number): Promise<WebhookDeliveryView[]> {
    const rows = await this.em
      .fork()
      .find(Delivery, { memberId, channel: 'WEBHOOK' }, { orderBy: { id: 'DESC' }, limit: 100 });
    return rows.map(view);
  }

  /** Sends one delivery again (same webhook-id): due now, whatever it answered before. */
  async replay(id: number, memberId?: number): Promise<Delivery> {
    return this.em.fork().transactional(async (tx) => {
      const row = await tx.findOne(Delivery, memberId === undefined ? { id } : { id, memberId, channel: 'WEBHOOK' });
      if (!row) throw new NotFoundError('WEBHOOK_DELIVERY_NOT_FOUND');
      // A code or a reset link is sent once and its secret dropped: the member asks for a new one.
      if (row.payload.once === true) throw new DomainError('DELIVERY_NOT_RESENDABLE');
      row.status = 'PENDING';
      row.nextAttemptAt = this.clock.now();
      if (row.channel === 'WEBHOOK') await addWebhookJob(this.jobs, tx, row.id, row.memberId!);
      return row;
    });
  }

  async replayForMember(memberId: number, id: number): Promise<WebhookDeliveryView> {
    await this.takeTestTurn(memberId);
    return view(await this.replay(id, memberId));
  }

  /** One of the member's webhook tests and replays (WEBHOOK_TEST_LIMIT), or a Korean 429 (nothing written). */
  private async takeTestTurn(memberId: number): Promise<void> {
    const rule = perWindow(WEBHOOK_TEST_LIMIT.limit, WEBHOOK_TEST_LIMIT.windowSeconds);
    const taken = await this.buckets.take(`webhook-test:member:${memberId}`, rule, this.clock.now().getTime());
    if (taken.granted === 0) throw new DomainError('WEBHOOK_TESTS_TOO_MANY');
  }

  async noticePrefs(memberId: number): Promise<Record<NoticeEvent, NoticeChoice>> {
    const rows = await this.em.fork().find(NoticePreference, { memberId });
    const chosen = new Map(rows.map((r) => [r.event, r.choice]));
    return Object.fromEntries(NOTICE_EVENTS.map((e) => [e, chosen.get(e) ?? 'ALIMTALK'])) as Record<
      NoticeEvent,
      NoticeChoice
    >;
  }

  async setNoticePrefs(memberId: number, prefs: Partial<Record<NoticeEvent, NoticeChoice>>) {
    await this.em.fork().transactional(async (tx) => {
      for (const [event, choice] of Object.entries(prefs)) {
        await tx.upsert(NoticePreference, { memberId, event, choice: choice! });
      }
    });
    return this.noticePrefs(memberId);
  }

  // ---- The console's 발송 내역

  async page(query: ListQuery): Promise<Page<Record<string, unknown>>> {
    const page = await findPage(this.em.fork(), Delivery, 'deliveries', query, {
      sortable: ['id', 'createdAt', 'channel', 'event', 'status', 'attempts', 'sentAt'],
      filters: {
        channel: (v) => ({ channel: filterOneOf(DELIVERY_CHANNELS, v) }),
        status: (v) => ({ status: filterOneOf(DELIVERY_STATUSES, v) }),
        memberId: (v) => ({ memberId: filterId(v) }),
        q: searchIn('event'),
      },
    });
    return new Page(page.resource, page.rows.map(consoleRow), page.total, page.start);
  }

  async one(id: number): Promise<Record<string, unknown>> {
    const row = await this.em.fork().findOne(Delivery, id);
    if (!row) throw new NotFoundError('WEBHOOK_DELIVERY_NOT_FOUND');
    return consoleRow(row);
  }

  async replayForConsole(id: number): Promise<Record<string, unknown>> {
    return consoleRow(await this.replay(id));
  }

  // ---- The console's 메일·SMS 발송함 (`outbox`): this engine's mail and SMS, codes and links masked

  async outboxPage(query: ListQuery): Promise<Page<Record<string, unknown>>> {
    const page = await findPage(this.em.fork(), Delivery, 'outbox', query, {
      where: { channel: { $in: [...OUTBOX_CHANNELS] } },
      sortable: ['id', 'createdAt', 'recipient', 'status', 'channel'],
      filters: {
        channel: (v) => ({ channel: filterOneOf(OUTBOX_CHANNELS, v) }),
        status: (v) => ({ status: filterOneOf(DELIVERY_STATUSES, v) }),
        recipient: (v) => ({ recipient: filterString(v, 200) }),
        q: searchIn('recipient', 'event'),
      },
    });
    return new Page(page.resource, page.rows.map(outboxRow), page.total, page.start);
  }

  async outboxOne(id: number): Promise<Record<string, unknown>> {
    const row = await this.em.fork().findOne(Delivery, { id, channel: { $in: [...OUTBOX_CHANNELS] } });
    if (!row) throw new NotFoundError();
    return outboxRow(row);
  }
}

const view = (row: Delivery): WebhookDeliveryView => ({
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
const outboxRow = (row: Delivery) => ({
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
const consoleRow = (row: Delivery) => ({
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
