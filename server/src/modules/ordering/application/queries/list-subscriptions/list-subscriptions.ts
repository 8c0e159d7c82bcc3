import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { findPage, type ListQuery, type Page } from '../../../../../shared/index.js';
import { Subscription, SubscriptionStatus } from '../../../domain/subscription.entity.js';

const OPEN = [SubscriptionStatus.ACTIVE, SubscriptionStatus.PAUSED];
const flag = (v: unknown) => v === true || v === 'true';

/** The console's list (filters status, memberId, serviceId, open, held). */
@Injectable()
export class ListSubscriptions {
  constructor(private readonly em: EntityManager) {}

  execute(query: ListQuery): Promise<Page<Subscription>> {
    return findPage(this.em.fork(), Subscription, 'subscriptions', query, {
      sortable: ['id', 'createdAt', 'updatedAt', 'status', 'memberId', 'serviceId'],
      filters: {
        status: (v) => ({ status: String(v) as SubscriptionStatus }),
        memberId: (v) => ({ memberId: Number(v) }),
        serviceId: (v) => ({ serviceId: Number(v) }),
        open: (v) => (flag(v) ? { status: { $in: OPEN } } : { status: { $nin: OPEN } }),
        // Waiting for an operator (`Subscription.held`): its `add` out, unanswered, nothing due.
        held: (v) =>
          flag(v)
            ? { status: { $in: OPEN }, providerSubscriptionId: null, sendingAt: { $ne: null }, nextCheckAt: null }
            : {},
      },
    });
  }
}
