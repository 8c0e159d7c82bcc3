import { HttpException, Injectable } from '@nestjs/common';
import { RefillStatus, type OrderStatusView } from '../../ordering/index.js';
import { DomainError, firstIssueMessage, inputRefusal, NotFoundError } from '../../../shared/index.js';
import { ResellerApi } from './reseller-api.service.js';
import { V2RateLimiter } from './v2-rate-limiter.js';
import {
  dripFeedStatusAnswer,
  isDripFeedHead,
  orderStatusAnswer,
  subscriptionStatusAnswer,
  V2_CURRENCY,
} from './v2-answers.js';
import { keyOf } from './v2-fields.js';
import { isV2Action, parseV2Request, V2_BATCH_LIMIT, V2_ERRORS, type V2Action, type V2Request } from './v2-requests.js';
import { packageRate, parseId, ratePer1000, resellerOrderSchema } from './wire.js';

/** A refill's status in the words panels answer refill_status with. */
const V2_REFILL_STATUS: Record<RefillStatus, string> = {
  [RefillStatus.PENDING]: 'Pending',
  [RefillStatus.PROCESSING]: 'In progress',
  [RefillStatus.COMPLETED]: 'Completed',
  [RefillStatus.REJECTED]: 'Rejected',
};

/** A refusal: v2 answers it as `{"error": message}`. */
const refusal = (message: string) => inputRefusal(message);

/** A refusal's message, or null for a fault (which propagates). */
const refusalMessage = (error: unknown): string | null =>
  error instanceof DomainError || error instanceof HttpException ? error.message : null;

/** The answer of a refusable step: its result, or `{error}` when refused (a fault still throws). */
async function outcome<T>(step: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await step();
  } catch (error) {
    const message = refusalMessage(error);
    if (message === null) throw error;
    return { error: message };
  }
}

interface Call {
  memberId: number;
  idempotencyKey: string | undefined;
  /** Set when an Idempotency-Key's first answer was returned and nothing was done. */
  replayed: boolean;
}

/** `order` holding a comma list (`1,2,3`), as tokens; undefined for one id. Over the batch limit is refused as `orders` is. */
function commaListOf(order: unknown): string[] | undefined {
  if (typeof order !== 'string' || !order.includes(',')) return undefined;
  const tokens = order
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (tokens.length > V2_BATCH_LIMIT) throw refusal(V2_ERRORS.tooManyIds);
  return tokens;
}

type Handlers = { [A in V2Action]: (call: Call, request: V2Request<A>) => Promise<unknown> };

/** A v2 call as the controller hands it over: its normalised fields (v2-fields.ts) and the headers that matter. */
export interface V2Call {
  fields: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

/** The answer, and what the controller sets on the reply: 429 with Retry-After, Idempotent-Replayed. */
export interface V2Answer {
  body: unknown;
  retryAfter?: number;
  replayed?: boolean;
}

/**
 * The SMM panel API v2's use cases, one function per action: the key, the per-key rate, the action's
 * typed request, then the answer; every refusal is `{"error": "..."}` (a fault still throws).
 * Numbers in answers are strings where resellers' tools expect strings. Another member's order id is
 * answered exactly as an unknown one.
 */
@Injectable()
export class ResellerV2 {
  constructor(
    private readonly api: ResellerApi,
    private readonly limiter: V2RateLimiter,
  ) {}

  /** One call: the answer, or `{error}` for a refusal. */
  async answer({ fields, headers }: V2Call): Promise<V2Answer> {
    const memberId = await this.api.memberIdForKey(keyOf(fields, headers));
    if (memberId === null) return { body: { error: V2_ERRORS.invalidKey } };
    const wait = await this.limiter.take(memberId);
    if (wait > 0) return { body: { error: V2_ERRORS.tooManyRequests }, retryAfter: wait };
    const action = fields.action;
    if (!isV2Action(action)) return { body: { error: V2_ERRORS.incorrectRequest } };
    const parsed = parseV2Request(action, fields);
    if (!parsed.ok) return { body: { error: parsed.message } };
    const idempotencyKey = typeof headers['idempotency-key'] === 'string' ? headers['idempotency-key'] : undefined;
    const call: Call = { memberId, idempotencyKey, replayed: false };
    const body = await outcome(() =>
      (this.handlers[action] as (call: Call, request: unknown) => Promise<unknown>)(call, parsed.request),
    );
    return call.replayed ? { body, replayed: true } : { body };
  }

  private readonly handlers: Handlers = {
    services: (call) => this.services(call.memberId),
    add: (call, request) => this.add(call, request),
    status: (call, request) => {
      // A published client sends `order=1,2,3`: answered like `orders`.
      const list = request.orders ?? commaListOf(request.order);
      return list === undefined ? this.status(call.memberId, request.order) : this.statuses(call.memberId, list);
    },
    balance: async (call) => ({ balance: String(await this.api.balance(call.memberId)), currency: V2_CURRENCY }),
    cancel: async (call, request) => {
      if (request.orders === undefined) return { cancel: await this.cancel(call.memberId, request.order) };
      return this.each(request.orders, async (id, token) => ({
        order: id ?? token,
        cancel: await outcome(() => this.cancel(call.memberId, token)),
      }));
    },
    refill: async (call, request) => {
      if (request.orders === undefined) return { refill: await this.refill(call.memberId, request.order) };
      return this.each(request.orders, async (id, token) => ({
        order: id ?? token,
        refill: await outcome(() => this.refill(call.memberId, token)),
      }));
    },
    refill_status: async (call, request) => {
      if (request.refills === undefined) return this.refillStatus(call.memberId, request.refill);
      return this.refillStatuses(call.memberId, request.refills);
    },
  };

  /** Orderable services; `dripfeed` says whether `add` takes runs and interval (the service allows auto-orders). */
  private async services(memberId: number) {
    return (await this.api.orderableServices(memberId)).map(({ service, category, point, averageTime }) => ({
      service: service.id,
      name: service.text,
      type: service.type,
      category,
      // The member's price; a package's rate is the price of one package, as panels list it.
      rate: service.type === 'Package' ? packageRate(point) : ratePer1000(point),
      min: String(service.min),
      max: String(service.max),
      refill: service.refill,
      // Whether a running order can be cancelled upstream (the provider takes cancels); a PENDING order is
      // cancelled here for every service.
      cancel: service.cancel,
      dripfeed: service.enableAuto,
      // An addition published clients skip as an unknown field.
      average_time: averageTime,
    }));
  }

  /**
   * {service, link, quantity, runs?, interval?} → {order}. With runs and interval it is a drip-feed
   * (auto-order: quantity per run, every `interval` minutes): `order` is its first run's order, the id
   * the tool polls (its status covers the whole drip-feed), and `auto_order` the auto-order's id. The
   * ordering context's rules and Korean messages apply as in the storefront.
   */
  private async add(call: Call, request: V2Request<'add'>) {
    const serviceId = parseId(request.order.serviceId);
    if (serviceId !== null && (await this.api.serviceType(serviceId)) === 'Subscriptions')
      return this.addSubscription(call, serviceId, request);
    const input = resellerOrderSchema.safeParse({ ...request.order, ...(await this.typedFields(request)) });
    if (!input.success) throw refusal(firstIssueMessage(input.error));
    const { placed, replayed } = await this.api.placeOrder(call.memberId, input.data, call.idempotencyKey);
    call.replayed = replayed;
    return placed.autoOrderId === null
      ? { order: placed.orderId }
      : { order: placed.orderId, auto_order: placed.autoOrderId };
  }

  /**
   * A Subscriptions service's `add`: username, min, max, posts, old_posts, delay, expiry (d/m/Y), as
   * panels take them; paid up front for max × posts. `posts` 0 or empty: open-ended until `expiry` (required),
   * each new post's order paid when it is placed.
   */
  private async addSubscription(call: Call, serviceId: number, request: V2Request<'add'>) {
    const sub = request.subscription;
    const placed = await this.api.placeSubscription(call.memberId, {
      serviceId,
      username: request.username ?? '',
      min: sub?.min ?? Number.NaN,
      max: sub?.max ?? Number.NaN,
      posts: sub?.posts ?? 0,
      oldPosts: sub?.oldPosts ?? 0,
      delay: sub?.delay ?? 0,
      expiry: sub?.expiry ?? null,
    });
    return { order: placed.subscriptionId };
  }

  /**
   * The quantity and comments of an `add` by the service's type, as panels take them: a Package ignores
   * `quantity` (one package); Custom Comments takes `comments` and counts its lines (a quantity beside them
   * is ignored); other types keep the quantity, and comments sent to them are refused by the order rules.
   */
  private async typedFields(request: V2Request<'add'>): Promise<{ amount?: unknown; comments?: string }> {
    const comments = request.comments?.join('\n');
    const type = await this.api.serviceType(parseId(request.order.serviceId));
    if (type === 'Package') return { amount: 1 };
    if (type === 'Custom Comments') return { amount: 0, comments: comments ?? '' };
    return comments === undefined ? {} : { comments };
  }

  private async status(memberId: number, raw: unknown) {
    const id = parseId(raw);
    const [subscription] = id === null ? [] : await this.api.subscriptions(memberId, [id]);
    if (subscription) return subscriptionStatusAnswer(subscription.subscription, subscription.orders);
    const order = await this.ownOrder(memberId, raw);
    return isDripFeedHead(order) ? this.dripFeedAnswer(memberId, order) : orderStatusAnswer(order);
  }

  /** A drip-feed's first run answers for the whole drip-feed (its other runs read as plain orders). */
  private async dripFeedAnswer(memberId: number, order: OrderStatusView) {
    const drip = await this.api.autoOrderWithRuns(memberId, order.autoOrderId!);
    return drip ? dripFeedStatusAnswer(drip.autoOrder, drip.runs) : orderStatusAnswer(order);
  }

  /** {"<id>": status or {error}} for up to 100 ids, in one read. */
  private async statuses(memberId: number, tokens: string[]) {
    const ids = tokens.map(parseId);
    const found = new Map(
      (
        await this.api.orderStatuses(
          memberId,
          ids.filter((id) => id !== null),
        )
      ).map((o) => [o.id, o]),
    );
    const subscriptions = new Map(
      (await this.api.subscriptions(memberId, ids.filter((id) => id !== null && !found.has(id)) as number[])).map(
        (s) => [s.subscription.id, s],
      ),
    );
    const answers: Record<string, unknown> = {};
    for (const [i, token] of tokens.entries()) {
      const order = found.get(ids[i] ?? 0);
      const subscription = subscriptions.get(ids[i] ?? 0);
      // Only a drip-feed's head reads more; a plain order is answered without a turn of the loop (100 a call).
      answers[token] = order
        ? isDripFeedHead(order)
          ? await this.dripFeedAnswer(memberId, order)
          : orderStatusAnswer(order)
        : subscription
          ? subscriptionStatusAnswer(subscription.subscription, subscription.orders)
          : { error: V2_ERRORS.incorrectOrderId };
    }
    return answers;
  }

  /** The member's order named by `raw`; any other id is an incorrect one. */
  private async ownOrder(memberId: number, raw: unknown): Promise<OrderStatusView> {
    const id = parseId(raw);
    const order = id === null ? null : await this.api.order(memberId, id);
    if (!order) throw refusal(V2_ERRORS.incorrectOrderId);
    return order;
  }

  /** The ordering context's member cancel; 1 when done. */
  private async cancel(memberId: number, raw: unknown): Promise<1> {
    const id = parseId(raw);
    if (id === null) throw refusal(V2_ERRORS.incorrectOrderId);
    try {
      await this.api.cancel(memberId, id);
    } catch (error) {
      throw error instanceof NotFoundError ? refusal(V2_ERRORS.incorrectOrderId) : error;
    }
    return 1;
  }

  /** The ordering context's refill request for the member's order; the refill's id (as panels answer it, a string). */
  private async refill(memberId: number, raw: unknown): Promise<string> {
    const id = parseId(raw);
    if (id === null) throw refusal(V2_ERRORS.incorrectOrderId);
    try {
      return String((await this.api.refill(memberId, id)).id);
    } catch (error) {
      throw error instanceof NotFoundError ? refusal(V2_ERRORS.incorrectOrderId) : error;
    }
  }

  /** `refill=ID` → {status}. */
  private async refillStatus(memberId: number, raw: unknown) {
    const id = parseId(raw);
    const [refill] = id === null ? [] : await this.api.refills(memberId, [id]);
    if (!refill) throw refusal(V2_ERRORS.incorrectRefillId);
    return { status: V2_REFILL_STATUS[refill.status] };
  }

  /** `refills=1,2` → [{refill, status}] (status `{error}` for an id not the member's). */
  private async refillStatuses(memberId: number, tokens: string[]) {
    const ids = tokens.map(parseId);
    const found = new Map(
      (
        await this.api.refills(
          memberId,
          ids.filter((id) => id !== null),
        )
      ).map((r) => [r.id, r]),
    );
    return tokens.map((token, i) => {
      const refill = found.get(ids[i] ?? 0);
      return {
        refill: ids[i] ?? token,
        status: refill ? V2_REFILL_STATUS[refill.status] : { error: V2_ERRORS.incorrectRefillId },
      };
    });
  }

  /** A batch call's answers, one id after another. */
  private async each<T>(tokens: string[], one: (id: number | null, token: string) => Promise<T>): Promise<T[]> {
    const answers: T[] = [];
    for (const token of tokens) answers.push(await one(parseId(token), token));
    return answers;
  }
}
