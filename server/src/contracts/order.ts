import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { ORDER_MESSAGES, orderIssues, type OrderContext } from './order-rules.js';

const whole = (message: string) => z.number({ error: message }).int(message);

/** The order request body (POST /service/order): runs and interval are 0 for a single order. */
const orderFields = {
  serviceId: whole(ORDER_MESSAGES.serviceRequired).positive(ORDER_MESSAGES.serviceRequired),
  link: z.string({ error: ORDER_MESSAGES.linkRequired }).trim().min(1, ORDER_MESSAGES.linkRequired).max(2000, MESSAGES.formInvalid),
  amount: whole(ORDER_MESSAGES.amountBelowMin).positive(ORDER_MESSAGES.amountBelowMin).max(1_000_000_000, ORDER_MESSAGES.amountAboveMax),
  runs: whole(ORDER_MESSAGES.runsInvalid).min(0, ORDER_MESSAGES.runsInvalid).max(10_000, ORDER_MESSAGES.runsInvalid).default(0),
  interval: whole(ORDER_MESSAGES.intervalInvalid).min(0, ORDER_MESSAGES.intervalInvalid).max(525_600, ORDER_MESSAGES.intervalInvalid).default(0),
};

/** POST /service/order: {serviceId, link, amount, runs, interval}; the context adds the service and balance checks. */
export const orderSchema = (context: OrderContext = {}) =>
  z.object(orderFields).superRefine((value, ctx) => {
    for (const { path, message } of orderIssues(value, context)) ctx.addIssue({ code: 'custom', path: [path], message });
  });
export type OrderInput = z.infer<ReturnType<typeof orderSchema>>;
