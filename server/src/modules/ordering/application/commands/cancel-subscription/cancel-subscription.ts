import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CatalogFacade } from '../../../../catalog/index.js';
import { Clock, DomainError } from '../../../../../shared/index.js';
import { Subscription, SubscriptionStatus } from '../../../domain/subscription.entity.js';
import { lockSubscription, SubscriptionChanges } from '../subscription-changes.js';

/**
 * A member ends their subscription. Nothing upstream (no provider, or not sent yet): it ends now and the
 * unused part is refunded once. Sent: the cancel is forwarded to the provider (when the service takes
 * cancels) and the subscription ends, refunding only the posts not yet ordered, when the provider's
 * status says so; its `add` still out: refused until the outcome is known.
 */
@Injectable()
export class CancelSubscription {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly clock: Clock,
    private readonly changes: SubscriptionChanges,
  ) {}

  async execute(memberId: number, id: number): Promise<Subscription> {
    const takesCancels = await this.takesCancels(memberId, id);
    return this.em.fork().transactional(async (tx) => {
      const subscription = await lockSubscription(tx, id, memberId);
      if (!subscription.isOpen || !subscription.heldUpstream)
        return this.changes.endIn(tx, subscription, SubscriptionStatus.CANCELED);
      if (subscription.providerSubscriptionId === null) throw new DomainError('SUBSCRIPTION_SENDING');
      if (subscription.cancelPending) throw new DomainError('SUBSCRIPTION_ALREADY_REQUESTED');
      if (!takesCancels) throw new DomainError('SUBSCRIPTION_NOT_CANCELABLE');
      subscription.requestCancel(this.clock.now());
      return subscription;
    });
  }

  /** Whether the subscription's service takes cancels (read before the transaction). */
  private async takesCancels(memberId: number, id: number): Promise<boolean> {
    const found = await this.em.fork().findOne(Subscription, { id, memberId });
    return found ? !!(await this.catalog.getService(found.serviceId))?.cancel : false;
  }
}
