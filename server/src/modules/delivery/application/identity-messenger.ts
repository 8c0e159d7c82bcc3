import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { IdentityMessage, Messenger } from '../../identity/index.js';
import { DeliveryFacade } from './delivery.facade.js';
import { DeliverySender } from './delivery-sender.js';
import { MessageSeal } from './message-seal.js';

/**
 * Identity's mail and SMS (its `Messenger` port, bound at the composition root): verification codes,
 * reset links, login warnings, written as deliveries in the change's transaction with their secrets
 * masked and sealed; urgent ones are sent at once by the request.
 */
@Injectable()
export class IdentityMessenger implements Messenger {
  constructor(
    private readonly delivery: DeliveryFacade,
    private readonly sender: DeliverySender,
    private readonly seal: MessageSeal,
  ) {}

  async write(tx: EntityManager, message: IdentityMessage): Promise<number> {
    const id = await this.delivery.enqueue(tx, {
      channel: message.channel,
      event: message.event,
      memberId: message.memberId ?? null,
      recipient: message.to,
      payload: {
        ...(message.subject !== undefined ? { subject: message.subject } : {}),
        ...this.seal.payloadOf(message.text, message.secrets ?? []),
      },
      dedupeKey: `${message.event}:${randomUUID()}`,
      once: message.urgent ?? false,
    });
    return id!;
  }

  async sendNow(id: number): Promise<boolean> {
    return (await this.sender.sendNow(id)) !== 'FAILED';
  }
}
