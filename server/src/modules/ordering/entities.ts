// The ordering module's tables, registered for MikroORM by database/entities.ts; other modules see them only as types.
import { AutoOrder } from './domain/auto-order.entity.js';
import { IdempotencyKey } from './domain/idempotency-key.entity.js';
import { Order } from './domain/order.entity.js';
import { Refill } from './domain/refill.entity.js';
import { Subscription, SubscriptionPost } from './domain/subscription.entity.js';

export { AutoOrder, IdempotencyKey, Order, Refill, Subscription, SubscriptionPost };
export const orderingEntities = [Order, AutoOrder, IdempotencyKey, Refill, Subscription, SubscriptionPost];
