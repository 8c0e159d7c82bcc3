// Ordering's one door: other modules and bootstrap reach it through OrderingFacade (and the Nest module that
// provides it); the rest is types, the transition tables and the ports other modules implement.
export { OrderingModule } from './ordering.module.js';
export { OrderingFacade } from './application/ordering.facade.js';
export { type PlacedOrder, type Placement } from './application/order-placement.service.js';
export { type UpstreamReport } from './application/order-commands.service.js';
export {
  type UpstreamOrder,
  type SyncedOrder,
  type CancelForwarding,
  type RefillForwarding,
  type RefillReport,
} from './application/order-upstream.service.js';
export {
  HeldUpstreamAmong,
  OrdersNeedingCheck,
  OrdersWithDispatchNote,
  UpstreamCostsOf,
  type UpstreamDispatchNotes,
  type CostedOrder,
} from './application/upstream-dispatch.port.js';
export type {
  HistoryQuery,
  History,
  OrderHistoryRow,
  AutoOrderHistoryRow,
} from './application/queries/member-history.js';
export type { OrderDashboardStats } from './application/queries/get-dashboard-stats/get-dashboard-stats.js';
export type { ProfitOrder } from './application/queries/list-profit-orders/list-profit-orders.js';
export type { OrderStatusView } from './application/order-status-cache.js';
export {
  OrderStatus,
  ORDER_TRANSITIONS,
  AutoOrderStatus,
  AUTO_ORDER_TRANSITIONS,
  RefillStatus,
  REFILL_TRANSITIONS,
  OPEN_REFILL_STATUSES,
  SubscriptionStatus,
  SUBSCRIPTION_TRANSITIONS,
} from './domain/vocabulary.js';
export type { StatusDetails } from './domain/order.entity.js';
export type { AutoOrder } from './domain/auto-order.entity.js';
export type { IdempotencyKey } from './domain/idempotency-key.entity.js';
export type { Subscription, SubscriptionPost } from './domain/subscription.entity.js';
export type { PlacedSubscription } from './application/commands/place-subscription/place-subscription.js';
export type { OnPostRecorded } from './application/commands/record-subscription-post/record-subscription-post.js';
export type { Order } from './domain/order.entity.js';
export type { Refill } from './domain/refill.entity.js';
export {
  AttachCouponOrder,
  CountCouponAttempt,
  UseCouponOnOrder,
  type OrderCoupons,
  type CouponedOrder,
} from './application/order-coupons.port.js';
