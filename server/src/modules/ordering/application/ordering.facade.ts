import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrderRequest, SubscriptionRequest, TicketOrderView } from '../../../contracts/index.js';
import type { Lease } from '../../../shared/index.js';
import type { AutoOrder } from '../domain/auto-order.entity.js';
import type { Order } from '../domain/order.entity.js';
import type { Refill } from '../domain/refill.entity.js';
import type { Subscription, SubscriptionStatus } from '../domain/subscription.entity.js';
import { AverageTimes } from './average-times.js';
import { OrderCommands, type UpstreamReport } from './order-commands.service.js';
import {
  OrderUpstream,
  type CancelForwarding,
  type RefillForwarding,
  type RefillReport,
  type SyncedOrder,
  type UpstreamOrder,
} from './order-upstream.service.js';
import { OrderPlacement, type Placement } from './order-placement.service.js';
import type { OrderStatusView } from './order-status-cache.js';
import { Refills } from './refills.service.js';
import { FindMemberRecords } from './queries/find-member-records/find-member-records.js';
import { GetAutoOrderHistory } from './queries/get-auto-order-history/get-auto-order-history.js';
import { GetDashboardStats, type OrderDashboardStats } from './queries/get-dashboard-stats/get-dashboard-stats.js';
import { GetMemberOrderViews } from './queries/get-member-order-views/get-member-order-views.js';
import { GetOrderHistory } from './queries/get-order-history/get-order-history.js';
import { ListProfitOrders, type ProfitOrder } from './queries/list-profit-orders/list-profit-orders.js';
import type { AutoOrderHistoryRow, History, HistoryQuery, OrderHistoryRow } from './queries/member-history.js';
import { AnswerSubscriptionCancel } from './commands/answer-subscription-cancel/answer-subscription-cancel.js';
import { ClaimSubscription } from './commands/claim-subscription/claim-subscription.js';
import { EndSubscription } from './commands/end-subscription/end-subscription.js';
import { ExpireSubscriptions } from './commands/expire-subscriptions/expire-subscriptions.js';
import { PlaceSubscription, type PlacedSubscription } from './commands/place-subscription/place-subscription.js';
import {
  RecordSubscriptionPost,
  type OnPostRecorded,
} from './commands/record-subscription-post/record-subscription-post.js';
import {
  SetSubscriptionRunning,
  type RunningStatus,
} from './commands/set-subscription-running/set-subscription-running.js';
import { SubscriptionChanges } from './commands/subscription-changes.js';
import { FindSubscriptions } from './queries/find-subscriptions/find-subscriptions.js';

/**
 * Ordering as other contexts use it: the customer HTTP API, the reseller APIs (v1, v2) and fulfilment.
 * Every read and write a member makes is scoped to that member.
 */
@Injectable()
export class OrderingFacade {
  constructor(
    private readonly placement: OrderPlacement,
    private readonly commands: OrderCommands,
    private readonly upstream: OrderUpstream,
    private readonly records: FindMemberRecords,
    private readonly history: GetOrderHistory,
    private readonly autoHistory: GetAutoOrderHistory,
    private readonly orderViews: GetMemberOrderViews,
    private readonly dashboard: GetDashboardStats,
    private readonly profit: ListProfitOrders,
    private readonly refills: Refills,
    private readonly averageTimes: AverageTimes,
    private readonly subscriptions: FindSubscriptions,
    private readonly subscribe: PlaceSubscription,
    private readonly endOne: EndSubscription,
    private readonly expire: ExpireSubscriptions,
    private readonly claim: ClaimSubscription,
    private readonly recordPost: RecordSubscriptionPost,
    private readonly setRunning: SetSubscriptionRunning,
    private readonly answerCancel: AnswerSubscriptionCancel,
    private readonly subscriptionChanges: SubscriptionChanges,
  ) {}

  /**
   * Places an order (runs/interval 0) or an auto-order, debiting the member in the same transaction.
   * Parse `input` with the contracts' `orderRequestSchema` first. With an idempotency key, a repeat returns
   * the first answer (`replayed`) and moves no money; another request under the same key is a 422.
   * Refusals are DomainErrors with the spec's Korean message (400; 포인트가 부족합니다. when short).
   */
  placeOrder(memberId: number, input: OrderRequest, idempotencyKey?: string | null): Promise<Placement> {
    return this.placement.place(memberId, input, idempotencyKey);
  }

  /** The member's own order, or null (another member's id reads as absent). */
  orderForMember(memberId: number, orderId: number): Promise<Order | null> {
    return this.records.order(memberId, orderId);
  }

  ordersForMember(memberId: number, orderIds: number[]): Promise<Order[]> {
    return this.records.orders(memberId, orderIds);
  }

  /** What a status poll needs of the member's own orders among these ids (plain values, cheap to read by the hundred). */
  orderStatusesForMember(memberId: number, orderIds: number[]): Promise<OrderStatusView[]> {
    return this.records.orderStatuses(memberId, orderIds);
  }

  /** The member's orders among `ids` with what the member may do with each (the support desk's linked orders). */
  orderViewsForMember(memberId: number, orderIds: number[]): Promise<TicketOrderView<Date>[]> {
    return this.orderViews.execute(memberId, orderIds);
  }

  autoOrderForMember(memberId: number, autoOrderId: number): Promise<AutoOrder | null> {
    return this.records.autoOrder(memberId, autoOrderId);
  }

  /** The member's auto-order and the runs it has started (a reseller's drip-feed status reads them together). */
  autoOrderWithRunsForMember(
    memberId: number,
    autoOrderId: number,
  ): Promise<{ autoOrder: AutoOrder; runs: Order[] } | null> {
    return this.records.autoOrderWithRuns(memberId, autoOrderId);
  }

  /** The member cancels their own order while it is PENDING (not yet sent upstream); everything is refunded. 409 otherwise, 404 if not theirs. */
  cancelOrder(memberId: number, orderId: number): Promise<Order> {
    return this.commands.cancelForMember(memberId, orderId);
  }

  orderHistory(memberId: number, query: HistoryQuery = {}): Promise<History<OrderHistoryRow>> {
    return this.history.execute(memberId, query);
  }

  autoOrderHistory(memberId: number, query: HistoryQuery = {}): Promise<History<AutoOrderHistoryRow>> {
    return this.autoHistory.execute(memberId, query);
  }

  /** A deleted member's open orders end with their refunds, in the caller's transaction (see OrderCommands.closeForDeletedMember). */
  closeForDeletedMember(tx: EntityManager, memberId: number): Promise<{ orders: number[]; autoOrders: number[] }> {
    return this.commands.closeForDeletedMember(tx, memberId);
  }

  /** Read-only figures for the operator dashboard. */
  dashboardStats(since: Date, todayStart: Date, stuckBefore: Date): Promise<OrderDashboardStats> {
    return this.dashboard.execute(since, todayStart, stuckBefore);
  }

  /**
   * An upstream provider's report, in the caller's transaction (fulfilment's sync): walks the transition
   * table as far as `status`, records startCount/remains, refunds PARTIAL/CANCELED exactly once. A report
   * for an ended order, or one the order is already at (or past), changes nothing and does not throw.
   */
  applyUpstream(
    tx: EntityManager,
    orderId: number,
    report: UpstreamReport,
  ): Promise<{ order: Order; changed: boolean }> {
    return this.commands.applyUpstream(tx, orderId, report);
  }

  /** applyUpstream for many orders in the caller's transaction (one lock, two writes to tell the members); answers in the order given. */
  applyUpstreamMany(
    tx: EntityManager,
    reports: { orderId: number; report: UpstreamReport }[],
  ): Promise<{ order: Order; changed: boolean }[]> {
    return this.commands.applyUpstreamMany(tx, reports);
  }

  /** The dashboard's profit report: orders placed in [from, to) with their money and provider. */
  ordersForProfit(from: Date, to: Date): Promise<ProfitOrder[]> {
    return this.profit.execute(from, to);
  }

  // ---- Fulfilment's side: reads it needs and the state changes it asks for (it writes only its own tables).

  /**
   * The provider accepted these orders, in the caller's transaction: PENDING → PROCESSING in one
   * statement; the ids that moved. The others were canceled (or moved by an operator) meanwhile.
   */
  acceptUpstream(tx: EntityManager, orderIds: number[], now: Date): Promise<number[]> {
    return this.upstream.acceptUpstream(tx, orderIds, now);
  }

  /** Failover: a backup provider took these accepted orders; they name it from now on (caller's transaction). */
  takenByBackup(
    tx: EntityManager,
    taken: { id: number; providerId: number; providerServiceId: string }[],
    now: Date,
  ): Promise<void> {
    return this.upstream.takenByBackup(tx, taken, now);
  }

  /** One order as the sender needs it, locked when asked, in the caller's transaction; null if there is none. */
  upstreamOrder(tx: EntityManager, orderId: number, lock = false): Promise<UpstreamOrder | null> {
    return this.upstream.upstreamOrder(tx, orderId, lock);
  }

  /** Of these orders, those still PENDING. */
  pendingAmong(tx: EntityManager, orderIds: number[]): Promise<Set<number>> {
    return this.upstream.pendingAmong(tx, orderIds);
  }

  /** Status, quantity and progress of these orders (the sync compares a provider's report with them). */
  ordersForSync(orderIds: number[]): Promise<SyncedOrder[]> {
    return this.upstream.ordersForSync(orderIds);
  }

  /** How many of the provider's orders are still open. */
  openOrdersOfProvider(tx: EntityManager, providerId: number): Promise<number> {
    return this.upstream.openOrdersOfProvider(tx, providerId);
  }

  /** Members' cancels of running orders, claimed across replicas and handed to `forward`; its answers are recorded on the orders. */
  forwardCancels(
    limit: number,
    forward: (order: { id: number; providerId: number }) => Promise<CancelForwarding>,
  ): Promise<void> {
    return this.upstream.forwardCancels(limit, forward);
  }

  /** New refills, claimed across replicas and handed to `forward`; its answers are recorded on the refills. */
  forwardRefills(
    limit: number,
    forward: (refill: { id: number; orderId: number; providerId: number }) => Promise<RefillForwarding>,
  ): Promise<void> {
    return this.upstream.forwardRefills(limit, forward);
  }

  refillsToFollow(limit: number): Promise<{ id: number; providerId: number; providerRefillId: string }[]> {
    return this.upstream.refillsToFollow(limit);
  }

  /** Refills asked since `since` of orders placed with a provider (provider scores count how they ended). */
  refillsSince(since: Date): ReturnType<OrderUpstream['refillsSince']> {
    return this.upstream.refillsSince(since);
  }

  /** The provider's answers for forwarded refills; those that took effect. */
  settleRefills(reports: RefillReport[]): Promise<RefillReport[]> {
    return this.upstream.settleRefills(reports);
  }

  /** A member's refill of their order (storefront, API v2, support desk); refusals as Refills.request. */
  requestRefill(memberId: number, orderId: number): Promise<Refill> {
    return this.refills.request(memberId, orderId);
  }

  refillsForMember(memberId: number, ids: number[]): Promise<Refill[]> {
    return this.refills.forMember(memberId, ids);
  }

  /** Service id → 평균 완료 시간 in minutes, for services with enough typical completed orders (kept a minute). */
  averageMinutesByService(): Promise<ReadonlyMap<number, number>> {
    return this.averageTimes.minutesByService();
  }

  /** A member subscribes (자동 좋아요), paying up front; refusals are DomainErrors with the spec's Korean message. */
  placeSubscription(memberId: number, input: SubscriptionRequest): Promise<PlacedSubscription> {
    return this.subscribe.execute(memberId, input);
  }

  subscriptionsForMember(memberId: number, ids?: number[]): Promise<Subscription[]> {
    return this.subscriptions.forMember(memberId, ids);
  }

  subscriptionChildOrders(subscriptionIds: number[]): Promise<Map<number, number[]>> {
    return this.subscriptions.childOrders(subscriptionIds);
  }

  subscription(id: number): Promise<Subscription | null> {
    return this.subscriptions.get(id);
  }

  dueSubscriptions(limit: number): Promise<Subscription[]> {
    return this.subscriptions.due(limit);
  }

  /** Ends the unfollowed subscriptions past their expiry day, refunding the unused part once; the number ended. */
  expireSubscriptions(limit?: number): Promise<number> {
    return this.expire.execute(limit);
  }

  /** Takes a due subscription for one round of fulfilment work (see ClaimSubscription). */
  claimSubscription(id: number, lease: Lease): Promise<'claimed' | 'unrecorded' | null> {
    return this.claim.execute(id, lease);
  }

  /** Fulfilment's notes on an open subscription (sent, checked, failed), in one locked transaction. */
  noteSubscription(id: number, apply: (s: Subscription, now: Date) => void): Promise<void> {
    return this.subscriptionChanges.note(id, apply);
  }

  /** Moves it to `status`; a final status refunds the unused part once (see EndSubscription). */
  endSubscription(id: number, status: SubscriptionStatus, memberId?: number): Promise<Subscription> {
    return this.endOne.execute(id, status, memberId);
  }

  /** A post the provider covered, recorded once as a child order; false when already recorded or not taken. */
  recordSubscriptionPost(id: number, providerOrderId: string, onRecorded?: OnPostRecorded): Promise<boolean> {
    return this.recordPost.execute(id, providerOrderId, onRecorded);
  }

  /** The provider says Paused or Active again. */
  setSubscriptionRunning(id: number, status: RunningStatus): Promise<void> {
    return this.setRunning.execute(id, status);
  }

  /** The provider's answer to a forwarded cancel: taken, or refused with its reason. */
  answerSubscriptionCancel(id: number, answer: { forwarded: true } | { refused: string }): Promise<void> {
    return this.answerCancel.execute(id, answer);
  }
}
