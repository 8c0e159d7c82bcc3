import {
  AutoOrderStatus,
  OrderStatus,
  type AutoOrder,
  type Order,
  type OrderStatusView,
  type Subscription,
  type SubscriptionStatus,
} from '../../ordering/index.js';
import { z } from 'zod';
import { idToken, type V2Action } from './v2-requests.js';
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

// ---------------------------------------------------------------------------------------------------
// The answers' shapes (what /api/openapi.json publishes). Figures tools read as strings are strings.

export const v2ErrorAnswer = z
  .object({ error: z.string() })
  .strict()
  .describe('A refusal: HTTP 200 (429 for Too many requests), never with a success field');
const decimalString = z.string().regex(/^\d+(\.\d+)?$/);
const countString = z.string().regex(/^\d+$/);

export const v2ServiceAnswer = z.object({
  service: z.int(),
  name: z.string(),
  type: z.string(),
  category: z.string(),
  rate: decimalString.describe('Price of 1000 in KRW, exact (at most 3 decimals)'),
  min: countString,
  max: countString,
  refill: z.boolean(),
  cancel: z.boolean(),
  dripfeed: z.boolean().describe('Whether `add` takes runs and interval'),
  average_time: z
    .int()
    .nullable()
    .describe(
      'Average minutes from order to completion over the latest 10 completed orders of typical size, scaled to 1000 (or the min/max nearest it); null without enough data',
    ),
});
export const v2ServicesAnswer = z.array(v2ServiceAnswer);
export const v2AddAnswer = z
  .object({
    order: z.int().describe('The id to poll with `status`'),
    auto_order: z.int().optional().describe('The drip-feed (auto-order) id'),
  })
  .strict();
export const V2_STATUS_WORDS = ['Pending', 'Processing', 'In progress', 'Completed', 'Partial', 'Canceled'] as const;
export const v2StatusAnswer = z
  .object({
    charge: countString.describe(
      'What the order costs now in KRW (debited less refunded); for a drip-feed, all its runs',
    ),
    start_count: countString,
    status: z.enum(V2_STATUS_WORDS),
    remains: countString,
    currency: z.literal('KRW'),
    runs: countString.optional().describe('Drip-feed: runs in all'),
    runs_done: countString.optional().describe('Drip-feed: runs that have ended'),
  })
  .strict();
export const v2MultiStatusAnswer = z.record(z.string(), z.union([v2StatusAnswer, v2ErrorAnswer]));
export const v2BalanceAnswer = z.object({ balance: z.string().regex(/^-?\d+$/), currency: z.literal('KRW') }).strict();
export const v2CancelAnswer = z.object({ cancel: z.literal(1) }).strict();
export const v2CancelBatchAnswer = z.array(
  z.object({ order: idToken, cancel: z.union([z.literal(1), v2ErrorAnswer]) }).strict(),
);
export const v2RefillBatchAnswer = z.array(
  z.object({ order: idToken, refill: z.union([idToken, v2ErrorAnswer]) }).strict(),
);
export const v2RefillStatusBatchAnswer = z.array(
  z.object({ refill: idToken, status: z.union([z.string(), v2ErrorAnswer]) }).strict(),
);

/** Each action's success answers (the error answer is common to all). */
export const V2_ANSWERS = {
  services: v2ServicesAnswer,
  add: v2AddAnswer,
  status: z.union([v2StatusAnswer, v2MultiStatusAnswer]),
  balance: v2BalanceAnswer,
  refill: v2RefillBatchAnswer,
  refill_status: v2RefillStatusBatchAnswer,
  cancel: z.union([v2CancelAnswer, v2CancelBatchAnswer]),
} as const satisfies Record<V2Action, z.ZodType>;

export type V2StatusAnswer = z.infer<typeof v2StatusAnswer>;
export type V2ServiceAnswer = z.infer<typeof v2ServiceAnswer>;
