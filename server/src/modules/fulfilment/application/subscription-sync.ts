import { CatalogFacade, termsKey } from '../../catalog/index.js';
import { expectedCost } from '../domain/cost.js';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OrderingFacade, SubscriptionStatus, type Subscription } from '../../ordering/index.js';
import { Clock, Lease, RetrySchedule } from '../../../shared/index.js';
import { Provider } from '../domain/provider.entity.js';
import { OrderDispatch, UNCERTAIN_MARK } from '../domain/order-dispatch.entity.js';
import { SYNC_SPACING_MS } from './order-sync.js';
import { ProviderError, SmmClient } from './smm-client.js';
import { AlertsFacade } from '../../alerts/index.js';

/** A subscription whose provider failed or could not be found is tried again a minute later. */
const SUBSCRIPTION_RETRY = new RetrySchedule({ delays: { everyMs: 60_000 } });
/** How long one round holds a subscription (another replica skips it meanwhile). */
const SUBSCRIPTION_LEASE = Lease.minutes(5);

/** What the console shows on a subscription held for an unanswered `add`. */
const heldNote = (reason: string) =>
  `${UNCERTAIN_MARK} ${reason}: 공급사에 구독이 들어갔을 수 있어 자동으로 다시 보내지 않습니다. 공급사에서 구독 여부를 확인한 뒤 공급사 구독번호를 연결하거나 재전송 또는 취소하세요.`;

export interface SubscriptionSyncStats {
  sent: number;
  posts: number;
  ended: number;
}

/**
 * Sends members' subscriptions upstream as a subscription `add` and follows them with `status`: each
 * new child order the provider lists becomes a child Order (once, no extra debit), and a final status
 * ends the subscription with the unused part refunded once (ordering does the money).
 */
@Injectable()
export class SubscriptionSync {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly client: SmmClient,
    private readonly ordering: OrderingFacade,
    private readonly catalog: CatalogFacade,
    private readonly alerts: AlertsFacade,
  ) {}

  async runOnce(limit = 200): Promise<SubscriptionSyncStats> {
    const stats: SubscriptionSyncStats = { sent: 0, posts: 0, ended: 0 };
    stats.ended += await this.ordering.expireSubscriptions(limit);
    const providers = new Map((await this.em.fork().find(Provider, {})).map((p) => [p.id, p]));
    for (const subscription of await this.ordering.dueSubscriptions(limit)) {
      const claim = await this.ordering.claimSubscription(subscription.id, SUBSCRIPTION_LEASE);
      if (claim === null) continue;
      if (claim === 'unrecorded') {
        await this.hold(subscription, '이전 전송의 결과가 기록되지 않았습니다');
        continue;
      }
      const provider = providers.get(subscription.providerId!);
      if (!provider) {
        await this.later(subscription, SUBSCRIPTION_RETRY.delayMs(1), '공급사를 찾을 수 없습니다.');
        continue;
      }
      if (subscription.providerSubscriptionId === null) await this.send(provider, subscription, stats);
      else {
        if (subscription.cancelPending && subscription.cancelForwardedAt === null)
          await this.forwardCancel(provider, subscription);
        await this.follow(provider, subscription, stats);
      }
    }
    return stats;
  }

  private async send(provider: Provider, s: Subscription, stats: SubscriptionSyncStats): Promise<void> {
    try {
      const id = await this.client.addSubscription(provider, {
        service: s.providerServiceId!,
        username: s.username,
        min: s.min,
        max: s.max,
        posts: s.posts,
        oldPosts: s.oldPosts,
        delay: s.delay,
        expiry: s.expiry,
      });
      await this.ordering.noteSubscription(s.id, (row, now) =>
        row.markSent(id, new Date(now.getTime() + SYNC_SPACING_MS), now),
      );
      stats.sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // The provider refused it: the subscription ends and everything is refunded. No answer it could have
      // acted on (a timeout, a 5xx): held for an operator. Else (it never reached the provider): try again.
      if (error instanceof ProviderError && error.kind === 'REJECTED') {
        await this.ordering.noteSubscription(s.id, (row, now) => row.checkAgainAt(now, now, reason));
        await this.ordering.endSubscription(s.id, SubscriptionStatus.CANCELED);
        stats.ended++;
      } else if (error instanceof ProviderError && error.ambiguous) await this.hold(s, reason);
      else await this.later(s, SUBSCRIPTION_RETRY.delayMs(1), reason);
    }
  }

  /** The provider may run it and nobody knows: never sent again by itself; an operator checks its panel. */
  private async hold(s: Subscription, reason: string): Promise<void> {
    await this.ordering.noteSubscription(s.id, (row, now) => row.holdUnanswered(heldNote(reason), now));
    await this.alerts.raise(
      'ORDER_CHECK',
      `구독 #${s.id} 확인 필요: 공급사 응답이 불확실합니다 (${reason})`,
      `subscription-check:${s.id}`,
    );
  }

  private async follow(provider: Provider, s: Subscription, stats: SubscriptionSyncStats): Promise<void> {
    let state;
    try {
      state = await this.client.subscriptionStatus(provider, s.providerSubscriptionId!);
    } catch (error) {
      await this.later(s, SYNC_SPACING_MS, error instanceof Error ? error.message : String(error));
      return;
    }
    // Each post's child order is already placed upstream: its dispatch record carries the provider's order id (the sync follows it).
    // Each post's cost: the service's rate known now, per child order.
    const rate =
      state.orders.length === 0
        ? null
        : ((
            await this.catalog.upstreamTerms([{ providerId: provider.id, providerServiceId: s.providerServiceId! }])
          ).get(termsKey(provider.id, s.providerServiceId!))?.providerRate ?? null);
    for (const providerOrderId of state.orders) {
      const recorded = await this.ordering.recordSubscriptionPost(s.id, providerOrderId, async (tx, order) => {
        if (order.providerId === null) return;
        const dispatch = OrderDispatch.placed(order.id, order.providerId, providerOrderId, this.clock.now());
        dispatch.providerServiceId = s.providerServiceId;
        dispatch.expectedCost = rate === null ? null : expectedCost(rate, order.amount, provider.currencyRate);
        await tx.persist(dispatch).flush();
      });
      if (recorded) stats.posts++;
    }
    const status = SubscriptionStatus[state.status];
    if (status === SubscriptionStatus.ACTIVE || status === SubscriptionStatus.PAUSED) {
      await this.ordering.setSubscriptionRunning(s.id, status);
      await this.later(s, SYNC_SPACING_MS, null);
    } else {
      const before = (await this.ordering.subscription(s.id))?.isOpen;
      await this.ordering.endSubscription(s.id, status);
      if (before) stats.ended++;
    }
  }

  /**
   * A member's cancel, forwarded as the provider's `cancel` of the subscription id. Taken: the status poll
   * that follows records the posts it ordered and ends it (refunding only the rest) once it says so.
   * Refused: the request closes with the reason. No answer (5xx, timeout): asked again next round.
   */
  private async forwardCancel(provider: Provider, s: Subscription): Promise<void> {
    const id = s.providerSubscriptionId!;
    try {
      const answer = (await this.client.cancel(provider, [id])).get(id);
      await this.ordering.answerSubscriptionCancel(
        s.id,
        answer === true ? { forwarded: true } : { refused: answer ?? 'not canceled' },
      );
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'REJECTED')
        await this.ordering.answerSubscriptionCancel(s.id, { refused: error.message.replace(/^cancel: /, '') });
    }
  }

  private async later(s: Subscription, ms: number, error: string | null): Promise<void> {
    await this.ordering.noteSubscription(s.id, (row, now) =>
      row.checkAgainAt(new Date(now.getTime() + ms), now, error),
    );
  }
}
