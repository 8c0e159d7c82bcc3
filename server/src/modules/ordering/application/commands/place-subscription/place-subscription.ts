import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { subscriptionCost, subscriptionProblem, type SubscriptionRequest } from '../../../../../contracts/index.js';
import { CatalogFacade, type Service } from '../../../../catalog/index.js';
import { PricingFacade } from '../../../../pricing/index.js';
import { SettingsService } from '../../../../settings/index.js';
import { LedgerKind, OutstandingDebtError, WalletFacade } from '../../../../wallet/index.js';
import { Clock, DomainError, inputRefusal } from '../../../../../shared/index.js';
import { Subscription } from '../../../domain/subscription.entity.js';
import { subscriptionReference } from '../subscription-changes.js';

export interface PlacedSubscription {
  subscriptionId: number;
  serviceId: number;
  username: string;
  point: bigint;
}

/**
 * A member subscribes (자동 좋아요): placed and paid up front (ORDER, reference subscription:id); each post
 * the provider reports is recorded later as a child order costing its share of the prepayment.
 */
@Injectable()
export class PlaceSubscription {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly settings: SettingsService,
    private readonly wallet: WalletFacade,
    private readonly clock: Clock,
    private readonly pricing: PricingFacade,
  ) {}

  async execute(memberId: number, input: SubscriptionRequest): Promise<PlacedSubscription> {
    await this.settings.assertOpen();
    const service = await this.catalog.getService(input.serviceId);
    if (!service?.visible) throw new DomainError('ORDER_SERVICE_REQUIRED');
    if (service.isReadOnly) throw new DomainError('ORDER_UNAVAILABLE');
    const now = this.clock.now();
    const problem = subscriptionProblem(input, service, now.toISOString().slice(0, 10));
    if (problem) throw inputRefusal(problem.message);
    const point = subscriptionCost(
      await this.pricing.unitPrice(memberId, service),
      input.max,
      input.posts,
      input.oldPosts ?? 0,
    );
    return this.em.fork().transactional((tx) => this.placeIn(tx, memberId, input, service, point, now));
  }

  private async placeIn(
    tx: EntityManager,
    memberId: number,
    input: SubscriptionRequest,
    service: Service,
    point: bigint,
    now: Date,
  ): Promise<PlacedSubscription> {
    const subscription = Subscription.subscribe({
      memberId,
      service,
      username: input.username.trim(),
      min: input.min,
      max: input.max,
      posts: input.posts,
      oldPosts: input.oldPosts ?? 0,
      delay: input.delay,
      expiry: input.expiry,
      point,
      now,
    });
    await tx.persist(subscription).flush();
    await this.pay(tx, memberId, subscription, input.posts + (input.oldPosts ?? 0));
    return { subscriptionId: subscription.id, serviceId: service.id, username: subscription.username, point };
  }

  /**
   * The debit is the balance check: a short balance rolls the row back. Open-ended with no old posts:
   * nothing up front, but an open point debt is refused as any order is.
   */
  private async pay(tx: EntityManager, memberId: number, subscription: Subscription, posts: number): Promise<void> {
    const point = subscription.point;
    if (point > 0n) {
      await this.wallet.debit(tx, {
        memberId,
        amount: point,
        kind: LedgerKind.ORDER,
        reference: subscriptionReference(subscription.id),
        memo: `구독 ${subscription.id} (${posts}개 게시물 × 최대 ${subscription.max})`,
      });
      return;
    }
    const owed = await this.wallet.outstandingIn(tx, memberId);
    if (owed > 0n) throw new OutstandingDebtError(owed);
  }
}
