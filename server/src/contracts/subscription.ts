/**
 * Subscriptions (자동 좋아요): likes or views on a user's future posts. The member gives a username, a
 * min and max per post, how many future posts, a delay and an optional expiry; pays max × posts up
 * front; each post the provider reports becomes a child order; the unused part is refunded once when
 * it ends. Plain TypeScript shared by the storefront and the server.
 */
import { orderCost } from './order-rules.js';

/** Minutes a panel waits after a new post before starting, as panels take them. */
export const SUBSCRIPTION_DELAYS = [0, 5, 10, 15, 30, 60, 90] as const;

/** At most this many future posts per subscription (a bound on what is paid up front). */
export const SUBSCRIPTION_POSTS_MAX = 1000;

export const SUBSCRIPTION_MESSAGES = {
  usernameRequired: '계정 아이디(username)를 입력해 주세요.',
  usernameInvalid: '계정 아이디는 영문·숫자·마침표(.)·밑줄(_)로 100자 이하로 입력해 주세요.',
  minMax: '게시물당 최소·최대 수량은 상품의 최소~최대 수량 안에서, 최소가 최대보다 크지 않게 입력해 주세요.',
  posts: `게시물 수는 0(만료일까지 무제한)에서 ${SUBSCRIPTION_POSTS_MAX} 사이의 정수로 입력해 주세요.`,
  openEndedExpiry: '게시물 수를 0(무제한)으로 하려면 만료일을 입력해 주세요.',
  oldPosts: `지난 게시물 수(old_posts)는 0에서 ${SUBSCRIPTION_POSTS_MAX} 사이의 정수로 입력해 주세요.`,
  delay: `지연 시간은 ${SUBSCRIPTION_DELAYS.join(', ')}분 중 하나로 선택해 주세요.`,
  expiry: '만료일은 오늘 이후의 날짜(YYYY-MM-DD)로 입력하거나 비워 두어야 합니다.',
  notSubscription: '구독 상품이 아닙니다.',
  notFound: '구독을 찾을 수 없습니다.',
  /** An operator's command on a subscription that is not waiting for one (its `add` answered, or not sent). */
  notHeld: '공급사 응답을 받지 못해 보류된 구독만 처리할 수 있습니다.',
  providerIdInvalid: '공급사 구독번호가 올바르지 않습니다.',
  /** An open-ended subscription's pause: a new post's order could not be paid. */
  pausedLowBalance:
    '포인트가 부족해 새 게시물 주문을 넣지 못하고 구독이 일시정지되었습니다. 포인트를 충전하면 다음 게시물부터 다시 진행됩니다.',
  pausedDebt:
    '회수하지 못한 포인트가 남아 있어 새 게시물 주문을 넣지 못하고 구독이 일시정지되었습니다. 포인트를 충전하면 다음 게시물부터 다시 진행됩니다.',
} as const;

/** posts = 0: open-ended, new posts until `expiry` (required), each post's order paid when it is placed. */
export const isOpenEnded = (posts: number): boolean => posts === 0;

export interface SubscriptionRequest {
  serviceId: number;
  username: string;
  min: number;
  max: number;
  posts: number;
  delay: number;
  /** YYYY-MM-DD (UTC) or null: no expiry. */
  expiry: string | null;
  /** Existing posts the provider also covers (API v2 `old_posts`, 0 … SUBSCRIPTION_POSTS_MAX): paid as posts are. */
  oldPosts?: number | null;
}

export interface SubscribableService {
  type?: string | null;
  min: number;
  max: number;
}

export interface SubscriptionProblem {
  field: 'serviceId' | 'username' | 'min' | 'max' | 'posts' | 'oldPosts' | 'delay' | 'expiry';
  message: string;
}

/** The platforms' own rule for account names (Instagram, TikTok ...): letters, digits, `.` and `_`. */
export const SUBSCRIPTION_USERNAME = /^[A-Za-z0-9._]{1,100}$/;

const isWhole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);

/** The first rule a subscription request breaks, or null. `today` is YYYY-MM-DD (UTC). */
export function subscriptionProblem(
  input: SubscriptionRequest,
  service: SubscribableService,
  today: string,
): SubscriptionProblem | null {
  if (service.type !== 'Subscriptions') return { field: 'serviceId', message: SUBSCRIPTION_MESSAGES.notSubscription };
  const username = typeof input.username === 'string' ? input.username.trim() : '';
  if (!username) return { field: 'username', message: SUBSCRIPTION_MESSAGES.usernameRequired };
  if (!SUBSCRIPTION_USERNAME.test(username))
    return { field: 'username', message: SUBSCRIPTION_MESSAGES.usernameInvalid };
  if (
    !isWhole(input.min) ||
    !isWhole(input.max) ||
    input.min < service.min ||
    input.max > service.max ||
    input.min > input.max
  )
    return {
      field: input.min > input.max || !isWhole(input.max) ? 'max' : 'min',
      message: SUBSCRIPTION_MESSAGES.minMax,
    };
  if (!isWhole(input.posts) || input.posts < 0 || input.posts > SUBSCRIPTION_POSTS_MAX)
    return { field: 'posts', message: SUBSCRIPTION_MESSAGES.posts };
  if (isOpenEnded(input.posts) && (input.expiry === null || input.expiry === undefined || input.expiry === ''))
    return { field: 'expiry', message: SUBSCRIPTION_MESSAGES.openEndedExpiry };
  const oldPosts = input.oldPosts ?? 0;
  if (!isWhole(oldPosts) || oldPosts < 0 || oldPosts > SUBSCRIPTION_POSTS_MAX)
    return { field: 'oldPosts', message: SUBSCRIPTION_MESSAGES.oldPosts };
  if (!(SUBSCRIPTION_DELAYS as readonly number[]).includes(input.delay))
    return { field: 'delay', message: SUBSCRIPTION_MESSAGES.delay };
  if (input.expiry !== null && input.expiry !== undefined) {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(input.expiry) ? new Date(`${input.expiry}T00:00:00Z`) : null;
    if (
      !date ||
      Number.isNaN(date.getTime()) ||
      date.toISOString().slice(0, 10) !== input.expiry ||
      input.expiry <= today
    )
      return { field: 'expiry', message: SUBSCRIPTION_MESSAGES.expiry };
  }
  return null;
}

/**
 * What a subscription costs up front: the price per unit × max × every post covered (new `posts` and the
 * `oldPosts` the provider also covers), in whole won rounded up. Open-ended (posts = 0): only the old
 * posts' share; each new post is paid when its order is placed.
 */
export function subscriptionCost(point: string | number, max: number, posts: number, oldPosts = 0): bigint {
  const covered = posts + oldPosts;
  return covered > 0 ? orderCost(point, max, covered) : 0n;
}
