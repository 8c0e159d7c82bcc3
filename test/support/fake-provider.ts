// A real upstream SMM panel (API v2) on 127.0.0.1 for tests and benchmarks. It behaves like a small
// panel by default (services, add, status with orders= batches, balance, cancel) and lets a test
// script any answer: errors with HTTP 200, HTML pages, slow answers, duplicates. Every request is
// recorded. Plain erasable TypeScript with node built-ins only, so bench/*.mjs can import it too.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  action: string;
  params: Record<string, string>;
  /** Whether the key sent was the provider's key. */
  keyOk: boolean;
  at: number;
}

export interface FakeAnswer {
  /** JSON body (ignored when `raw` is given). */
  body?: unknown;
  raw?: string;
  status?: number;
  contentType?: string;
  /** Hold the answer this long (a client with a shorter timeout gives up; the work is done anyway). */
  delayMs?: number;
}

export interface FakeOrder {
  id: string;
  service: string;
  link: string;
  quantity: number;
  /** Sent as given, so tests can use any spelling ("In progress", "Cancelled" ...). */
  status: string;
  startCount: string;
  remains: string;
  /** Custom Comments: the comments as received, one per line. */
  comments?: string;
}

/**
 * A scripted behaviour: an answer; or one without body/raw (e.g. `{ delayMs: 1500 }`) to have the
 * default panel do its work and answer that way; or undefined for the default panel as is.
 */
export type FakeHandler = (params: Record<string, string>) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;

export interface FakeProviderOptions {
  key?: string;
  services?: unknown[];
}

export const DEFAULT_FAKE_SERVICES = [
  {
    service: 1,
    name: 'Instagram Followers',
    type: 'Default',
    category: 'Instagram',
    rate: '900',
    min: '10',
    max: '10000',
    refill: true,
    cancel: true,
  },
  {
    service: 2,
    name: 'Instagram Likes',
    type: 'Default',
    category: 'Instagram',
    rate: '0.45',
    min: 50,
    max: 50000,
    refill: false,
    cancel: true,
  },
  {
    service: 3,
    name: 'YouTube Views',
    type: 'Default',
    category: 'YouTube',
    rate: '1500.5',
    min: '100',
    max: '1000000',
    refill: false,
    cancel: false,
  },
];

/** Services of the other types panels sell, for tests that add them to `services`. */
export const TYPED_FAKE_SERVICES = [
  {
    service: 21,
    name: 'Instagram Custom Comments',
    type: 'Custom Comments',
    category: 'Instagram',
    rate: '15000',
    min: '1',
    max: '1000',
    refill: false,
    cancel: false,
  },
  {
    service: 22,
    name: 'Instagram Starter Package',
    type: 'Package',
    category: 'Instagram',
    rate: '9',
    min: '1',
    max: '1',
    refill: false,
    cancel: false,
  },
  {
    service: 23,
    name: 'Instagram Auto Likes',
    type: 'Subscriptions',
    category: 'Instagram',
    rate: '0.45',
    min: '50',
    max: '5000',
    refill: false,
    cancel: false,
  },
];

/** A subscription as the fake panel keeps it: what `add` got and what `status` reports. */
export interface FakeSubscription {
  id: string;
  params: Record<string, string>;
  /** Sent as given (Active, Paused, Completed, Canceled, Expired). */
  status: string;
  /** Child order ids, one per post covered. */
  orders: string[];
}

export class FakeProvider {
  readonly key: string;
  readonly requests: RecordedRequest[] = [];
  readonly orders = new Map<string, FakeOrder>();
  /** Refills asked (`action=refill`): refill id → the order and the status `refill_status` reports. */
  readonly refills = new Map<string, { order: string; status: string }>();
  /** Subscriptions added (`add` of a Subscriptions service), by id. */
  readonly subscriptions = new Map<string, FakeSubscription>();
  services: unknown[];
  balance = { balance: '1234.5678', currency: 'USD' };
  private server: Server;
  private nextId = 1000;
  private scripted: { action: string; handler: FakeHandler; times: number }[] = [];
  url = '';

  constructor(options: FakeProviderOptions = {}) {
    this.key = options.key ?? 'fake-provider-key-0123456789abcdef';
    this.services = options.services ?? DEFAULT_FAKE_SERVICES;
    this.server = createServer((req, res) => void this.serve(req, res));
    this.server.keepAliveTimeout = 30_000;
  }

  static async start(options: FakeProviderOptions = {}): Promise<FakeProvider> {
    const fake = new FakeProvider(options);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/api/v2`;
    return fake;
  }

  /** Script `action`: the handler answers the next `times` requests (Infinity: until cleared). */
  on(action: string, handler: FakeHandler, times = Infinity): this {
    this.scripted.push({ action, handler, times });
    return this;
  }

  once(action: string, answer: FakeAnswer): this {
    return this.on(action, () => answer, 1);
  }

  clearScripts(): void {
    this.scripted = [];
  }

  /** Requests of one action (optionally since an index of `requests`). */
  calls(action: string): RecordedRequest[] {
    return this.requests.filter((r) => r.action === action);
  }

  /** Sets what `status` reports for an order, in the provider's own spelling. */
  setOrder(id: string, state: { status?: string; startCount?: string | number; remains?: string | number }): void {
    const order = this.orders.get(id);
    if (!order) throw new Error(`fake provider: no order ${id}`);
    if (state.status !== undefined) order.status = state.status;
    if (state.startCount !== undefined) order.startCount = String(state.startCount);
    if (state.remains !== undefined) order.remains = String(state.remains);
  }

  /** A new post of the subscription's user: the panel starts a child order for it (max per post). */
  newPost(subscriptionId: string): string {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`fake provider: no subscription ${subscriptionId}`);
    const id = String(++this.nextId);
    this.orders.set(id, {
      id,
      service: sub.params.service!,
      link: sub.params.username!,
      quantity: Number(sub.params.max),
      status: 'In progress',
      startCount: '0',
      remains: sub.params.max!,
    });
    sub.orders.push(id);
    return id;
  }

  /** Links that were placed more than once (an order placed upstream twice). */
  duplicateLinks(): string[] {
    const seen = new Map<string, number>();
    for (const order of this.orders.values()) seen.set(order.link, (seen.get(order.link) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([link]) => link);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const params: Record<string, string> = (req.headers['content-type'] ?? '').includes('json')
      ? Object.fromEntries(
          Object.entries(JSON.parse(text || '{}') as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        )
      : Object.fromEntries(new URLSearchParams(text));
    const action = params.action ?? '';
    const { key: _key, ...recorded } = params;
    this.requests.push({ action, params: recorded, keyOk: params.key === this.key, at: Date.now() });
    let answer: FakeAnswer | undefined;
    const script = this.scripted.find((s) => s.action === action && s.times > 0);
    if (script) {
      script.times--;
      answer = await script.handler(params);
    }
    // No body in a scripted answer: the panel does its usual work, answered with the script's delay/status.
    if (!answer || (answer.body === undefined && answer.raw === undefined)) {
      const usual = params.key === this.key ? this.panel(action, params) : { body: { error: 'Invalid API key' } };
      answer = { ...usual, ...answer, body: usual.body };
    }
    // The work is done before the (possibly slow) answer, as on a real panel.
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (res.destroyed) return;
    res.writeHead(answer.status ?? 200, {
      'content-type': answer.contentType ?? (answer.raw !== undefined ? 'text/html' : 'application/json'),
    });
    res.end(answer.raw ?? JSON.stringify(answer.body));
  }

  /** The `type` the services list gives a service id (Default when unlisted). */
  private typeOf(service: string | undefined): string {
    const listed = this.services.find((s) => String((s as { service?: unknown }).service) === service) as
      { type?: unknown } | undefined;
    return typeof listed?.type === 'string' ? listed.type : 'Default';
  }

  /** Whether the services list says the service takes cancels. */
  private takesCancels(service: string | undefined): boolean {
    const listed = this.services.find((s) => String((s as { service?: unknown }).service) === service) as
      { cancel?: unknown } | undefined;
    return listed?.cancel === true;
  }

  /** The default behaviour of a small, well-behaved panel. */
  private panel(action: string, params: Record<string, string>): FakeAnswer {
    switch (action) {
      case 'services':
        return { body: this.services };
      case 'balance':
        return { body: this.balance };
      case 'add': {
        // As panels take each service type: comments (counted by lines) for Custom Comments, nothing for a Package.
        const type = this.typeOf(params.service);
        if (type === 'Subscriptions') {
          // As panels take a subscription: username, min and max per post, posts, delay, optional expiry (d/m/Y).
          if (!params.username || !/^\d+$/.test(params.min ?? '') || !/^\d+$/.test(params.max ?? ''))
            return { body: { error: 'Incorrect request' } };
          if (params.expiry !== undefined && !/^\d{2}\/\d{2}\/\d{4}$/.test(params.expiry))
            return { body: { error: 'Incorrect expiry' } };
          const id = String(++this.nextId);
          this.subscriptions.set(id, { id, params: { ...params }, status: 'Active', orders: [] });
          return { body: { order: Number(id) } };
        }
        const lines = (params.comments ?? '').split(/\r?\n/).filter((l) => l.trim());
        if (type === 'Custom Comments' && lines.length === 0) return { body: { error: 'Incorrect comments' } };
        const quantity = type === 'Package' ? '1' : type === 'Custom Comments' ? String(lines.length) : params.quantity;
        if (!params.service || !params.link || !quantity) return { body: { error: 'Incorrect request' } };
        const id = String(++this.nextId);
        this.orders.set(id, {
          id,
          service: params.service,
          link: params.link,
          quantity: Number(quantity),
          status: 'Pending',
          startCount: '0',
          remains: quantity,
          ...(type === 'Custom Comments' ? { comments: params.comments } : {}),
        });
        return { body: { order: Number(id) } };
      }
      case 'status': {
        const state = (id: string) => {
          const o = this.orders.get(id);
          return o
            ? { charge: '0.5', start_count: o.startCount, status: o.status, remains: o.remains, currency: 'USD' }
            : { error: 'Incorrect order ID' };
        };
        if (params.orders !== undefined) {
          const ids = params.orders.split(',');
          if (ids.length > 100) return { body: { error: 'Too many orders' } };
          return { body: Object.fromEntries(ids.map((id) => [id, state(id)])) };
        }
        const sub = this.subscriptions.get(params.order ?? '');
        if (sub) {
          const expiry = sub.params.expiry ?? null;
          return {
            body: { status: sub.status, expiry, posts: String(sub.orders.length), orders: sub.orders.map(Number) },
          };
        }
        return { body: state(params.order ?? '') };
      }
      case 'refill': {
        // A panel refills a finished order of a refill service; the answer is the refill's id.
        const order = this.orders.get(params.order ?? '');
        if (!order) return { body: { error: 'Incorrect order ID' } };
        const id = String(++this.nextId);
        this.refills.set(id, { order: order.id, status: 'Pending' });
        return { body: { refill: id } };
      }
      case 'refill_status': {
        const state = (id: string) => this.refills.get(id)?.status ?? { error: 'Refill not found' };
        if (params.refills !== undefined)
          return { body: params.refills.split(',').map((id) => ({ refill: Number(id), status: state(id) })) };
        const one = state(params.refill ?? '');
        return { body: typeof one === 'string' ? { status: one } : one };
      }
      case 'cancel':
        // An order's cancel is taken (its status is the test's to set); a subscription's ends it (Canceled)
        // when its service takes cancels, its posts ordered so far staying ordered.
        return {
          body: (params.orders ?? '').split(',').map((id) => {
            const sub = this.subscriptions.get(id);
            if (sub && !this.takesCancels(sub.params.service))
              return { order: Number(id), cancel: { error: 'Cancel is not available' } };
            if (sub) sub.status = 'Canceled';
            return { order: Number(id), cancel: this.orders.has(id) || sub ? 1 : { error: 'Incorrect order ID' } };
          }),
        };
      default:
        return { body: { error: 'Incorrect request' } };
    }
  }
}

/** What the seed needs of a pg client (pg.Client in tests and benches). */
interface SqlClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: { id: number }[] }>;
}

/**
 * Fixture rows straight into a migrated schema, for tests and benches that run server processes against
 * it: a member, `fake` as an enabled provider, and one auto-orderable service of it (7 won a unit).
 */
export async function seedFakeProviderCatalogue(
  client: SqlClient,
  fake: Pick<FakeProvider, 'url' | 'key'>,
  name: string,
): Promise<{ member: number; provider: number; service: number }> {
  const one = async (sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows[0]!.id;
  const member = await one(
    `insert into member (login_id, password_hash, email, status, created_at) values ($1::text, 'x', $1::text || '@example.com', 'ACTIVE', now()) returning id`,
    [name],
  );
  const provider = await one(
    `insert into provider (name, api_url, api_key, enabled, timeout_ms, created_at, updated_at) values ('fake', $1, $2, true, 10000, now(), now()) returning id`,
    [fake.url, fake.key],
  );
  await client.query(`insert into platform (id, text) values ('instagram', '인스타그램')`);
  const category = await one(`insert into category (platform_id, text) values ('instagram', $1) returning id`, [name]);
  const service = await one(
    `insert into service (text, point, min, max, category_id, enable_auto, provider_id, provider_service_id) values ($1, 7, 10, 100000, $2, true, $3, '1') returning id`,
    [name, category, provider],
  );
  return { member, provider, service };
}
