import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../../../shared/index.js';
import { lockSubscription } from '../subscription-changes.js';

/**
 * Takes a due subscription for one round of fulfilment work ('claimed'): its next check moves to
 * `leaseUntil`, so another replica's round skips it meanwhile. 'unrecorded': an earlier round sent its
 * `add` and was cut off before recording the answer, so the provider may have it (fulfilment holds it).
 * Null: no longer due, or ended.
 */
@Injectable()
export class ClaimSubscription {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  execute(id: number, leaseUntil: Date): Promise<'claimed' | 'unrecorded' | null> {
    return this.em.fork().transactional(async (tx) => {
      const subscription = await lockSubscription(tx, id);
      const now = this.clock.now();
      if (!subscription.isOpen || subscription.nextCheckAt === null || subscription.nextCheckAt > now) return null;
      if (subscription.providerSubscriptionId === null && subscription.sendingAt !== null) return 'unrecorded';
      subscription.checkAgainAt(leaseUntil, now, subscription.lastError);
      // Its `add` goes out in this round: a member's cancel waits for the outcome.
      if (subscription.providerSubscriptionId === null && subscription.providerId !== null)
        subscription.markSending(now);
      return 'claimed';
    });
  }
}
