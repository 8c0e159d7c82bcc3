import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { orderCost, SUBSCRIPTION_MESSAGES } from '../../../../../contracts/index.js';
import { CatalogFacade } from '../../../../catalog/index.js';
import { PricingFacade } from '../../../../pricing/index.js';
import { InsufficientPointsError, LedgerKind, OutstandingDebtError, WalletFacade } from '../../../../wallet/index.js';
import { Clock } from '../../../../../shared/index.js';
import { Order, OrderStatus } from '../../../domain/order.entity.js';
import { SubscriptionPost, type Subscription } from '../../../domain/subscription.entity.js';
import { lockSubscription, SubscriptionChanges } from '../subscription-changes.js';

/** Fulfilment's step in the post's transaction (it records the provider's order id). */
export type OnPostRecorded = (
  tx: EntityManager,
  order: { id: number; providerId: number | null; amount: number },
) => Promise<void>;

/** Why an open-ended post its member cannot pay pauses the subscription; null for any other error. */
function pauseReason(error: unknown): string | null {
  if (error instanceof OutstandingDebtError) return SUBSCRIPTION_MESSAGES.pausedDebt;
  if (error instanceof InsufficientPointsError) return SUBSCRIPTION_MESSAGES.pausedLowBalance;
  return null;
}

/** The post's child order: already placed by the provider, so running upstream. */
function childOrder(subscription: Subscription, share: bigint, now: Date): Order {
  const order = Order.place({
    memberId: subscription.memberId,
    service: {
      id: subscription.serviceId,
      providerId: subscription.providerId,
      providerServiceId: subscription.providerServiceId,
      type: 'Subscriptions',
    },
    link: subscription.username,
    amount: subscription.max,
    point: share,
    now,
  });
  // Fulfilment records the provider's order id, in this transaction.
  if (order.status === OrderStatus.PENDING && order.upstream) order.moveTo(OrderStatus.PROCESSING, now);
  return order;
}

/**
 * A post the provider covered (its order id): recorded once as a child Order, already running
 * upstream, costing price × max capped by what is left of the prepayment. False when already recorded.
 */
@Injectable()
export class RecordSubscriptionPost {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly clock: Clock,
    private readonly pricing: PricingFacade,
    private readonly wallet: WalletFacade,
    private readonly changes: SubscriptionChanges,
  ) {}

  async execute(id: number, providerOrderId: string, onRecorded?: OnPostRecorded): Promise<boolean> {
    try {
      return await this.em.fork().transactional((tx) => this.recordIn(tx, id, providerOrderId, onRecorded));
    } catch (error) {
      // Two syncs at once: the unique (subscription, provider order) keeps one.
      if (error instanceof UniqueConstraintViolationException) return false;
      // An open-ended post its member cannot pay: not placed here; paused with the reason (asked again next round).
      const reason = pauseReason(error);
      if (reason === null) throw error;
      await this.changes.note(id, (s, now) => s.pauseFor(reason, now));
      return false;
    }
  }

  private async recordIn(
    tx: EntityManager,
    id: number,
    providerOrderId: string,
    onRecorded?: OnPostRecorded,
  ): Promise<boolean> {
    const subscription = await lockSubscription(tx, id);
    if (!(await this.takesPost(tx, subscription, providerOrderId))) return false;
    const now = this.clock.now();
    const cost = await this.postCost(subscription);
    // Open-ended, past its prepaid old posts: this post's order is debited now (ORDER, reference order:<id>).
    const debited = !subscription.prepaidCovers(cost);
    const share = debited ? cost : subscription.takePost(cost, now);
    const order = childOrder(subscription, share, now);
    await tx.persist(order).flush();
    if (debited) await this.debit(tx, subscription, order.id, share, now);
    const post = Object.assign(new SubscriptionPost(), {
      subscriptionId: id,
      providerOrderId,
      orderId: order.id,
      createdAt: now,
    });
    await tx.persist(post).flush();
    await onRecorded?.(tx, { id: order.id, providerId: order.providerId, amount: order.amount });
    return true;
  }

  /** A post not recorded yet, of an open subscription with prepayment left (or open-ended). */
  private async takesPost(tx: EntityManager, subscription: Subscription, providerOrderId: string): Promise<boolean> {
    if (await tx.findOne(SubscriptionPost, { subscriptionId: subscription.id, providerOrderId })) return false;
    if (!subscription.isOpen) return false;
    return subscription.openEnded || subscription.used < subscription.point;
  }

  /** The member's price, as the prepayment was reckoned (capped by what is left of it later). */
  private async postCost(subscription: Subscription): Promise<bigint> {
    const service = await this.catalog.getService(subscription.serviceId);
    const unit = service ? await this.pricing.unitPrice(subscription.memberId, service) : '0';
    return orderCost(unit, subscription.max, 1);
  }

  /** The balance check: short (or an open debt) rolls the order back and pauses the subscription. */
  private async debit(
    tx: EntityManager,
    subscription: Subscription,
    orderId: number,
    share: bigint,
    now: Date,
  ): Promise<void> {
    if (share > 0n)
      await this.wallet.debit(tx, {
        memberId: subscription.memberId,
        amount: share,
        kind: LedgerKind.ORDER,
        reference: { type: 'order', id: orderId },
        memo: `주문 ${orderId} (구독 ${subscription.id}의 새 게시물)`,
      });
    subscription.takeDebitedPost(share, now);
  }
}
