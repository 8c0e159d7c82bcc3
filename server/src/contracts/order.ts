import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { printable } from './register.js';

import {
  ORDER_COMMENTS_MAX,
  ORDER_LINK_MAX,
  ORDER_MESSAGES,
  orderProblem,
  type OrderableService,
  type OrderContext,
} from './order-rules.js';
import { httpUrl, LINK_MESSAGES } from './order-links.js';
import { COUPON_MESSAGES, normalizeCouponCode } from './coupons.js';

/**
 * The order form (docs/product.md §5 "Order"): the same schema and Korean messages in the storefront and on the
 * server, plus the exact cost arithmetic both use (order-rules.ts, re-exported here). Plain TypeScript and zod only.
 */
export * from './order-rules.js';

/** A whole number, sent as a JSON number or a digit string (form posts). */
const wholeNumber = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,15}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number({ error: message }).int(message).safe(message));

/** Runs and interval are 0 (or absent) for a single order. */
const optionalWholeNumber = (message: string) =>
  z
    .union([wholeNumber(message), z.null(), z.literal('')], { error: message })
    .optional()
    .transform((v) => (typeof v === 'number' ? v : 0));

/** docs/product.md §3 "Order request": {serviceId, link, amount, runs, interval}. Service-dependent rules: {@link orderProblem}. */
export const orderRequestSchema = z.object({
  serviceId: wholeNumber(ORDER_MESSAGES.serviceRequired).refine((v) => v > 0, ORDER_MESSAGES.serviceRequired),
  link: z
    .string({ error: ORDER_MESSAGES.linkRequired })
    .trim()
    .min(1, ORDER_MESSAGES.linkRequired)
    .max(ORDER_LINK_MAX, ORDER_MESSAGES.linkTooLong)
    .refine(printable, MESSAGES.formInvalid)
    // An http(s) address (never javascript:, data: or a bare word); the platform's hosts: orderProblem.
    .refine((link) => link === '' || httpUrl(link) !== null, LINK_MESSAGES.invalid),
  amount: wholeNumber(ORDER_MESSAGES.amountRequired),
  runs: optionalWholeNumber(ORDER_MESSAGES.runsInvalid),
  interval: optionalWholeNumber(ORDER_MESSAGES.intervalInvalid),
  /** Custom Comments: one comment per line (the quantity is the number of lines); '' for other types. */
  comments: z
    .string({ error: ORDER_MESSAGES.commentsRequired })
    .max(ORDER_COMMENTS_MAX, ORDER_MESSAGES.commentsTooLong)
    .refine((v) => printable(v.replace(/[\r\n\t]/g, ' ')), ORDER_MESSAGES.commentsInvalid)
    .nullish()
    // Absent, null and '' are the same: no comments (so other types' requests carry none).
    .transform((v) => v || undefined)
    .optional(),
  /** A coupon code to take off this order (a single order only); absent, null and '' are none. */
  couponCode: z
    .string({ error: COUPON_MESSAGES.invalid })
    .max(64, COUPON_MESSAGES.invalid)
    .nullish()
    .transform((v) => (v ? normalizeCouponCode(v) : undefined))
    .optional(),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;
export type OrderRequestInput = z.input<typeof orderRequestSchema>;

/** The form's schema for one chosen service (react-hook-form resolver): base rules, then {@link orderProblem}. */
export function orderFormSchema(service: OrderableService | null | undefined, context: OrderContext = {}) {
  return orderRequestSchema.superRefine((input, ctx) => {
    const problem = orderProblem(input, service, context);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
}
