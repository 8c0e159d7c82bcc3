import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryChannel } from '../../../../../contracts/index.js';
import { Clock } from '../../../../../shared/index.js';
import { DELIVERY_LEASE } from '../../delivery-sender.js';
import { insertDeliveries, newMessageId } from '../../delivery-rows.js';

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

/** Writes one message in the caller's transaction; the delivery job sends it. */
@Injectable()
export class EnqueueMessage {
  constructor(private readonly clock: Clock) {}

  /** Writes the message in `tx` (once per dedupe key); answers its id, or null when the key was taken. */
  async execute(tx: EntityManager, message: Outgoing): Promise<number | null> {
    return (await this.executeMany(tx, [message]))[0] ?? null;
  }

  /** Writes the messages in `tx` in one statement (once per dedupe key); answers each one's id, or null when its key was taken. */
  executeMany(tx: EntityManager, messages: Outgoing[]): Promise<(number | null)[]> {
    const now = this.clock.now();
    const rows = messages.map((message) => ({
      channel: message.channel,
      event: message.event,
      memberId: message.memberId ?? null,
      recipient: message.recipient,
      payload: message.once ? { ...message.payload, once: true } : message.payload,
      dedupeKey: message.dedupeKey,
      messageId: newMessageId(),
      sequenceKey: message.sequenceKey ?? null,
      dueAt: message.once ? DELIVERY_LEASE.endsAt(now) : now,
      createdAt: now,
    }));
    return insertDeliveries(tx, rows);
  }
}
