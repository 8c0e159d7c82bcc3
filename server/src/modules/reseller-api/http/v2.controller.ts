import { Controller, Headers, HttpCode, HttpException, Injectable, type OnModuleInit, Post, Req, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RefillStatus, type Order } from '../../ordering/index.js';
import { DomainError, firstIssueMessage, NotFoundError } from '../../../shared/index.js';
import { ResellerApi } from '../application/reseller-api.service.js';
import { chargeOf, fieldsOf, packageRate, parseId, ratePer1000, remainsOf, resellerOrderSchema, V2_BATCH_LIMIT, V2_ERRORS, V2_STATUS } from './wire.js';

const CURRENCY = 'KRW';

/** A refill's status in the words panels answer refill_status with. */
const V2_REFILL_STATUS: Record<RefillStatus, string> = {
  [RefillStatus.PENDING]: 'Pending',
  [RefillStatus.PROCESSING]: 'In progress',
  [RefillStatus.COMPLETED]: 'Completed',
  [RefillStatus.REJECTED]: 'Rejected',
};
const V2_ROUTE = '/api/v2';

/** A refusal: v2 answers it as `{"error": message}` ({@link V2ErrorShape}). */
const refusal = (message: string) => new DomainError(message, 400);

/**
 * v2 answers every refusal as HTTP 200 with `{"error": "..."}`, as SMM panels do (resellers' tools read
 * the body, not the status). Refusals leave as every error does (the global filter's 4xx `{statusCode,
 * message}`), whether the controller threw them or Fastify did before it ran (a malformed JSON body, a
 * `__proto__` key, a body over the size limit); this hook rewrites them for the v2 route. A fault of the
 * server stays a 500.
 */
@Injectable()
export class V2ErrorShape implements OnModuleInit {
  constructor(private readonly adapter: HttpAdapterHost) {}

  onModuleInit(): void {
    // Added before the server is ready, so it applies to the routes Nest has registered already.
    this.adapter.httpAdapter.getInstance<FastifyInstance>().addHook('preSerialization', async (request, reply, payload: unknown) => {
      if (request.routeOptions.url !== V2_ROUTE || reply.statusCode < 400 || reply.statusCode >= 500) return payload;
      void reply.code(200);
      return { error: String((payload as { message?: unknown } | null)?.message ?? V2_ERRORS.incorrectRequest) };
    });
  }
}

/** A refusal's message, or null for a fault (which propagates). */
const refusalMessage = (error: unknown): string | null => (error instanceof DomainError || error instanceof HttpException ? error.message : null);

/** The fields of a form (urlencoded or multipart) or JSON body. */
async function fieldsOfRequest(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) return fieldsOf(request.body);
  const fields = new Map<string, unknown>();
  for await (const part of request.parts()) {
    if (part.type === 'file') part.file.resume();
    else fields.set(part.fieldname, part.value);
  }
  return Object.fromEntries(fields);
}

/** The ids of a batch call: `1,2,3` (form or JSON string) or a JSON array, blanks and repeats dropped; 1 to 100 of them. */
function batchOf(raw: unknown, noneMessage: string): string[] {
  const items = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).split(',') : []));
  const tokens = [...new Set(items.map((t) => t.trim()).filter(Boolean))];
  if (tokens.length === 0) throw refusal(noneMessage);
  if (tokens.length > V2_BATCH_LIMIT) throw refusal(V2_ERRORS.tooManyIds);
  return tokens;
}

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

const statusOf = (order: Order) => ({
  charge: String(chargeOf(order)),
  start_count: String(order.startCount ?? 0),
  status: V2_STATUS[order.status],
  remains: String(remainsOf(order)),
  currency: CURRENCY,
});

/**
 * The SMM panel API v2 resellers' tools speak: `POST /api/v2` with a form or JSON body carrying `key` and
 * `action`. Numbers in answers are strings where those tools expect strings (rate, min, max, charge,
 * start_count, remains, balance). Another member's order id is answered exactly as an unknown one.
 */
@Controller('v2')
export class ResellerV2Controller {
  constructor(private readonly api: ResellerApi) {}

  @Post()
  @HttpCode(200)
  async call(@Req() request: FastifyRequest, @Headers('idempotency-key') idempotencyKey: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    const fields = await fieldsOfRequest(request);
    const memberId = await this.api.memberIdForKey(fields.key);
    if (memberId === null) throw refusal(V2_ERRORS.invalidKey);
    switch (fields.action) {
      case 'services':
        return this.services();
      case 'add':
        return this.add(memberId, fields, idempotencyKey, reply);
      case 'status':
        return fields.orders === undefined ? statusOf(await this.ownOrder(memberId, fields.order)) : this.statuses(memberId, fields.orders);
      case 'balance':
        return { balance: String(await this.api.balance(memberId)), currency: CURRENCY };
      case 'cancel':
        if (fields.orders === undefined) return { cancel: await this.cancel(memberId, fields.order) };
        return this.each(fields.orders, V2_ERRORS.incorrectOrderId, async (id, token) => ({ order: id ?? token, cancel: await outcome(() => this.cancel(memberId, token)) }));
      case 'refill':
        if (fields.orders === undefined) return { refill: await this.refill(memberId, fields.order) };
        return this.each(fields.orders, V2_ERRORS.incorrectOrderId, async (id, token) => ({ order: id ?? token, refill: await outcome(() => this.refill(memberId, token)) }));
      case 'refill_status':
        if (fields.refills === undefined) return this.refillStatus(memberId, fields.refill);
        return this.refillStatuses(memberId, fields.refills);
      default:
        throw refusal(V2_ERRORS.incorrectRequest);
    }
  }

  /** Orderable services; `dripfeed` says whether `add` takes runs and interval (the service allows auto-orders). */
  private async services() {
    return (await this.api.orderableServices()).map(({ service, category }) => ({
      service: service.id,
      name: service.text,
      type: service.type,
      category,
      // A package's rate is the price of one package, as panels list it.
      rate: service.type === 'Package' ? packageRate(service.point) : ratePer1000(service.point),
      min: String(service.min),
      max: String(service.max),
      refill: service.refill,
      // A member's cancel is taken for every service (a PENDING order is canceled here, not upstream).
      cancel: true,
      dripfeed: service.enableAuto,
    }));
  }

  /**
   * {service, link, quantity, runs?, interval?} → {order}. With runs and interval it is an auto-order
   * (quantity per run, every `interval` minutes): `order` is then its first run's order, and `auto_order`
   * the auto-order's id. The ordering context's rules and Korean messages apply as in the storefront.
   */
  private async add(memberId: number, fields: Record<string, unknown>, idempotencyKey: string | undefined, reply: FastifyReply) {
    const input = resellerOrderSchema.safeParse({ ...(await this.typedFields(fields)), serviceId: fields.service, link: fields.link, runs: fields.runs, interval: fields.interval });
    if (!input.success) throw refusal(firstIssueMessage(input.error));
    const { placed, replayed } = await this.api.placeOrder(memberId, input.data, idempotencyKey);
    if (replayed) void reply.header('Idempotent-Replayed', 'true');
    return placed.autoOrderId === null ? { order: placed.orderId } : { order: placed.orderId, auto_order: placed.autoOrderId };
  }

  /**
   * The quantity and comments of an `add` by the service's type, as panels take them: a Package ignores
   * `quantity` (one package); Custom Comments takes `comments` (newline-separated) and counts its lines.
   */
  private async typedFields(fields: Record<string, unknown>): Promise<{ amount: unknown; comments?: unknown }> {
    const type = await this.api.serviceType(parseId(fields.service));
    if (type === 'Package') return { amount: 1 };
    if (type === 'Custom Comments') return { amount: 0, comments: fields.comments ?? '' };
    return { amount: fields.quantity, comments: fields.comments };
  }

  /** {"<id>": status or {error}} for up to 100 ids, in one read. */
  private async statuses(memberId: number, raw: unknown) {
    const tokens = batchOf(raw, V2_ERRORS.incorrectOrderId);
    const ids = tokens.map(parseId);
    const found = new Map((await this.api.orders(memberId, ids.filter((id) => id !== null))).map((o) => [o.id, o]));
    return Object.fromEntries(
      tokens.map((token, i) => {
        const order = found.get(ids[i] ?? 0);
        return [token, order ? statusOf(order) : { error: V2_ERRORS.incorrectOrderId }];
      }),
    );
  }

  /** The member's order named by `raw`; any other id is an incorrect one. */
  private async ownOrder(memberId: number, raw: unknown): Promise<Order> {
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
  private async refillStatuses(memberId: number, raw: unknown) {
    const tokens = batchOf(raw, V2_ERRORS.incorrectRefillId);
    const ids = tokens.map(parseId);
    const found = new Map((await this.api.refills(memberId, ids.filter((id) => id !== null))).map((r) => [r.id, r]));
    return tokens.map((token, i) => {
      const refill = found.get(ids[i] ?? 0);
      return { refill: ids[i] ?? token, status: refill ? V2_REFILL_STATUS[refill.status] : { error: V2_ERRORS.incorrectRefillId } };
    });
  }

  /** A batch call's answers, one id after another. */
  private async each<T>(raw: unknown, noneMessage: string, one: (id: number | null, token: string) => Promise<T>): Promise<T[]> {
    const answers: T[] = [];
    for (const token of batchOf(raw, noneMessage)) answers.push(await one(parseId(token), token));
    return answers;
  }
}
