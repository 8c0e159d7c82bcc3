// Ordering's words other modules use as values (statuses, transition tables); the entities that carry them stay inside.
export { OrderStatus, ORDER_TRANSITIONS } from './order.entity.js';
export { AutoOrderStatus, AUTO_ORDER_TRANSITIONS } from './auto-order.entity.js';
export { RefillStatus, REFILL_TRANSITIONS, OPEN_REFILL_STATUSES } from './refill.entity.js';
export { SubscriptionStatus, SUBSCRIPTION_TRANSITIONS } from './subscription.entity.js';
