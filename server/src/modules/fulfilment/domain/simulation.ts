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
}

/** One service per kind of engagement; limits are wide so any demo service can be fulfilled by one of them. */
export const SIMULATED_SERVICES: readonly SimulatedService[] = [
  { service: '101', name: 'Followers (simulated)', category: 'Followers', rate: '9000', min: 1, max: 10_000_000 },
  { service: '102', name: 'Likes (simulated)', category: 'Likes', rate: '3000', min: 1, max: 10_000_000 },
  { service: '103', name: 'Views (simulated)', category: 'Views', rate: '300', min: 1, max: 10_000_000 },
  { service: '104', name: 'Subscribers / members (simulated)', category: 'Subscribers', rate: '20000', min: 1, max: 10_000_000 },
  { service: '105', name: 'Comments (simulated)', category: 'Comments', rate: '100000', min: 1, max: 10_000_000 },
  { service: '199', name: 'Other engagement (simulated)', category: 'Other', rate: '5000', min: 1, max: 10_000_000 },
];

const KIND_WORDS: [string, RegExp][] = [
  ['105', /댓글|comment/i],
  ['104', /구독|멤버|회원|subscri|member/i],
  ['101', /팔로워|팔로우|친구|follow/i],
  ['103', /조회|재생|시청|view|play|stream/i],
  ['102', /좋아요|하트|추천|like|heart/i],
];

/** Which simulated service fits a service of ours, by the words in its name and category. */
export function simulatedServiceFor(text: string): string {
  return KIND_WORDS.find(([, words]) => words.test(text))?.[0] ?? '199';
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
  const remains = order.quantity - plan.delivered;
  return { status: remains > 0 ? 'Partial' : 'Completed', startCount: plan.startCount, remains };
}

/** A panel cancels only what has not started. */
export function simulatedCancelable(order: SimulatedOrderFacts, now: Date): boolean {
  return simulatedProgress(order, now).status === 'Pending';
}
