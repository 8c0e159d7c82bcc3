/**
 * Subscriptions in the SMM API v2 (Perfect Panel) dialect: `add` takes username, min, max, posts,
 * old_posts, delay and expiry (d/m/Y); `status` of a subscription answers its status word
 * (Active/Paused/Completed/Canceled/Expired), expiry, posts used and the child `orders`.
 */

export type UpstreamSubscriptionStatus = 'ACTIVE' | 'PAUSED' | 'COMPLETED' | 'CANCELED' | 'EXPIRED';

export interface UpstreamSubscriptionState {
  status: UpstreamSubscriptionStatus;
  /** The provider's child order ids, each a post covered. */
  orders: string[];
  posts: number | null;
}

const WORDS: Record<string, UpstreamSubscriptionStatus> = {
  active: 'ACTIVE',
  inprogress: 'ACTIVE',
  pending: 'ACTIVE',
  paused: 'PAUSED',
  completed: 'COMPLETED',
  complete: 'COMPLETED',
  canceled: 'CANCELED',
  cancelled: 'CANCELED',
  expired: 'EXPIRED',
};

/** YYYY-MM-DD as panels take an expiry: d/m/Y. */
export const panelExpiry = (isoDate: string): string => {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
};

/** A subscription's status answer, or null when it is not one (no known status word). */
export function readSubscriptionState(body: unknown): UpstreamSubscriptionState | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { status, orders, posts } = body as { status?: unknown; orders?: unknown; posts?: unknown };
  const word = typeof status === 'string' ? WORDS[status.toLowerCase().replace(/[^a-z]/g, '')] : undefined;
  if (!word) return null;
  const ids = (Array.isArray(orders) ? orders : typeof orders === 'string' ? orders.split(',') : [])
    .map((id) => String(id).trim())
    .filter((id) => /^[0-9A-Za-z_-]{1,100}$/.test(id));
  const count = typeof posts === 'number' || (typeof posts === 'string' && /^\d+$/.test(posts)) ? Number(posts) : null;
  return { status: word, orders: [...new Set(ids)], posts: count };
}
