import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type WebhookView } from '../../../../../contracts/index.js';
import { Clock, DomainError } from '../../../../../shared/index.js';
import { WebhookEndpoint } from '../../../domain/webhook-endpoint.entity.js';
import { MessageSeal, secretHint } from '../../message-seal.js';

/** The member's webhook (GET/PUT/DELETE /api/auth/webhook, a new secret): its URL and its sealed signing secret. */
@Injectable()
export class SetWebhook {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly seal: MessageSeal,
  ) {}

  async webhookOf(memberId: number): Promise<WebhookView> {
    const endpoint = await this.em.fork().findOne(WebhookEndpoint, { memberId });
    return { url: endpoint?.url ?? null, secretHint: endpoint ? this.hintOf(endpoint) : null };
  }

  /**
   * Sets the URL; the first URL creates the webhook with a new secret, shown in this answer only. A later
   * URL keeps the secret (receivers keep verifying) and the answer names it by its hint only.
   */
  async set(
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

  async remove(memberId: number): Promise<void> {
    await this.em.fork().nativeDelete(WebhookEndpoint, { memberId });
  }
}
