import { Injectable } from '@nestjs/common';
import { request, type Dispatcher } from 'undici';
import { PRIVATE_ADDRESS_CODE, ProviderAddressGuard } from './provider-address.js';
import { DomainError } from '../../../shared/index.js';
import {
  cleanText,
  errorOf,
  parseAnswerText,
  readAddAnswer,
  readBalance,
  readServices,
  readStatusAnswer,
  type UpstreamBalance,
  type UpstreamService,
  type UpstreamStatusResult,
} from '../domain/upstream-protocol.js';
import { panelExpiry, readSubscriptionState, type UpstreamSubscriptionState } from '../domain/subscription-protocol.js';

/** Where and how to reach one provider. */
export interface ProviderEndpoint {
  apiUrl: string;
  apiKey: string;
  timeoutMs: number;
}

export type ProviderErrorKind =
  /** The provider answered `{"error": ...}`: it refused, nothing happened there. */
  | 'REJECTED'
  /** Nothing reached the provider (connection refused, unknown host). */
  | 'UNREACHABLE'
  /** No answer in time: the provider may or may not have acted. */
  | 'TIMEOUT'
  /** An answer we cannot read (HTML error page, 5xx, broken JSON, unexpected shape). */
  | 'BAD_ANSWER';

/** A provider call that failed. An operator sees it as a 502 with the reason. */
export class ProviderError extends DomainError {
  constructor(
    message: string,
    readonly kind: ProviderErrorKind,
    /** True when the provider may have acted on the request anyway (so an `add` must not simply be retried). */
    readonly ambiguous: boolean,
  ) {
    super('UPSTREAM_FAILED', message);
  }
}

/** Largest `orders=` batch the v2 protocol allows. */
export const STATUS_BATCH = 100;
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;
const UNREACHABLE_CODES = new Set([
  PRIVATE_ADDRESS_CODE,
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_INVALID_URL',
]);

/**
 * A client of the SMM panel API v2: form-encoded POSTs of `key`, `action` and the action's fields,
 * each with the provider's own timeout. Answers go through the tolerant readers of upstream-protocol.
 */
@Injectable()
export class SmmClient {
  constructor(private readonly addresses: ProviderAddressGuard) {}

  async services(
    provider: ProviderEndpoint,
  ): Promise<{ services: UpstreamService[]; malformed: number; unreadable: string[] }> {
    const body = await this.call(provider, { action: 'services' });
    if (!Array.isArray(body)) throw badAnswer('services: expected a list');
    return readServices(body);
  }

  /**
   * Places an order (`action=add`) with the fields panels take for its service type: a quantity (Default),
   * `comments` for Custom Comments (newline-separated; the panel counts the lines), neither for a Package.
   * The provider's order id.
   */
  async add(
    provider: ProviderEndpoint,
    order: { service: string; link: string; quantity: number; type?: string; comments?: string | null },
  ): Promise<string> {
    const fields: Record<string, string> = { action: 'add', service: order.service, link: order.link };
    if (order.type === 'Custom Comments') fields.comments = order.comments ?? '';
    else if (order.type !== 'Package') fields.quantity = String(order.quantity);
    const id = readAddAnswer(await this.call(provider, fields));
    if (!id) throw badAnswer('add: no order id in the answer');
    return id;
  }

  /** Places a subscription with the fields panels take for one; the provider's subscription (order) id. */
  async addSubscription(
    provider: ProviderEndpoint,
    sub: {
      service: string;
      username: string;
      min: number;
      max: number;
      posts: number;
      oldPosts: number;
      delay: number;
      expiry: string | null;
    },
  ): Promise<string> {
    const fields: Record<string, string> = {
      action: 'add',
      service: sub.service,
      username: sub.username,
      min: String(sub.min),
      max: String(sub.max),
      posts: String(sub.posts),
      old_posts: String(sub.oldPosts),
      delay: String(sub.delay),
      ...(sub.expiry ? { expiry: panelExpiry(sub.expiry) } : {}),
    };
    const id = readAddAnswer(await this.call(provider, fields));
    if (!id) throw badAnswer('add: no order id in the answer');
    return id;
  }

  /** A subscription's state (`status` of its id). */
  async subscriptionStatus(provider: ProviderEndpoint, id: string): Promise<UpstreamSubscriptionState> {
    const state = readSubscriptionState(await this.call(provider, { action: 'status', order: id }));
    if (!state) throw badAnswer('status: not a subscription status');
    return state;
  }

  /** States of up to 100 orders in one request (`orders=1,2,3`). */
  async status(provider: ProviderEndpoint, orderIds: string[]): Promise<Map<string, UpstreamStatusResult>> {
    if (orderIds.length === 0) return new Map();
    if (orderIds.length > STATUS_BATCH) throw new Error(`status: at most ${STATUS_BATCH} orders per request`);
    const body = await this.call(provider, { action: 'status', orders: orderIds.join(',') });
    return readStatusAnswer(body, orderIds);
  }

  async balance(provider: ProviderEndpoint): Promise<UpstreamBalance> {
    const balance = readBalance(await this.call(provider, { action: 'balance' }));
    if (!balance) throw badAnswer('balance: no balance in the answer');
    return balance;
  }

  /** Asks for a refill; the provider's refill id. */
  async refill(provider: ProviderEndpoint, orderId: string): Promise<string> {
    const body = (await this.call(provider, { action: 'refill', order: orderId })) as { refill?: unknown };
    if (typeof body?.refill !== 'string' && typeof body?.refill !== 'number')
      throw badAnswer('refill: no refill id in the answer');
    return String(body.refill);
  }

  async refillStatus(provider: ProviderEndpoint, refillId: string): Promise<string> {
    const body = (await this.call(provider, { action: 'refill_status', refill: refillId })) as { status?: unknown };
    if (typeof body?.status !== 'string') throw badAnswer('refill_status: no status in the answer');
    return body.status;
  }

  /** States of up to 100 refills in one request (`refills=1,2`): per refill, its status word or the provider's error. */
  async refillStatuses(
    provider: ProviderEndpoint,
    refillIds: string[],
  ): Promise<Map<string, { status: string } | { error: string }>> {
    const result = new Map<string, { status: string } | { error: string }>(
      refillIds.map((id) => [id, { error: 'refill missing from the answer' }]),
    );
    if (refillIds.length === 0) return result;
    const body = await this.call(provider, { action: 'refill_status', refills: refillIds.join(',') });
    for (const item of Array.isArray(body) ? body : []) {
      const { refill, status } = (item ?? {}) as { refill?: unknown; status?: unknown };
      if (!result.has(String(refill))) continue;
      const error = errorOf(status);
      result.set(
        String(refill),
        error
          ? { error }
          : typeof status === 'string'
            ? { status: cleanText(status).slice(0, 40) }
            : { error: 'no status in the answer' },
      );
    }
    return result;
  }

  /** Asks to cancel orders; per order, true or the provider's reason. */
  async cancel(provider: ProviderEndpoint, orderIds: string[]): Promise<Map<string, true | string>> {
    const body = await this.call(provider, { action: 'cancel', orders: orderIds.join(',') });
    const result = new Map<string, true | string>(orderIds.map((id) => [id, 'order missing from the answer']));
    for (const item of Array.isArray(body) ? body : []) {
      const { order, cancel } = (item ?? {}) as { order?: unknown; cancel?: unknown };
      if (!result.has(String(order))) continue;
      result.set(String(order), errorOf(cancel) ?? (cancel ? true : 'not canceled'));
    }
    return result;
  }

  /** One request; an answer `{"error": ...}` (whatever the HTTP status) is a REJECTED ProviderError. */
  private async call(provider: ProviderEndpoint, fields: Record<string, string>): Promise<unknown> {
    const redact = (text: string) => cleanText(provider.apiKey ? text.split(provider.apiKey).join('***') : text);
    let response: { status: number; ok: boolean };
    let text: string;
    try {
      // Internal addresses are refused at every request too (a name may resolve elsewhere since it was saved).
      // undici's request rather than fetch: a sender has thousands out a minute, and it costs a third of fetch's CPU.
      // It follows no redirect (fetch was told `redirect: 'error'`): a 3xx is an answer we cannot read.
      const dispatcher = this.addresses.dispatcherFor(provider.apiUrl);
      const answer = await request(provider.apiUrl, {
        ...(dispatcher ? { dispatcher } : {}),
        method: 'POST',
        body: new URLSearchParams({ key: provider.apiKey, ...fields }).toString(),
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        signal: AbortSignal.timeout(provider.timeoutMs),
      });
      response = { status: answer.statusCode, ok: answer.statusCode >= 200 && answer.statusCode < 300 };
      text = await readLimited(answer);
    } catch (error) {
      throw transportError(error, fields.action!, provider.timeoutMs, redact);
    }
    // A 4xx means the request went nowhere (wrong URL, blocked); anything else might have been acted on.
    const refusedByHttp = response.status >= 400 && response.status < 500;
    let body: unknown;
    try {
      body = parseAnswerText(text);
    } catch {
      const snippet = redact(
        text
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 120),
      );
      throw new ProviderError(
        `${fields.action}: HTTP ${response.status}, not JSON${snippet ? `: ${snippet}` : ''}`,
        'BAD_ANSWER',
        !refusedByHttp,
      );
    }
    if (body === undefined)
      throw new ProviderError(`${fields.action}: HTTP ${response.status}, empty answer`, 'BAD_ANSWER', !refusedByHttp);
    const error = errorOf(body);
    // {"error"} is a refusal with HTTP 200 or 4xx; with a 5xx the panel failed somewhere, perhaps after acting.
    if (error && response.status >= 500)
      throw new ProviderError(redact(`${fields.action}: HTTP ${response.status}: ${error}`), 'BAD_ANSWER', true);
    if (error) throw new ProviderError(redact(`${fields.action}: ${error}`), 'REJECTED', false);
    if (!response.ok)
      throw new ProviderError(`${fields.action}: HTTP ${response.status}`, 'BAD_ANSWER', response.status >= 500);
    return body;
  }
}

function badAnswer(message: string): ProviderError {
  return new ProviderError(message, 'BAD_ANSWER', true);
}

async function readLimited(response: Dispatcher.ResponseData): Promise<string> {
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > MAX_ANSWER_BYTES) {
    response.body.destroy();
    throw new Error(`answer too large (${declared} bytes)`);
  }
  const text = await response.body.text();
  if (text.length > MAX_ANSWER_BYTES) throw new Error('answer too large');
  return text;
}

function transportError(
  error: unknown,
  action: string,
  timeoutMs: number,
  redact: (text: string) => string,
): ProviderError {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new ProviderError(`${action}: no answer within ${timeoutMs} ms`, 'TIMEOUT', true);
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  const detail = redact(cause?.message ?? (error instanceof Error ? error.message : String(error)));
  if (code && UNREACHABLE_CODES.has(code))
    return new ProviderError(`${action}: unreachable (${detail})`, 'UNREACHABLE', false);
  if (error instanceof TypeError && /invalid url|failed to parse url|bad port/i.test(error.message))
    return new ProviderError(`${action}: invalid API URL`, 'UNREACHABLE', false);
  return new ProviderError(`${action}: ${detail}`, 'BAD_ANSWER', true);
}
