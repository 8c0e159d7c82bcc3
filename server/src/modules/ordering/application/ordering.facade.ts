import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrderRequest, TicketOrderView } from '../../../contracts/index.js';
import type { AutoOrder } from '../domain/auto-order.entity.js';
import type { Order } from '../domain/order.entity.js';
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
import {
  OrderQueries,
  type AutoOrderHistoryRow,
  type History,
  type HistoryQuery,
  type OrderDashboardStats,
  type OrderHistoryRow,
  type ProfitOrder,
} from './order-queries.service.js';
import type { OrderStatusView } from './order-status-cache.js';

/**
 * Ordering as other contexts use it: the customer HTTP API, the reseller APIs (v1, v2) and fulfilment.
 * Every read and write a member makes is scoped to that member.
 */
@Injectable()
export class OrderingFacade {
  constructor(
    private readonly placement: OrderPlacement,
    private readonly commands: OrderCommands,
    private readonly queries: OrderQueries,
    private readonly upstream: OrderUpstream,
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
    return this.queries.orderForMember(memberId, orderId);
  }

  ordersForMember(memberId: number, orderIds: number[]): Promise<Order[]> {
    return this.queries.ordersForMember(memberId, orderIds);
  }

  /** What a status poll needs of the member's own orders among these ids (plain values, cheap to read by the hundred). */
  orderStatusesForMember(memberId: number, orderIds: number[]): Promise<OrderStatusView[]> {
    return this.queries.orderStatusesForMember(memberId, orderIds);
  }

  /** The member's orders among `ids` with what the member may do with each (the support desk's linked orders). */
  orderViewsForMember(memberId: number, orderIds: number[]): Promise<TicketOrderView<Date>[]> {
    return this.queries.orderViewsForMember(memberId, orderIds);
  }

  autoOrderForMember(memberId: number, autoOrderId: number): Promise<AutoOrder | null> {
    return this.queries.autoOrderForMember(memberId, autoOrderId);
  }

  /** The member's auto-order and the runs it has started (a reseller's drip-feed status reads them together). */
  autoOrderWithRunsForMember(
    memberId: number,
    autoOrderId: number,
  ): Promise<{ autoOrder: AutoOrder; runs: Order[] } | null> {
    return this.queries.autoOrderWithRunsForMember(memberId, autoOrderId);
  }

  /** The member cancels their own order while it is PENDING (not yet sent upstream); everything is refunded. 409 otherwise, 404 if not theirs. */
  cancelOrder(memberId: number, orderId: number): Promise<Order> {
    return this.commands.cancelForMember(memberId, orderId);
  }

  orderHistory(memberId: number, query: HistoryQuery = {}): Promise<History<OrderHistoryRow>> {
    return this.queries.orderHistory(memberId, query);
  }

  autoOrderHistory(memberId: number, query: HistoryQuery = {}): Promise<History<AutoOrderHistoryRow>> {
    return this.queries.autoOrderHistory(memberId, query);
  }

  /** A deleted member's open orders end with their refunds, in the caller's transaction (see OrderCommands.closeForDeletedMember). */
  closeForDeletedMember(tx: EntityManager, memberId: number): Promise<{ orders: number[]; autoOrders: number[] }> {
    return this.commands.closeForDeletedMember(tx, memberId);
  }

  /** Read-only figures for the operator dashboard. */
  dashboardStats(since: Date, todayStart: Date, stuckBefore: Date): Promise<OrderDashboardStats> {
    return this.queries.dashboardStats(since, todayStart, stuckBefore);
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

  /** The dashboard's profit report: orders placed in [from, to) with their money and provider. */
  ordersForProfit(from: Date, to: Date): Promise<ProfitOrder[]> {
    return this.queries.ordersForProfit(from, to);
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
}
