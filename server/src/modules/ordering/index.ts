export { OrderingModule } from './ordering.module.js';
export { OrderingFacade } from './application/ordering.facade.js';
export { type PlacedOrder, type Placement } from './application/order-placement.service.js';
export { type UpstreamReport, orderReference, autoOrderReference } from './application/order-commands.service.js';
export { type HistoryQuery, type History, type OrderHistoryRow, type AutoOrderHistoryRow, type OrderDashboardStats } from './application/order-queries.service.js';
export { Order, OrderStatus, ORDER_TRANSITIONS, type StatusDetails } from './domain/order.entity.js';
export { AutoOrder, AutoOrderStatus, AUTO_ORDER_TRANSITIONS } from './domain/auto-order.entity.js';
export { IdempotencyKey } from './domain/idempotency-key.entity.js';
export { AutoOrderRunsJob } from './jobs/auto-order-runs.job.js';
