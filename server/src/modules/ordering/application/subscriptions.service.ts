import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException, wrap } from '@mikro-orm/core';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import {
  MEMBER_CANCEL_MESSAGES,
  ORDER_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  subscriptionCost,
  subscriptionProblem,
  type SubscriptionRequest,
} from '../../../contracts/index.js';
import { CatalogFacade } from '../../catalog/index.js';
import { PricingFacade } from '../../pricing/index.js';
import { SettingsService } from '../../settings/index.js';
import { DeliveryFacade } from '../../delivery/index.js';
import { announceSubscription } from './announcements.js';
import {
  InsufficientPointsError,
  LedgerKind,
  OutstandingDebtError,
  WalletFacade,
  type LedgerEntry,
  type LedgerReference,
} from '../../wallet/index.js';
import { Clock, DomainError, findPage, NotFoundError, type ListQuery, type Page } from '../../../shared/index.js';
import { Order, OrderStatus } from '../domain/order.entity.js';
import { Subscription, SubscriptionPost, SubscriptionStatus } from '../domain/subscription.entity.js';
import { orderCost } from '../../../contracts/index.js';

export const subscriptionReference = (id: number): LedgerReference => ({ type: 'subscription', id });

export interface PlacedSubscription {
  subscriptionId: number;
  serviceId: number;
  username: string;
  point: bigint;
}

/**
 * Subscriptions (자동 좋아요): placed and paid up front (ORDER, reference subscription:id), each post the
 * provider reports recorded once as a child Order costing its share of the prepayment, and the unused
 * part refunded once when it ends (REFUND, reference subscription:id). Every change locks the row.
 */
@Injectable()
export class Subscriptions {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly settings: SettingsService,
    private readonly wallet: WalletFacade,
    private readonly clock: Clock,
    private readonly pricing: PricingFacade,
    private readonly delivery: DeliveryFacade,
    private readonly audit: AuditFacade,
  ) {}

  async place(memberId: number, input: SubscriptionRequest): Promise<PlacedSubscription> {
    await this.settings.assertOpen();
    const service = await this.catalog.getService(input.serviceId);
    if (!service?.visible) throw new DomainError(ORDER_MESSAGES.serviceRequired, 400);
    if (service.isReadOnly) throw new DomainError(ORDER_MESSAGES.unavailable, 400);
    const now = this.clock.now();
    const problem = subscriptionProblem(input, service, now.toISOString().slice(0, 10));
    if (problem) throw new DomainError(problem.message, 400);
    const point = subscriptionCost(
      await this.pricing.unitPrice(memberId, service),
      input.max,
      input.posts,
      input.oldPosts ?? 0,
    );
    return this.em.fork().transactional(async (tx) => {
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
      // The debit is the balance check: a short balance rolls the row back. Open-ended with no old posts:
      // nothing up front, but an open point debt is refused as any order is.
      if (point > 0n)
        await this.wallet.debit(tx, {
          memberId,
          amount: point,
          kind: LedgerKind.ORDER,
          reference: subscriptionReference(subscription.id),
          memo: `구독 ${subscription.id} (${input.posts + (input.oldPosts ?? 0)}개 게시물 × 최대 ${input.max})`,
        });
      else {
        const owed = await this.wallet.outstandingIn(tx, memberId);
        if (owed > 0n) throw new OutstandingDebtError(owed);
      }
      return { subscriptionId: subscription.id, serviceId: service.id, username: subscription.username, point };
    });
  }

  forMember(memberId: number, ids?: number[]): Promise<Subscription[]> {
    return this.em
      .fork()
      .find(Subscription, ids ? { memberId, id: { $in: ids } } : { memberId }, { orderBy: { id: 'DESC' }, limit: 200 });
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

  /** The console's list (filters status, memberId, serviceId, open). */
  page(query: ListQuery): Promise<Page<Subscription>> {
    const open = [SubscriptionStatus.ACTIVE, SubscriptionStatus.PAUSED];
    return findPage(this.em.fork(), Subscription, 'subscriptions', query, {
      sortable: ['id', 'createdAt', 'updatedAt', 'status', 'memberId', 'serviceId'],
      filters: {
        status: (v) => ({ status: String(v) as SubscriptionStatus }),
        memberId: (v) => ({ memberId: Number(v) }),
        serviceId: (v) => ({ serviceId: Number(v) }),
        open: (v) => (v === true || v === 'true' ? { status: { $in: open } } : { status: { $nin: open } }),
        // Waiting for an operator (`Subscription.held`): its `add` out, unanswered, nothing due.
        held: (v) =>
          v === true || v === 'true'
            ? { status: { $in: open }, providerSubscriptionId: null, sendingAt: { $ne: null }, nextCheckAt: null }
            : {},
      },
    });
  }

  get(id: number): Promise<Subscription | null> {
    return this.em.fork().findOne(Subscription, id);
  }

  /**
   * A member ends their subscription. Nothing upstream (no provider, or not sent yet): it ends now and the
   * unused part is refunded once. Sent: the cancel is forwarded to the provider (when the service takes
   * cancels) and the subscription ends, refunding only the posts not yet ordered, when the provider's
   * status says so; its `add` still out: refused until the outcome is known.
   */
  async cancelForMember(memberId: number, id: number): Promise<Subscription> {
    const found = await this.em.fork().findOne(Subscription, { id, memberId });
    const takesCancels = found ? !!(await this.catalog.getService(found.serviceId))?.cancel : false;
    return this.em.fork().transactional(async (tx) => {
      const subscription = await this.lock(tx, id, memberId);
      if (!subscription.isOpen || !subscription.heldUpstream)
        return this.endIn(tx, subscription, SubscriptionStatus.CANCELED);
      if (subscription.providerSubscriptionId === null)
        throw new DomainError(MEMBER_CANCEL_MESSAGES.subscriptionSending, 409);
      if (subscription.cancelPending) throw new DomainError(MEMBER_CANCEL_MESSAGES.subscriptionAlreadyRequested, 409);
      if (!takesCancels) throw new DomainError(MEMBER_CANCEL_MESSAGES.subscriptionNotCancelable, 409);
      subscription.requestCancel(this.clock.now());
      return subscription;
    });
  }

  /** Records the provider's answer to a forwarded cancel: taken (the status ends it) or refused with its reason. */
  async cancelAnswered(id: number, answer: { forwarded: true } | { refused: string }): Promise<void> {
    await this.note(id, (s, now) => {
      if (!s.cancelPending) return;
      if ('forwarded' in answer) s.cancelForwarded(now);
      else s.cancelRefused(answer.refused, now);
    });
  }

  /**
   * Moves it to `status` (a provider's report or a member's cancel); a final status refunds what
   * the child orders did not use, once. Repeating the same final report changes nothing.
   */
  async end(id: number, status: SubscriptionStatus, memberId?: number): Promise<Subscription> {
    return this.em.fork().transactional(async (tx) => {
      const subscription = await this.lock(tx, id, memberId);
      // A provider's repeated or late report after the end changes nothing.
      if (memberId === undefined && (!subscription.isOpen || subscription.status === status)) return subscription;
      return this.endIn(tx, subscription, status);
    });
  }

  /** A final status refunds what the child orders did not use (point − used), once. */
  private async endIn(
    tx: EntityManager,
    subscription: Subscription,
    status: SubscriptionStatus,
  ): Promise<Subscription> {
    await this.refund(tx, subscription, subscription.moveTo(status, this.clock.now()));
    return subscription;
  }

  /** Announces the end and credits what its end returned (point − used), once: (REFUND, subscription:id). */
  private async refund(tx: EntityManager, subscription: Subscription, amount: bigint): Promise<void> {
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

  /**
   * A post the provider covered (its order id): recorded once as a child Order, already running
   * upstream, costing price × max capped by what is left of the prepayment. False when already recorded.
   */
  async recordPost(
    id: number,
    providerOrderId: string,
    onRecorded?: (tx: EntityManager, order: { id: number; providerId: number | null; amount: number }) => Promise<void>,
  ): Promise<boolean> {
    try {
      return await this.em.fork().transactional(async (tx) => {
        const subscription = await this.lock(tx, id);
        if (await tx.findOne(SubscriptionPost, { subscriptionId: id, providerOrderId })) return false;
        if (!subscription.isOpen) return false;
        if (!subscription.openEnded && subscription.used >= subscription.point) return false;
        const service = await this.catalog.getService(subscription.serviceId);
        const now = this.clock.now();
        // The member's price, as the prepayment was reckoned (capped by what is left of it).
        const unit = service ? await this.pricing.unitPrice(subscription.memberId, service) : '0';
        const cost = orderCost(unit, subscription.max, 1);
        // Open-ended, past its prepaid old posts: this post's order is debited now (ORDER, reference order:<id>).
        const debited = !subscription.prepaidCovers(cost);
        const share = debited ? cost : subscription.takePost(cost, now);
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
        // Already placed by the provider: running upstream (fulfilment records the provider's order id, in this transaction).
        if (order.status === OrderStatus.PENDING && order.upstream) order.moveTo(OrderStatus.PROCESSING, now);
        await tx.persist(order).flush();
        if (debited) {
          if (share > 0n)
            // The balance check: short (or an open debt) rolls the order back and pauses the subscription.
            await this.wallet.debit(tx, {
              memberId: subscription.memberId,
              amount: share,
              kind: LedgerKind.ORDER,
              reference: { type: 'order', id: order.id },
              memo: `주문 ${order.id} (구독 ${id}의 새 게시물)`,
            });
          subscription.takeDebitedPost(share, now);
        }
        const post = Object.assign(new SubscriptionPost(), {
          subscriptionId: id,
          providerOrderId,
          orderId: order.id,
          createdAt: now,
        });
        await tx.persist(post).flush();
        await onRecorded?.(tx, { id: order.id, providerId: order.providerId, amount: order.amount });
        return true;
      });
    } catch (error) {
      // Two syncs at once: the unique (subscription, provider order) keeps one.
      if (error instanceof UniqueConstraintViolationException) return false;
      // An open-ended post its member cannot pay: not placed here; paused with the reason (asked again next round).
      if (error instanceof InsufficientPointsError || error instanceof OutstandingDebtError) {
        const reason =
          error instanceof OutstandingDebtError
            ? SUBSCRIPTION_MESSAGES.pausedDebt
            : SUBSCRIPTION_MESSAGES.pausedLowBalance;
        await this.note(id, (s, now) => s.pauseFor(reason, now));
        return false;
      }
      throw error;
    }
  }

  /**
   * Ends the open subscriptions no provider follows whose expiry day has passed (UTC), refunding the
   * unused part once; a provider's subscriptions end by its own `Expired`. The number ended.
   */
  async expireUnfollowed(limit = 200): Promise<number> {
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
      if ((await this.end(row.id, SubscriptionStatus.EXPIRED)).status === SubscriptionStatus.EXPIRED) ended++;
    return ended;
  }

  /** Subscriptions due for sending or checking upstream, oldest first. */
  due(limit: number): Promise<Subscription[]> {
    return this.em.fork().find(
      Subscription,
      {
        status: { $in: [SubscriptionStatus.ACTIVE, SubscriptionStatus.PAUSED] },
        providerId: { $ne: null },
        nextCheckAt: { $lte: this.clock.now() },
      },
      { orderBy: { nextCheckAt: 'ASC', id: 'ASC' }, limit },
    );
  }

  /**
   * Takes a due subscription for one round of fulfilment work ('claimed'): its next check moves to
   * `leaseUntil`, so another replica's round skips it meanwhile. 'unrecorded': an earlier round sent its
   * `add` and was cut off before recording the answer, so the provider may have it (fulfilment holds it).
   * Null: no longer due, or ended.
   */
  async claim(id: number, leaseUntil: Date): Promise<'claimed' | 'unrecorded' | null> {
    return this.em.fork().transactional(async (tx) => {
      const subscription = await this.lock(tx, id);
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

  /**
   * An operator's answer to a subscription held for an unanswered `add`, after checking the provider's
   * panel: its subscription id there (followed from now on), or nothing (sent again in the next round).
   */
  resendHeld(id: number, input: { providerSubscriptionId?: string }, actor: AuditActor): Promise<Subscription> {
    const link = input.providerSubscriptionId;
    return this.operate(id, actor, link ? 'link-upstream' : 'resend', (s, now) =>
      link ? s.linkHeld(link, now) : s.resendHeld(now),
    );
  }

  /** An operator ends a held subscription the provider's panel does not have: the whole prepayment comes back. */
  async cancelHeld(
    id: number,
    actor: AuditActor,
  ): Promise<{ subscription: Subscription; ledgerEntry: LedgerEntry | null }> {
    const subscription = await this.operate(id, actor, 'cancel', (s, now, tx) => this.refund(tx, s, s.cancelHeld(now)));
    return {
      subscription,
      ledgerEntry: await this.wallet.findEntry(LedgerKind.REFUND, subscriptionReference(id)),
    };
  }

  /** An operator's command on one subscription: locked, changed and audited in one transaction. */
  private operate(
    id: number,
    actor: AuditActor,
    action: string,
    change: (subscription: Subscription, now: Date, tx: EntityManager) => void | Promise<void>,
  ): Promise<Subscription> {
    return this.em.fork().transactional(async (tx) => {
      const subscription = await this.lock(tx, id);
      const before = wrap(subscription).toObject();
      await change(subscription, this.clock.now(), tx);
      this.audit.record(tx, actor, { action, resource: 'subscriptions', resourceId: id, before, after: subscription });
      return subscription;
    });
  }

  /** Fulfilment's notes on one subscription (sent, checked, failed). */
  async note(id: number, apply: (s: Subscription, now: Date) => void): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const subscription = await this.lock(tx, id);
      const before = subscription.status;
      if (subscription.isOpen) apply(subscription, this.clock.now());
      if (subscription.status !== before) await announceSubscription(this.delivery, tx, subscription);
    });
  }

  /** Provider says Paused or Active again. */
  async setRunning(
    id: number,
    status: typeof SubscriptionStatus.ACTIVE | typeof SubscriptionStatus.PAUSED,
  ): Promise<void> {
    await this.note(id, (s, now) => {
      // Paused here for a post its member could not pay: stays paused until a post is paid.
      if (s.pauseReason !== null) return;
      if (s.status !== status) s.moveTo(status, now);
    });
  }

  private async lock(tx: EntityManager, id: number, memberId?: number): Promise<Subscription> {
    const subscription = await tx.findOne(Subscription, memberId === undefined ? { id } : { id, memberId }, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
    });
    if (!subscription) throw new NotFoundError(SUBSCRIPTION_MESSAGES.notFound);
    return subscription;
  }
}
