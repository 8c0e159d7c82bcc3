import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  NoticeChoice,
  NoticeEvent,
  WebhookDeliveryView,
  WebhookEvent,
  WebhookView,
} from '../../../contracts/index.js';
import type { ListQuery, Page } from '../../../shared/index.js';
import type { Delivery } from '../domain/delivery.entity.js';
import { EnqueueMessage, type Outgoing } from './commands/enqueue-message/enqueue-message.js';
import {
  EnqueueWebhookEvent,
  type MemberWebhookEvent,
} from './commands/enqueue-webhook-event/enqueue-webhook-event.js';
import { ReplayDelivery } from './commands/replay-delivery/replay-delivery.js';
import { SendNotice, type Notice } from './commands/send-notice/send-notice.js';
import { SetNoticePreferences } from './commands/set-notice-preferences/set-notice-preferences.js';
import { SetWebhook } from './commands/set-webhook/set-webhook.js';
import { consoleRow } from './delivery-views.js';
import { ListDeliveries } from './queries/list-deliveries/list-deliveries.js';

export type { Outgoing } from './commands/enqueue-message/enqueue-message.js';
export { noticeText, TEMPLATE_SETTING } from './commands/send-notice/send-notice.js';
export { maskRecipient } from './delivery-views.js';

/**
 * The outbound delivery engine as other modules use it. `enqueue` writes the message in the caller's
 * transaction (none for a change that rolled back, none lost for one that committed); the delivery job
 * sends it. `webhookEvent` and `notice` are the two kinds of member messages built on it.
 */
@Injectable()
export class DeliveryFacade {
  constructor(
    private readonly messages: EnqueueMessage,
    private readonly webhooks: EnqueueWebhookEvent,
    private readonly notices: SendNotice,
    private readonly endpoints: SetWebhook,
    private readonly replays: ReplayDelivery,
    private readonly prefs: SetNoticePreferences,
    private readonly deliveries: ListDeliveries,
  ) {}

  /** Writes the message in `tx` (once per dedupe key); answers its id, or null when the key was taken. */
  enqueue(tx: EntityManager, message: Outgoing): Promise<number | null> {
    return this.messages.execute(tx, message);
  }

  /**
   * A reseller webhook event, in the caller's transaction: nothing when the member has no webhook.
   * The body is the Standard Webhooks shape {type, timestamp, data}.
   */
  webhookEvent(
    tx: EntityManager,
    memberId: number,
    event: WebhookEvent,
    data: Record<string, unknown>,
    dedupeKey: string,
    sequenceKey: string | null = null,
  ): Promise<boolean> {
    return this.webhooks.toMember(tx, memberId, event, data, dedupeKey, sequenceKey);
  }

  /** Many members' webhook events in the caller's transaction, in the order given (two statements however many). */
  webhookEventAll(tx: EntityManager, events: MemberWebhookEvent[]): Promise<number> {
    return this.webhooks.toMembers(tx, events);
  }

  /** One event to every member with a webhook (a catalogue change), in the caller's transaction. */
  webhookBroadcast(
    tx: EntityManager,
    event: WebhookEvent,
    data: Record<string, unknown>,
    dedupeKey: string,
    sequenceKey: string | null = null,
  ): Promise<number> {
    return this.webhooks.broadcast(tx, event, data, dedupeKey, sequenceKey);
  }

  /** Of these members, those with a webhook (a bulk change skips the rest without a query each). */
  membersWithWebhook(tx: EntityManager, memberIds: number[]): Promise<Set<number>> {
    return this.webhooks.membersWithWebhook(tx, memberIds);
  }

  /** A customer notice, in the caller's transaction, by the channel the member chose for the event. */
  notice(
    tx: EntityManager,
    memberId: number,
    event: NoticeEvent,
    variables: Record<string, string>,
    dedupeKey: string,
    /** The mail's own subject and text when the notice has more to say than its 알림톡 (a ticket's answer). */
    mail?: { subject: string; text: string },
  ): Promise<void> {
    return this.notices.execute(tx, memberId, event, variables, dedupeKey, mail);
  }
  /** Many customer notices in the caller's transaction (see notice), read and written together. */
  noticeAll(tx: EntityManager, notices: Notice[]): Promise<void> {
    return this.notices.executeMany(tx, notices);
  }

  // ---- The member's webhook (GET/PUT /api/auth/webhook …)

  webhookOf(memberId: number): Promise<WebhookView> {
    return this.endpoints.webhookOf(memberId);
  }

  /** Sets the URL; the first URL creates the webhook with a new secret, shown in this answer only. */
  setWebhook(
    memberId: number,
    url: string,
    assertUrl: (url: string) => Promise<void>,
    newSecret: () => string,
  ): Promise<WebhookView> {
    return this.endpoints.set(memberId, url, assertUrl, newSecret);
  }

  /** A new secret, shown in this answer only; the old one stops verifying at once. */
  rotateSecret(memberId: number, newSecret: () => string): Promise<WebhookView> {
    return this.endpoints.rotateSecret(memberId, newSecret);
  }

  removeWebhook(memberId: number): Promise<void> {
    return this.endpoints.remove(memberId);
  }

  /** A `webhook.test` event, delivered like any other (tests and replays: 5 a minute per member). */
  sendTest(memberId: number): Promise<WebhookDeliveryView> {
    return this.replays.sendTest(memberId);
  }

  /** The member's last 100 webhook deliveries, newest first. */
  memberDeliveries(memberId: number): Promise<WebhookDeliveryView[]> {
    return this.deliveries.memberDeliveries(memberId);
  }

  /** Sends one delivery again (same webhook-id): due now, whatever it answered before. */
  replay(id: number, memberId?: number): Promise<Delivery> {
    return this.replays.replay(id, memberId);
  }

  replayForMember(memberId: number, id: number): Promise<WebhookDeliveryView> {
    return this.replays.replayForMember(memberId, id);
  }

  noticePrefs(memberId: number): Promise<Record<NoticeEvent, NoticeChoice>> {
    return this.prefs.of(memberId);
  }

  setNoticePrefs(memberId: number, prefs: Partial<Record<NoticeEvent, NoticeChoice>>) {
    return this.prefs.set(memberId, prefs);
  }

  // ---- The console's 발송 내역

  page(query: ListQuery): Promise<Page<Record<string, unknown>>> {
    return this.deliveries.page(query);
  }

  one(id: number): Promise<Record<string, unknown>> {
    return this.deliveries.one(id);
  }

  async replayForConsole(id: number): Promise<Record<string, unknown>> {
    return consoleRow(await this.replays.replay(id));
  }

  // ---- The console's 메일·SMS 발송함 (`outbox`): this engine's mail and SMS, codes and links masked

  outboxPage(query: ListQuery): Promise<Page<Record<string, unknown>>> {
    return this.deliveries.outboxPage(query);
  }

  outboxOne(id: number): Promise<Record<string, unknown>> {
    return this.deliveries.outboxOne(id);
  }
}
