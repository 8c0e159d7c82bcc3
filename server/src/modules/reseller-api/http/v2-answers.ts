import {
  AutoOrderStatus,
  OrderStatus,
  type AutoOrder,
  type Order,
  type OrderStatusView,
  type Subscription,
  type SubscriptionStatus,
} from '../../ordering/index.js';
import type { V2StatusAnswer } from './v2-contract.js';
import { chargeOf, remainsOf, V2_STATUS } from './wire.js';

export const V2_CURRENCY = 'KRW';

/** An order's `status` answer. */
export const orderStatusAnswer = (order: OrderStatusView): V2StatusAnswer => ({
  charge: String(chargeOf(order)),
  start_count: String(order.startCount ?? 0),
  status: V2_STATUS[order.status] as V2StatusAnswer['status'],
  remains: String(remainsOf(order)),
  currency: V2_CURRENCY,
});

/** Whether the order is the one `add` answered for a drip-feed (its first run), whose status covers every run. */
export const isDripFeedHead = (order: Pick<Order, 'autoOrderId' | 'runNumber'>): boolean =>
  order.autoOrderId !== null && order.runNumber === 1;

/**
 * A drip-feed's `status`, as the tool that placed it polls its first run's id: the charge is what the
 * whole drip-feed costs now (everything debited up front less every refund), remains the quantity of all
 * runs still to deliver (runs not started included), and `runs`/`runs_done` its progress.
 */
export function dripFeedStatusAnswer(auto: AutoOrder, runs: Order[]): V2StatusAnswer {
  const refunded = runs.reduce((sum, run) => sum + run.refunded, auto.refunded);
  const delivered = runs.reduce((sum, run) => sum + (run.amount - remainsOf(run)), 0);
  const ended = runs.filter((run) => run.isTerminal).length;
  const remains = Math.max(0, auto.amount * auto.runs - delivered);
  const charge = auto.point - refunded;
  let status: V2StatusAnswer['status'];
  if (auto.status === AutoOrderStatus.ACTIVE || ended < runs.length) {
    if (runs.every((run) => run.status === OrderStatus.PENDING)) status = 'Pending';
    else if (
      ended === 0 &&
      runs.every((run) => run.status === OrderStatus.PENDING || run.status === OrderStatus.PROCESSING)
    )
      status = 'Processing';
    else status = 'In progress';
  } else if (remains === 0) status = 'Completed';
  else if (delivered === 0 && charge === 0n) status = 'Canceled';
  else status = 'Partial';
  return {
    charge: String(charge),
    start_count: String(runs[0]?.startCount ?? 0),
    status,
    remains: String(remains),
    currency: V2_CURRENCY,
    runs: String(auto.runs),
    runs_done: String(ended),
  };
}

const V2_SUBSCRIPTION_STATUS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  COMPLETED: 'Completed',
  CANCELED: 'Canceled',
  EXPIRED: 'Expired',
};

/**
 * A subscription's `status`, as panels answer it: what it has cost so far (the prepayment less its refund) and
 * the currency like any order's, its status word, expiry, posts covered and the child orders; an open-ended one's
 * posts paid as placed count in `charge`, and a pause for a short balance carries its Korean `reason`.
 */
export const subscriptionStatusAnswer = (subscription: Subscription, orders: number[]) => ({
  charge: String(subscription.point - subscription.refunded + subscription.debited),
  currency: V2_CURRENCY,
  status: V2_SUBSCRIPTION_STATUS[subscription.status],
  expiry: subscription.expiry,
  posts: String(subscription.postsUsed),
  orders,
  ...(subscription.pauseReason ? { reason: subscription.pauseReason } : {}),
});
