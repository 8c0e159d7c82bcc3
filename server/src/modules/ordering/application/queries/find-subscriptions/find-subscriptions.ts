import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../../../shared/index.js';
import { Subscription, SubscriptionPost, SubscriptionStatus } from '../../../domain/subscription.entity.js';

const OPEN = [SubscriptionStatus.ACTIVE, SubscriptionStatus.PAUSED];

/** Plain reads of subscriptions: a member's own, one by id, their child orders, and those due upstream. */
@Injectable()
export class FindSubscriptions {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  forMember(memberId: number, ids?: number[]): Promise<Subscription[]> {
    return this.em
      .fork()
      .find(Subscription, ids ? { memberId, id: { $in: ids } } : { memberId }, { orderBy: { id: 'DESC' }, limit: 200 });
  }

  get(id: number): Promise<Subscription | null> {
    return this.em.fork().findOne(Subscription, id);
  }

  /** The child orders of these subscriptions, by subscription id. */
  async childOrders(subscriptionIds: number[]): Promise<Map<number, number[]>> {
    const rows =
      subscriptionIds.length === 0
        ? []
        : await this.em
            .fork()
            .find(SubscriptionPost, { subscriptionId: { $in: subscriptionIds } }, { orderBy: { id: 'ASC' } });
    const map = new Map<number, number[]>();
    for (const row of rows) map.set(row.subscriptionId, [...(map.get(row.subscriptionId) ?? []), row.orderId]);
    return map;
  }

  /** Subscriptions due for sending or checking upstream, oldest first. */
  due(limit: number): Promise<Subscription[]> {
    return this.em
      .fork()
      .find(
        Subscription,
        { status: { $in: OPEN }, providerId: { $ne: null }, nextCheckAt: { $lte: this.clock.now() } },
        { orderBy: { nextCheckAt: 'ASC', id: 'ASC' }, limit },
      );
  }
}
