import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../../../shared/index.js';
import { Subscription, SubscriptionStatus } from '../../../domain/subscription.entity.js';
import { EndSubscription } from '../end-subscription/end-subscription.js';

/**
 * Ends the open subscriptions no provider follows whose expiry day has passed (UTC), refunding the
 * unused part once; a provider's subscriptions end by its own `Expired`. The number ended.
 */
@Injectable()
export class ExpireSubscriptions {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly end: EndSubscription,
  ) {}

  async execute(limit = 200): Promise<number> {
    const today = this.clock.now().toISOString().slice(0, 10);
    const rows = await this.em.fork().find(
      Subscription,
      {
        status: { $in: [SubscriptionStatus.ACTIVE, SubscriptionStatus.PAUSED] },
        providerId: null,
        expiry: { $ne: null, $lt: today },
      },
      { orderBy: { id: 'ASC' }, limit },
    );
    let ended = 0;
    for (const row of rows)
      if ((await this.end.execute(row.id, SubscriptionStatus.EXPIRED)).status === SubscriptionStatus.EXPIRED) ended++;
    return ended;
  }
}
