import { Injectable } from '@nestjs/common';
import { wrap } from '@mikro-orm/core';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../../audit/index.js';
import { DeliveryFacade } from '../../../delivery/index.js';
import { LedgerKind, WalletFacade, type LedgerReference } from '../../../wallet/index.js';
import { Clock, NotFoundError } from '../../../../shared/index.js';
import { announceSubscription } from '../announcements.js';
import { Subscription, type SubscriptionStatus } from '../../domain/subscription.entity.js';

export const subscriptionReference = (id: number): LedgerReference => ({ type: 'subscription', id });

/** The subscription locked for this transaction (the member's own when `memberId` is given); 404 otherwise. */
export async function lockSubscription(tx: EntityManager, id: number, memberId?: number): Promise<Subscription> {
  const subscription = await tx.findOne(Subscription, memberId === undefined ? { id } : { id, memberId }, {
    lockMode: LockMode.PESSIMISTIC_WRITE,
  });
  if (!subscription) throw new NotFoundError('SUBSCRIPTION_NOT_FOUND');
  return subscription;
}

/**
 * The steps the subscription commands share: every change locks the row; an end announces itself and
 * refunds the unused part once (REFUND, reference subscription:id).
 */
@Injectable()
export class SubscriptionChanges {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly wallet: WalletFacade,
    private readonly delivery: DeliveryFacade,
    private readonly audit: AuditFacade,
  ) {}

  /** A final status refunds what the child orders did not use (point − used), once. */
  async endIn(tx: EntityManager, subscription: Subscription, status: SubscriptionStatus): Promise<Subscription> {
    await this.refund(tx, subscription, subscription.moveTo(status, this.clock.now()));
    return subscription;
  }

  /** Announces the end and credits what its end returned (point − used), once: (REFUND, subscription:id). */
  async refund(tx: EntityManager, subscription: Subscription, amount: bigint): Promise<void> {
    await announceSubscription(this.delivery, tx, subscription);
    if (amount > 0n)
      await this.wallet.credit(tx, {
        memberId: subscription.memberId,
        amount,
        kind: LedgerKind.REFUND,
        reference: subscriptionReference(subscription.id),
        memo: `구독 ${subscription.id} 미사용분 환불`,
      });
  }

  /** Fulfilment's notes on one subscription (sent, checked, failed); a change of status is announced. */
  async note(id: number, apply: (s: Subscription, now: Date) => void): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const subscription = await lockSubscription(tx, id);
      const before = subscription.status;
      if (subscription.isOpen) apply(subscription, this.clock.now());
      if (subscription.status !== before) await announceSubscription(this.delivery, tx, subscription);
    });
  }

  /** An operator's command on one subscription: locked, changed and audited in one transaction. */
  operate(
    id: number,
    actor: AuditActor,
    action: string,
    change: (subscription: Subscription, now: Date, tx: EntityManager) => void | Promise<void>,
  ): Promise<Subscription> {
    return this.em.fork().transactional(async (tx) => {
      const subscription = await lockSubscription(tx, id);
      const before = wrap(subscription).toObject();
      await change(subscription, this.clock.now(), tx);
      this.audit.record(tx, actor, { action, resource: 'subscriptions', resourceId: id, before, after: subscription });
      return subscription;
    });
  }
}
