import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../../../config/index.js';
import { Clock } from '../../../shared/index.js';
import { SimulatedProviderOrder } from '../domain/simulated-order.entity.js';
import {
  SIMULATED_SERVICES,
  simulatedPostAt,
  simulatedProviderUrl,
  simulatedSubscription,
  type SimulatedService,
} from '../domain/simulation.js';
import { parseCount, printable } from '../domain/upstream-protocol.js';
import { STATUS_BATCH } from './smm-client.js';

type Answer = unknown;
const fail = (error: string) => ({ error });

/** Won with three decimals: rate (won per 1000) × quantity / 1000. */
function charge(rate: string, quantity: number): string {
  const milli = BigInt(rate) * BigInt(quantity);
  return `${milli / 1000n}.${String(milli % 1000n).padStart(3, '0')}`;
}

/**
 * The embedded simulated provider: the SMM panel API v2 served by the app itself, so a fresh
 * `npm start` has an upstream to place orders with. It keeps its own orders; their progress is a
 * function of time (domain/simulation.ts). Its key is generated once into DATA_DIR.
 */
@Injectable()
export class SimulatedProvider {
  private cachedKey: string | undefined;

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /** The key clients must send; generated at first use and kept in DATA_DIR/simulated-provider-key. */
  key(): string {
    if (this.cachedKey) return this.cachedKey;
    const file = join(this.config.dataDir, 'simulated-provider-key');
    try {
      // 'wx': of two processes starting on one DATA_DIR, the first writes and both read its key.
      writeFileSync(file, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
    const key = readFileSync(file, 'utf8').trim();
    if (key) this.cachedKey = key;
    return key;
  }

  /** Where the app reaches its own simulated provider (loopback, the configured port). */
  apiUrl(): string {
    return simulatedProviderUrl(this.config.env.PORT);
  }

  async handle(body: Record<string, unknown>): Promise<Answer> {
    const key = typeof body.key === 'string' ? Buffer.from(body.key) : Buffer.alloc(0);
    const expected = Buffer.from(this.key());
    if (expected.length === 0 || key.length !== expected.length || !timingSafeEqual(key, expected))
      return fail('Invalid API key');
    switch (body.action) {
      case 'services':
        return SIMULATED_SERVICES.map((s) => ({ ...s, cancel: true }));
      case 'add':
        return this.add(body);
      case 'status':
        return this.status(body);
      case 'balance':
        return { balance: '10000000.00', currency: 'KRW' };
      case 'cancel':
        return this.cancel(body);
      case 'refill':
        return this.refill(body);
      case 'refill_status':
        // A simulated refill is done as soon as it is asked (its id is the order's).
        return body.refills === undefined
          ? { status: 'Completed' }
          : (this.ids(body.refills) ?? []).map((id) => ({ refill: id, status: 'Completed' }));
      default:
        return fail('Incorrect request');
    }
  }

  private async add(body: Record<string, unknown>): Promise<Answer> {
    const service = SIMULATED_SERVICES.find((s) => s.service === String(body.service ?? ''));
    if (!service) return fail('Incorrect service ID');
    if (service.type === 'Subscriptions') return this.subscribe(service, body);
    const link = typeof body.link === 'string' ? body.link.trim() : '';
    if (!link || link.length > 1000 || !printable(link)) return fail('Incorrect link');
    // As panels take them: a package has no quantity; custom comments are counted by their lines.
    const lines = typeof body.comments === 'string' ? body.comments.split(/\r?\n/).filter((l) => l.trim()) : [];
    if (service.type === 'Custom Comments' && (lines.length === 0 || !lines.every(printable)))
      return fail('Incorrect comments');
    const quantity =
      service.type === 'Package' ? 1 : service.type === 'Custom Comments' ? lines.length : parseCount(body.quantity);
    if (quantity === null || quantity < service.min) return fail(`Quantity less than minimal ${service.min}`);
    if (quantity > service.max) return fail(`Quantity more than maximum ${service.max}`);
    const order = new SimulatedProviderOrder(service.service, link, quantity, this.clock.now());
    await this.em.fork().persist(order).flush();
    return { order: order.id };
  }

  /** A subscription as panels take it: username, min, max, posts, delay, optional expiry (d/m/Y). */
  private async subscribe(service: SimulatedService, body: Record<string, unknown>): Promise<Answer> {
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    if (!username || username.length > 100 || !printable(username)) return fail('Incorrect username');
    const [min, max, posts, delay] = [body.min, body.max, body.posts, body.delay ?? '0'].map(parseCount);
    if (min === null || max === null || min < service.min || max > service.max || min > max)
      return fail('Incorrect min/max');
    if (posts === null || posts < 1) return fail('Incorrect posts');
    if (delay === null || ![0, 5, 10, 15, 30, 60, 90].includes(delay)) return fail('Incorrect delay');
    const match =
      typeof body.expiry === 'string' && body.expiry !== '' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(body.expiry) : null;
    if (typeof body.expiry === 'string' && body.expiry !== '' && !match) return fail('Incorrect expiry');
    const order = new SimulatedProviderOrder(service.service, username, max, this.clock.now());
    order.posts = posts;
    order.delay = delay;
    order.expiry = match ? `${match[3]}-${match[2]}-${match[1]}` : null;
    await this.em.fork().persist(order).flush();
    return { order: order.id };
  }

  /** A subscription's status: its child orders (one per post so far, made as the posts come), as panels answer. */
  private async subscriptionState(sub: SimulatedProviderOrder, now: Date): Promise<Answer> {
    const facts = {
      createdAt: sub.createdAt,
      canceledAt: sub.canceledAt,
      posts: sub.posts!,
      delay: sub.delay,
      expiry: sub.expiry,
    };
    const { status, posts } = simulatedSubscription(facts, now);
    const em = this.em.fork();
    const children = await em.find(SimulatedProviderOrder, { parentId: sub.id }, { orderBy: { id: 'ASC' } });
    for (let k = children.length + 1; k <= posts; k++) {
      const child = new SimulatedProviderOrder(
        sub.service,
        `${sub.link}#${k}`,
        sub.quantity,
        simulatedPostAt(facts, k),
      );
      child.parentId = sub.id;
      em.persist(child);
      children.push(child);
    }
    await em.flush();
    return { status, expiry: sub.expiry, posts: String(posts), orders: children.map((c) => c.id) };
  }

  private async status(body: Record<string, unknown>): Promise<Answer> {
    const single = body.orders === undefined;
    const ids = this.ids(single ? body.order : body.orders);
    if (!ids) return fail('Incorrect order ID');
    if (ids.length > STATUS_BATCH) return fail(`At most ${STATUS_BATCH} orders per request`);
    const orders = new Map(
      (await this.em.fork().find(SimulatedProviderOrder, { id: { $in: ids } })).map((o) => [o.id, o]),
    );
    const now = this.clock.now();
    const subscription = single && orders.get(ids[0]!)?.posts != null ? orders.get(ids[0]!)! : null;
    if (subscription) return this.subscriptionState(subscription, now);
    const state = (id: number) => {
      const order = orders.get(id);
      if (!order) return fail('Incorrect order ID');
      const { status, startCount, remains } = order.progress(now);
      const service = SIMULATED_SERVICES.find((s) => s.service === order.service);
      const rate = service?.rate ?? '0';
      // What the order costs now, as panels report it: a partial one only what it delivered, a canceled one nothing.
      const charged = status === 'Canceled' ? 0 : status === 'Partial' ? order.quantity - remains : order.quantity;
      // A package's rate is the price of the package.
      return {
        charge: service?.type === 'Package' ? charge(rate, charged * 1000) : charge(rate, charged),
        start_count: String(startCount),
        status,
        remains: String(remains),
        currency: 'KRW',
      };
    };
    return single ? state(ids[0]!) : Object.fromEntries(ids.map((id) => [String(id), state(id)]));
  }

  private async cancel(body: Record<string, unknown>): Promise<Answer> {
    const ids = this.ids(body.orders ?? body.order);
    if (!ids || ids.length > STATUS_BATCH) return fail('Incorrect order ID');
    return this.em.fork().transactional(async (tx) => {
      const orders = new Map((await tx.find(SimulatedProviderOrder, { id: { $in: ids } })).map((o) => [o.id, o]));
      const now = this.clock.now();
      return ids.map((id) => {
        const order = orders.get(id);
        if (!order) return { order: id, cancel: fail('Incorrect order ID') };
        return { order: id, cancel: order.cancel(now) ? 1 : fail('Order cannot be canceled') };
      });
    });
  }

  /** A finished order of a refill service may be refilled; the refill's id is the order's. */
  private async refill(body: Record<string, unknown>): Promise<Answer> {
    const ids = this.ids(body.order);
    const order = ids?.length === 1 ? await this.em.fork().findOne(SimulatedProviderOrder, { id: ids[0]! }) : null;
    if (!order) return fail('Incorrect order ID');
    if (!SIMULATED_SERVICES.find((s) => s.service === order.service)?.refill)
      return fail('Refill is not available for this service');
    const { status } = order.progress(this.clock.now());
    if (status !== 'Completed' && status !== 'Partial') return fail('Refill is not available for this order');
    return { refill: String(order.id) };
  }

  private ids(raw: unknown): number[] | null {
    const parts = String(raw ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const ids = parts.map(Number);
    return ids.length > 0 && ids.every((id) => Number.isSafeInteger(id) && id > 0 && id < 2 ** 31)
      ? [...new Set(ids)]
      : null;
  }
}
