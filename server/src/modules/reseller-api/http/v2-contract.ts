import { z } from 'zod';
import {
  API_KEY_FIELDS,
  ORDER_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_POSTS_MAX,
} from '../../../contracts/index.js';

/**
 * The SMM panel API v2 as resellers' tools send it, and as we answer it. These zod schemas are what the
 * controller validates with and what /api/openapi.json is generated from (openapi.ts), so the published
 * description cannot drift from the server.
 *
 * A request goes through two steps: {@link normaliseFields} (query string and body merged, the body
 * winning; `orders[]=` arrays folded; the words tools send for "not given" dropped), then the action's
 * schema, which turns the wire fields into a typed request.
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
// Step 1: the fields as sent.

/** Values PHP and JavaScript tools send for a field they have no value for. */
const ABSENT_WORDS = new Set(['', 'undefined', 'null']);
/** Optional fields where 0 means "not given" (runs 0 = no drip-feed, posts 0 = no limit ...). */
const ZERO_MEANS_ABSENT = new Set([
  'runs',
  'interval',
  'comments',
  'username',
  'usernames',
  'hashtag',
  'hashtags',
  'keywords',
  'answer_number',
  'posts',
  'old_posts',
  'expiry',
  'media',
]);
/** `orders[]`, `orders[0]`: PHP's array form of a field. */
const ARRAY_FORM = /^([A-Za-z_]+)\[\d*\]$/;

const isAbsent = (name: string, value: unknown): boolean => {
  if (value === undefined || value === null) return true;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null;
  if (text === null) return false;
  return ABSENT_WORDS.has(text.toLowerCase()) || (text === '0' && ZERO_MEANS_ABSENT.has(name));
};

/**
 * One set of named fields from the query string and the body (the body wins where both name a field):
 * `orders[]=1&orders[]=2` becomes `orders: ['1', '2']`, `action` is lower-cased, and an optional
 * field sent empty or as `undefined`/`null` (or `0` where zero means absent) is dropped.
 */
export function normaliseFields(...sources: Record<string, unknown>[]): Record<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const source of sources) {
    const fromThis = new Map<string, unknown>();
    for (const [rawName, value] of Object.entries(source)) {
      const arrayForm = ARRAY_FORM.exec(rawName);
      const name = arrayForm ? arrayForm[1]! : rawName;
      if (arrayForm) {
        const before = fromThis.get(name);
        fromThis.set(name, [
          ...(Array.isArray(before) ? before : before === undefined ? [] : [before]),
          ...(Array.isArray(value) ? value : [value]),
        ]);
      } else fromThis.set(name, value);
    }
    for (const [name, value] of fromThis) {
      if (Array.isArray(value)) {
        const kept = value.filter((v) => !isAbsent(name, v));
        if (kept.length > 0) fields.set(name, kept);
      } else if (!isAbsent(name, value)) fields.set(name, value);
      // An absent word in the body still leaves a value the query string gave.
    }
  }
  const action = fields.get('action');
  if (typeof action === 'string') fields.set('action', action.trim().toLowerCase());
  return Object.fromEntries(fields);
}

/** The API key: the first field of API_KEY_FIELDS (`key`, `api_key`, `api`), else an `X-Api-Key` header, else a Bearer token. */
export function keyOf(
  fields: Record<string, unknown>,
  headers: Record<string, string | string[] | undefined>,
): unknown {
  for (const name of API_KEY_FIELDS) if (fields[name] !== undefined) return fields[name];
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(typeof headers.authorization === 'string' ? headers.authorization : '');
  return bearer?.[1];
}

// ---------------------------------------------------------------------------------------------------
// Step 2: the action's schema.

const idToken = z.union([z.int(), z.string()]);
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

/** Shared by every action: the key may come in any of these fields (or a header, see {@link keyOf}). */
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

// ---------------------------------------------------------------------------------------------------
// Answers. Figures tools read as strings are strings.

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
