import { z } from 'zod';
import { ORDER_MESSAGES, SUBSCRIPTION_MESSAGES, SUBSCRIPTION_POSTS_MAX } from '../../../contracts/index.js';

/**
 * The SMM panel API v2's requests as resellers' tools send them. These zod schemas (with the answers'
 * in v2-answers.ts) are what the API validates with and what /api/openapi.json is generated from
 * (http/openapi.ts), so the published description cannot drift from the server.
 *
 * A request goes through two steps: the fields (v2-fields.ts: query string and body merged, the body
 * winning; `orders[]=` arrays folded; the words tools send for "not given" dropped), then the action's
 * schema here, which turns the wire fields into a typed request.
 */

export const V2_ACTIONS = ['services', 'add', 'status', 'balance', 'refill', 'refill_status', 'cancel'] as const;
export type V2Action = (typeof V2_ACTIONS)[number];

/** v2 batch calls (status, cancel, refill, refill_status with a list) take at most this many ids. */
export const V2_BATCH_LIMIT = 100;

/** v2's own errors, in the words resellers' tools know from other panels (ordering's refusals keep their Korean messages). */
export const V2_ERRORS = {
  invalidKey: 'Invalid API key',
  incorrectRequest: 'Incorrect request',
  incorrectOrderId: 'Incorrect order ID',
  incorrectRefillId: 'Incorrect refill ID',
  refillNotAvailable: 'Refill is not available for this order',
  tooManyIds: `At most ${V2_BATCH_LIMIT} ids per request`,
  tooManyRequests: 'Too many requests',
  expiryInvalid: '만료일(expiry)은 일/월/연도(d/m/Y) 형식의 올바른 날짜로 입력해 주세요.',
  subscriptionFigureInvalid: '구독 주문의 min, max, posts, delay는 0 이상의 정수로 입력해 주세요.',
} as const;

// ---------------------------------------------------------------------------------------------------
// Step 2 (after v2-fields.ts): the action's schema.

/** An id as tools send it: a JSON number or text (kept as sent, answered back as sent). */
export const idToken = z.union([z.int(), z.string()]);
const text = z.string();

/** The largest figure any v2 field may carry (PostgreSQL's integer): beyond it, the field's own error, never a 500. */
export const V2_FIGURE_MAX = 2_147_483_647;

/** A whole number from 0 to {@link V2_FIGURE_MAX} as a JSON number or a digit string; `message` when it is neither. */
const whole = (message: string) =>
  z.union(
    [
      z.int({ error: message }).min(0, message).max(V2_FIGURE_MAX, message),
      z
        .string({ error: message })
        .trim()
        .regex(/^\d{1,10}$/, message)
        .refine((v) => Number(v) <= V2_FIGURE_MAX, message),
    ],
    { error: message },
  );

/** An id list: `1,2,3` (spaces, a trailing comma), a JSON array, or `orders[]=1&orders[]=2`; tokens kept as sent, blanks and repeats dropped. */
const idList = (noneMessage: string) =>
  z.union([idToken, z.array(idToken)], { error: noneMessage }).transform((raw, ctx) => {
    const tokens = [
      ...new Set(
        (Array.isArray(raw) ? raw : [raw])
          .flatMap((v) => String(v).split(','))
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ];
    if (tokens.length === 0) ctx.addIssue({ code: 'custom', message: noneMessage });
    else if (tokens.length > V2_BATCH_LIMIT) ctx.addIssue({ code: 'custom', message: V2_ERRORS.tooManyIds });
    return tokens;
  });

/** Lines of a text field: split on \n or \r\n (or sent as a JSON array), blank lines dropped. */
const lines = z
  .union([z.string(), z.array(z.string())])
  .transform((raw) =>
    (Array.isArray(raw) ? raw : raw.split(/\r?\n/)).map((line) => line.replace(/\r$/, '').trim()).filter(Boolean),
  );

/** Usernames: one a line, or separated by commas (with or without a space). */
const usernameList = z.union([z.string(), z.array(z.string())]).transform((raw) =>
  (Array.isArray(raw) ? raw : [raw])
    .flatMap((v) => v.split(/\r?\n|,/))
    .map((v) => v.trim())
    .filter(Boolean),
);

/** `expiry` as d/m/Y ("25/12/2026", "5/1/2027"): the ISO date, or an error for anything that is no real date. */
const expiryDate = z.string().transform((raw, ctx) => {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw.trim());
  const date = match ? new Date(Date.UTC(Number(match[3]), Number(match[2]) - 1, Number(match[1]))) : null;
  if (!match || !date || date.getUTCDate() !== Number(match[1]) || date.getUTCMonth() !== Number(match[2]) - 1) {
    ctx.addIssue({ code: 'custom', message: V2_ERRORS.expiryInvalid });
    return z.NEVER;
  }
  return date.toISOString().slice(0, 10);
});

const figure = whole(V2_ERRORS.subscriptionFigureInvalid).transform(Number);

/** Shared by every action: the key may come in any of these fields (or a header, see v2-fields.ts's keyOf). */
const common = {
  key: text
    .optional()
    .describe('API key (also accepted as `api_key` or `api`, an `X-Api-Key` header or `Authorization: Bearer <key>`)'),
};

export const v2ServicesRequest = z.object({ ...common, action: z.literal('services') });
export const v2BalanceRequest = z.object({ ...common, action: z.literal('balance') });

/**
 * `add`: every order type's fields. A plain order is service, link, quantity; with runs and interval a
 * drip-feed (auto-order). Custom comments (one a line), mention usernames and subscription fields are
 * parsed and normalised here for the service types that take them.
 */
export const v2AddRequest = z
  .object({
    ...common,
    action: z.literal('add'),
    service: whole(ORDER_MESSAGES.serviceRequired).optional().describe('Service ID'),
    link: text.optional().describe('Link to the page or post'),
    quantity: whole(ORDER_MESSAGES.amountRequired)
      .optional()
      .describe('Quantity; when only `comments` are sent, their line count'),
    runs: whole(ORDER_MESSAGES.runsInvalid)
      .optional()
      .describe('Drip-feed: number of runs (0, empty, `null` or `undefined`: a plain order)'),
    interval: whole(ORDER_MESSAGES.intervalInvalid).optional().describe('Drip-feed: minutes between runs'),
    comments: lines.optional().describe('Custom comments, one a line (\\n or \\r\\n)'),
    usernames: usernameList.optional().describe('Usernames, one a line or separated by commas'),
    username: text.optional().describe('Username (subscriptions, mentions of a user’s followers)'),
    min: figure.optional().describe('Subscription: minimum quantity per post'),
    max: figure.optional().describe('Subscription: maximum quantity per post'),
    posts: figure.optional().describe('Subscription: new posts to cover (0 or empty: no limit)'),
    old_posts: whole(SUBSCRIPTION_MESSAGES.oldPosts)
      .transform(Number)
      .optional()
      .describe(`Subscription: existing posts to cover (0 … ${SUBSCRIPTION_POSTS_MAX}), paid as posts are`),
    delay: figure.optional().describe('Subscription: delay in minutes'),
    expiry: expiryDate.optional().describe('Subscription: expiry date as d/m/Y (empty: none)'),
    answer_number: text.optional().describe('Poll: answer number'),
  })
  .transform((f) => ({
    order: {
      serviceId: f.service,
      link: f.link,
      // Without a quantity, the comment lines are the quantity (a custom-comments service takes their count).
      amount: f.quantity ?? (f.comments && f.comments.length > 0 ? String(f.comments.length) : undefined),
      runs: f.runs,
      interval: f.interval,
    },
    comments: f.comments && f.comments.length > 0 ? f.comments : null,
    usernames: f.usernames && f.usernames.length > 0 ? f.usernames : null,
    username: f.username?.trim() || null,
    subscription:
      f.username !== undefined &&
      (f.min !== undefined ||
        f.max !== undefined ||
        f.posts !== undefined ||
        f.delay !== undefined ||
        f.expiry !== undefined)
        ? {
            min: f.min ?? null,
            max: f.max ?? null,
            posts: f.posts ?? null,
            oldPosts: f.old_posts ?? null,
            delay: f.delay ?? null,
            expiry: f.expiry ?? null,
          }
        : null,
    answerNumber: f.answer_number?.trim() || null,
  }));
export type V2AddRequest = z.output<typeof v2AddRequest>;

/** `status` of one order (`order`) or of up to 100 (`orders`). */
export const v2StatusRequest = z.object({
  ...common,
  action: z.literal('status'),
  order: idToken.optional().describe('Order ID'),
  orders: idList(V2_ERRORS.incorrectOrderId)
    .optional()
    .describe('Up to 100 order IDs: `1,2,3`, a JSON array or `orders[]=1&orders[]=2`'),
});

/** `cancel` and `refill` take `order` or `orders` alike. */
const orderOrOrders = <A extends 'cancel' | 'refill'>(action: A) =>
  z.object({
    ...common,
    action: z.literal(action),
    order: idToken.optional().describe('Order ID'),
    orders: idList(V2_ERRORS.incorrectOrderId).optional().describe('Up to 100 order IDs'),
  });
export const v2CancelRequest = orderOrOrders('cancel');
export const v2RefillRequest = orderOrOrders('refill');

/** `refill_status` takes `refill` or `refills` alike. */
export const v2RefillStatusRequest = z.object({
  ...common,
  action: z.literal('refill_status'),
  refill: idToken.optional().describe('Refill ID'),
  refills: idList(V2_ERRORS.incorrectRefillId).optional().describe('Up to 100 refill IDs'),
});

/** One schema per action, as the controller picks them. */
export const V2_REQUESTS = {
  services: v2ServicesRequest,
  add: v2AddRequest,
  status: v2StatusRequest,
  balance: v2BalanceRequest,
  refill: v2RefillRequest,
  refill_status: v2RefillStatusRequest,
  cancel: v2CancelRequest,
} as const satisfies Record<V2Action, z.ZodType>;

export type V2Request<A extends V2Action> = z.output<(typeof V2_REQUESTS)[A]>;

/** The typed request of a known action, or the message of the first problem. */
export function parseV2Request<A extends V2Action>(
  action: A,
  fields: Record<string, unknown>,
): { ok: true; request: V2Request<A> } | { ok: false; message: string } {
  const parsed = V2_REQUESTS[action].safeParse({ ...fields, action });
  if (parsed.success) return { ok: true, request: parsed.data as V2Request<A> };
  return { ok: false, message: parsed.error.issues[0]?.message ?? V2_ERRORS.incorrectRequest };
}

export const isV2Action = (action: unknown): action is V2Action =>
  typeof action === 'string' && (V2_ACTIONS as readonly string[]).includes(action);
