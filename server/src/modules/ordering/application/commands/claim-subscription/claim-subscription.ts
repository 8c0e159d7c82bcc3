import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock, lockDue, type Lease } from '../../../../../shared/index.js';
import { Subscription } from '../../../domain/subscription.entity.js';

/**
 * Takes a due subscription for one round of fulfilment work ('claimed'): its next check moves to
 * the end of `lease`, so another replica's round skips it meanwhile. 'unrecorded': an earlier round sent its
 * `add` and was cut off before recording the answer, so the provider may have it (fulfilment holds it).
 * Null: no longer due, or ended.
 */
@Injectable()
export class ClaimSubscription {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  execute(id: number, lease: Lease): Promise<'claimed' | 'unrecorded' | null> {
    return this.em.fork().transactional(async (tx) => {
      const now = this.clock.now();
      // One row by key: a round or command holding it is waited for, then its state decides.
      const [subscription] = await lockDue(tx, Subscription, {
        due: 'id = ? and next_check_at <= ?',
        params: [id, now],
        wait: true,
      });
      if (!subscription?.isOpen) return null;
      if (subscription.providerSubscriptionId === null && subscription.sendingAt !== null) return 'unrecorded';
      subscription.checkAgainAt(lease.endsAt(now), now, subscription.lastError);
      // Its `add` goes out in this round: a member's cancel waits for the outcome.
      if (subscription.providerSubscriptionId === null && subscription.providerId !== null)
        subscription.markSending(now);
      return 'claimed';
    });
  }
}
