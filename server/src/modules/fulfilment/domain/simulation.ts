/** Where the app reaches its own simulated provider (loopback, the configured port). */
export const simulatedProviderUrl = (port: number): string => `http://127.0.0.1:${port}/api/simulated-provider/v2`;

/**
 * The embedded simulated provider's catalogue and how its orders progress. Progress is a pure
 * function of the order (id, quantity, when it was placed or canceled) and "now", so an order reads
 * the same on every replica and tests move time with the Clock instead of waiting.
 */

export interface SimulatedService {
  service: string;
  name: string;
  category: string;
  /** Won per 1000. */
  rate: string;
  min: number;
  max: number;
  /** SMM API v2 service type: what `add` takes (comments for Custom Comments, no quantity for a Package). */
  type: 'Default' | 'Custom Comments' | 'Package' | 'Subscriptions';
  /** Whether a finished order may be refilled (followers and subscribers, as the market sells them). */
  refill: boolean;
}

const KINDS: {
  code: number;
  category: string;
  rate: string;
  words: RegExp;
  type?: SimulatedService['type'];
  refill?: boolean;
}[] = [
  { code: 1, category: 'Followers', rate: '9000', words: /팔로워|팔로우|친구|follow/i, refill: true },
  { code: 2, category: 'Likes', rate: '3000', words: /좋아요|하트|추천|like|heart/i },
  { code: 3, category: 'Views', rate: '300', words: /조회|재생|시청|view|play|stream/i },
  { code: 4, category: 'Subscribers', rate: '20000', words: /구독|멤버|회원|subscri|member/i, refill: true },
  { code: 5, category: 'Comments', rate: '100000', words: /댓글|comment/i },
  { code: 6, category: 'Custom Comments', rate: '150000', words: /$^/, type: 'Custom Comments' },
  // A package's rate is the price of one package.
  { code: 7, category: 'Packages', rate: '30000', words: /$^/, type: 'Package' },
  // Auto likes on new posts: the rate is per like, as for likes.
  { code: 8, category: 'Subscriptions', rate: '3000', words: /$^/, type: 'Subscriptions' },
  { code: 9, category: 'Other', rate: '5000', words: /$^/ },
];
const VARIANTS = 25;

/**
 * The simulated panel's catalogue: 25 services of each kind of engagement (ids 101–125 followers,
 * 201–225 likes ...), with limits wide enough for any service of ours. Several variants per kind
 * because each of our services maps to its own provider service.
 */
export const SIMULATED_SERVICES: readonly SimulatedService[] = KINDS.flatMap((kind) =>
  Array.from({ length: VARIANTS }, (_, i) => ({
    service: String(kind.code * 100 + i + 1),
    name: `${kind.category} #${i + 1} (simulated)`,
    category: kind.category,
    rate: kind.rate,
    min: 1,
    max: kind.type === 'Package' ? 1 : 10_000_000,
    type: kind.type ?? 'Default',
    refill: kind.refill ?? false,
  })),
);

// Comments and subscribers first: "구독자 좋아요" is about subscribers, "댓글 좋아요" about comments.
const MATCH_ORDER = [5, 4, 1, 3, 2];

/**
 * A simulated service for each of our services (by the words of its category and name, a free
 * variant of that kind, else any free one), never one in `taken`. Null when all are taken.
 */
export function assignSimulatedServices(
  texts: string[],
  taken: ReadonlySet<string>,
  types: readonly string[] = [],
): (string | null)[] {
  const used = new Set(taken);
  const free = (code: number | undefined, type: string) =>
    SIMULATED_SERVICES.find(
      (s) => !used.has(s.service) && s.type === type && (code === undefined || s.service.startsWith(String(code))),
    );
  return texts.map((text, i) => {
    // A service of another type takes a simulated service of that type (it takes the same fields).
    const type = types[i] ?? 'Default';
    const byType = KINDS.find((k) => k.type === type)?.code;
    const code = byType ?? MATCH_ORDER.find((c) => KINDS.find((k) => k.code === c)!.words.test(text)) ?? 9;
    const chosen = free(code, type) ?? free(undefined, type);
    if (!chosen) return null;
    used.add(chosen.service);
    return chosen.service;
  });
}

export interface SimulatedOrderFacts {
  id: number;
  quantity: number;
  createdAt: Date;
  canceledAt: Date | null;
}

export interface SimulatedProgress {
  /** Spelled as panels do, so our own client's normalisation is exercised. */
  status: 'Pending' | 'In progress' | 'Completed' | 'Partial' | 'Canceled';
  startCount: number;
  remains: number;
}

/** A well-mixed 32-bit hash of the order id (murmur3's finaliser). */
function mix(id: number): number {
  let h = id >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The order's fixed schedule: when work starts, how long it runs, whether it ends short. */
export function simulatedPlan(id: number, quantity: number) {
  const h = mix(id);
  const partial = h % 5 === 0;
  return {
    pendingMs: (15 + ((h >>> 3) % 30)) * 1000,
    runningMs: (60 + ((h >>> 9) % 120)) * 1000,
    startCount: 100 + ((h >>> 15) % 9900),
    /** What a partial order finally delivers: 30–89 % of the quantity. */
    delivered: partial ? Math.floor((quantity * (30 + ((h >>> 21) % 60))) / 100) : quantity,
  };
}

/** The longest an order can take to finish (pending + running), for callers that wait it out. */
export const SIMULATED_MAX_DURATION_MS = (15 + 29 + 60 + 119) * 1000;

export function simulatedProgress(order: SimulatedOrderFacts, now: Date): SimulatedProgress {
  const plan = simulatedPlan(order.id, order.quantity);
  if (order.canceledAt) return { status: 'Canceled', startCount: 0, remains: order.quantity };
  const elapsed = now.getTime() - order.createdAt.getTime();
  if (elapsed < plan.pendingMs) return { status: 'Pending', startCount: 0, remains: order.quantity };
  const running = elapsed - plan.pendingMs;
  if (running < plan.runningMs) {
    const done = Math.floor((plan.delivered * running) / plan.runningMs);
    return { status: 'In progress', startCount: plan.startCount, remains: order.quantity - done };
  }
  // Real providers never end Partial with nothing delivered (a package of 1 ends Completed or Canceled).
  if (plan.delivered === 0) return { status: 'Canceled', startCount: plan.startCount, remains: order.quantity };
  const remains = order.quantity - plan.delivered;
  return { status: remains > 0 ? 'Partial' : 'Completed', startCount: plan.startCount, remains };
}

/** A panel cancels only what has not started. */
export function simulatedCancelable(order: SimulatedOrderFacts, now: Date): boolean {
  return simulatedProgress(order, now).status === 'Pending';
}

/** A simulated subscription's user posts every this often; each post after the delay becomes a child order. */
export const SIMULATED_POST_EVERY_MS = 10 * 60_000;

export interface SimulatedSubscriptionFacts {
  createdAt: Date;
  canceledAt: Date | null;
  posts: number;
  delay: number;
  expiry: string | null;
}

/** When post k (1-based) of a subscription gets its child order. */
export const simulatedPostAt = (s: SimulatedSubscriptionFacts, k: number): Date =>
  new Date(s.createdAt.getTime() + s.delay * 60_000 + k * SIMULATED_POST_EVERY_MS);

/** A subscription's state: how many posts have child orders by now, and its status word as panels spell it. */
export function simulatedSubscription(
  s: SimulatedSubscriptionFacts,
  now: Date,
): { status: 'Active' | 'Completed' | 'Canceled' | 'Expired'; posts: number } {
  // Nothing is posted after the end: a cancel, or the end of the expiry day (UTC).
  const expiresAt = s.expiry ? new Date(`${s.expiry}T00:00:00Z`).getTime() + 86_400_000 : Infinity;
  const end = Math.min(now.getTime(), s.canceledAt?.getTime() ?? Infinity, expiresAt);
  const elapsed = end - s.createdAt.getTime() - s.delay * 60_000;
  const posts = Math.max(0, Math.min(s.posts, Math.floor(elapsed / SIMULATED_POST_EVERY_MS)));
  if (posts >= s.posts) return { status: 'Completed', posts };
  if (s.canceledAt) return { status: 'Canceled', posts };
  if (now.getTime() >= expiresAt) return { status: 'Expired', posts };
  return { status: 'Active', posts };
}
