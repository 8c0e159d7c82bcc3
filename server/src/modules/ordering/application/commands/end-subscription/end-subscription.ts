import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Subscription, SubscriptionStatus } from '../../../domain/subscription.entity.js';
import { lockSubscription, SubscriptionChanges } from '../subscription-changes.js';

/**
 * Moves a subscription to `status` (a provider's report or a member's cancel); a final status refunds what
 * the child orders did not use, once. Repeating the same final report changes nothing.
 */
@Injectable()
export class EndSubscription {
  constructor(
    private readonly em: EntityManager,
    private readonly changes: SubscriptionChanges,
  ) {}

  execute(id: number, status: SubscriptionStatus, memberId?: number): Promise<Subscription> {
    return this.em.fork().transactional(async (tx) => {
      const subscription = await lockSubscription(tx, id, memberId);
      // A provider's repeated or late report after the end changes nothing.
      if (memberId === undefined && (!subscription.isOpen || subscription.status === status)) return subscription;
      return this.changes.endIn(tx, subscription, status);
    });
  }
}
