import type { MemberOrderFacts, OrderUpstreamState } from '../../../contracts/index.js';
import { OrderStatus, type Order } from '../domain/order.entity.js';
import type { Refill } from '../domain/refill.entity.js';

/** The service flags the member's rule reads. */
export interface ActionService {
  refill: boolean;
  refillDays: number;
  cancel: boolean;
}

/** Where the order stands with its provider; `held`: fulfilment has claimed or holds it (the provider may have it). */
export function upstreamState(order: Order, held: boolean): OrderUpstreamState {
  if (!order.upstream) return 'none';
  if (order.status === OrderStatus.PENDING) return held ? 'sending' : 'none';
  return 'sent';
}

/** The facts of contracts' memberOrderActions for one order. */
export function memberOrderFacts(
  order: Order,
  service: ActionService | null | undefined,
  lastRefill: Refill | null | undefined,
  held = false,
): MemberOrderFacts<Date> {
  return {
    status: order.status,
    upstream: upstreamState(order, held),
    cancelPending: order.cancelPending,
    updatedAt: order.updatedAt,
    service: service ? { refill: service.refill, refillDays: service.refillDays, cancel: service.cancel } : null,
    lastRefill: lastRefill ? { status: lastRefill.status, createdAt: lastRefill.createdAt } : null,
  };
}
