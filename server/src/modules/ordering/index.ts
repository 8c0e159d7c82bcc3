export { OrderingModule } from './ordering.module.js';
export { OrderingFacade } from './application/ordering.facade.js';
export { type PlacedOrder, type Placement } from './application/order-placement.service.js';
export { type UpstreamReport, orderReference, autoOrderReference } from './application/order-commands.service.js';
export {
  type UpstreamOrder,
  type SyncedOrder,
  type CancelForwarding,
  type RefillForwarding,
  type RefillReport,
} from './application/order-upstream.service.js';
export { UpstreamDispatchNotes, type CostedOrder } from './application/upstream-dispatch.port.js';
export {
  type HistoryQuery,
  type History,
  type OrderHistoryRow,
  type AutoOrderHistoryRow,
  type OrderDashboardStats,
  type ProfitOrder,
} from './application/order-queries.service.js';
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
export { AutoOrderRunsJob } from './jobs/auto-order-runs.job.js';
export { Refills } from './application/refills.service.js';
export type { Subscription, SubscriptionPost } from './domain/subscription.entity.js';
export { Subscriptions, subscriptionReference, type PlacedSubscription } from './application/subscriptions.service.js';
export type { Order } from './domain/order.entity.js';
export type { Refill } from './domain/refill.entity.js';
export { ServiceChangeNoticesJob, type DigestResult } from './jobs/service-change-notices.job.js';
export { OrderCoupons, type CouponedOrder } from './application/order-coupons.port.js';
export { AverageTimes } from './application/average-times.js';
