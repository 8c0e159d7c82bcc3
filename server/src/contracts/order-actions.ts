/**
 * The one rule for what a member may do with one of their orders: cancel it, ask for a refill, or ask the
 * shop about it (a 1:1 문의). The storefront's history rows, the member's commands (storefront and API v2),
 * the support desk and the console all read this; the server's commands then do the move under a lock.
 * Plain TypeScript (no zod), so both SPAs import it.
 */
import { CANCEL_MESSAGES, REFILL_COOLDOWN_HOURS, REFILL_MESSAGES, refillTooSoon } from './refill.js';
import { OPEN_REFILL_STATUSES, type OrderStatus, type RefillStatus } from './statuses.js';

export const MEMBER_ORDER_ACTIONS = ['cancel', 'refill', 'ask'] as const;
export type MemberOrderAction = (typeof MEMBER_ORDER_ACTIONS)[number];

/**
 * Where the order stands with a provider: `none` (fulfilled by hand, or not handed to a provider yet),
 * `sending` (being handed over now: the provider may already have it), `sent` (the provider holds it).
 */
export type OrderUpstreamState = 'none' | 'sending' | 'sent';

export const ORDER_ACTION_MESSAGES = {
  notCancelable: '이미 처리 중이거나 끝난 주문은 취소할 수 없습니다.',
  sending:
    '공급사에 전달 중이거나 전달 결과를 확인 중인 주문은 지금 취소할 수 없습니다. 취소가 필요하면 1:1 문의로 요청해 주세요.',
  notFound: '주문을 찾을 수 없습니다.',
} as const;

export interface MemberOrderFacts<Time = string | Date> {
  status: OrderStatus;
  upstream: OrderUpstreamState;
  /** A member's cancel is already with the provider. */
  cancelPending: boolean;
  /** The order's last change: when a COMPLETED/PARTIAL order finished. */
  updatedAt: Time;
  /** The service's flags; null: the service is gone (nothing but asking). */
  service: { refill: boolean; refillDays: number; cancel: boolean } | null;
  /** The order's latest refill request, if any. */
  lastRefill?: { status: RefillStatus; createdAt: Time } | null;
}

export interface OrderActionContext {
  now: Date | number;
  /** REFILL_COOLDOWN_HOURS; 24 when unset. */
  refillCooldownHours?: number;
}

/**
 * Why not, as a key the server maps to its HTTP status (`refillTooSoon` 429, `refillOpen`/`cancel*` 409,
 * the rest 400). `how` says what an allowed cancel does: refunded at once, or forwarded to the provider.
 */
export type OrderActionVerdict =
  | { allowed: true; reason: null; code: null; how?: 'refund' | 'forward' }
  | { allowed: false; reason: string; code: OrderActionRefusal };

export type OrderActionRefusal =
  | 'refillNotAvailable'
  | 'refillNotFinished'
  | 'refillExpired'
  | 'refillOpen'
  | 'refillTooSoon'
  | 'cancelNotCancelable'
  | 'cancelSending'
  | 'cancelAlreadyRequested'
  | 'cancelNotSupported';

export type OrderActions = Record<MemberOrderAction, OrderActionVerdict>;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const ok = (how?: 'refund' | 'forward'): OrderActionVerdict =>
  how ? { allowed: true, reason: null, code: null, how } : { allowed: true, reason: null, code: null };
const no = (code: OrderActionRefusal, reason: string): OrderActionVerdict => ({ allowed: false, reason, code });
const ms = (t: string | Date | number): number => (typeof t === 'number' ? t : new Date(t).getTime());

/** Cancel: a PENDING order not being handed over is refunded; one running with a provider that takes cancels is forwarded. */
export function cancelVerdict(order: MemberOrderFacts): OrderActionVerdict {
  if (order.status === 'PENDING') {
    if (order.upstream === 'sending') return no('cancelSending', ORDER_ACTION_MESSAGES.sending);
    if (order.upstream === 'none') return ok('refund');
  }
  if ((order.status === 'PROCESSING' || order.status === 'INPROGRESS') && order.upstream === 'sent') {
    if (order.cancelPending) return no('cancelAlreadyRequested', CANCEL_MESSAGES.alreadyRequested);
    if (!order.service?.cancel) return no('cancelNotSupported', CANCEL_MESSAGES.notSupported);
    return ok('forward');
  }
  return no('cancelNotCancelable', ORDER_ACTION_MESSAGES.notCancelable);
}

/** Refill: a refill service's COMPLETED/PARTIAL order within its refill days, no refill open, not within the cooldown. */
export function refillVerdict(order: MemberOrderFacts, context: OrderActionContext): OrderActionVerdict {
  if (!order.service?.refill) return no('refillNotAvailable', REFILL_MESSAGES.notAvailable);
  if (order.status !== 'COMPLETED' && order.status !== 'PARTIAL')
    return no('refillNotFinished', REFILL_MESSAGES.notFinished);
  const now = ms(context.now);
  if (now - ms(order.updatedAt) > order.service.refillDays * DAY_MS)
    return no('refillExpired', REFILL_MESSAGES.expired);
  const last = order.lastRefill;
  if (last && OPEN_REFILL_STATUSES.includes(last.status)) return no('refillOpen', REFILL_MESSAGES.open);
  const hours = context.refillCooldownHours ?? REFILL_COOLDOWN_HOURS;
  if (last && now - ms(last.createdAt) < hours * HOUR_MS) return no('refillTooSoon', refillTooSoon(hours));
  return ok();
}

/** Every action's verdict for one order; asking about one's own order is always allowed. */
export function memberOrderActions(order: MemberOrderFacts, context: OrderActionContext): OrderActions {
  return { cancel: cancelVerdict(order), refill: refillVerdict(order, context), ask: ok() };
}

/** The HTTP status a refusal is answered with. */
export function orderActionStatus(code: OrderActionRefusal): number {
  if (code === 'refillTooSoon') return 429;
  if (code === 'refillOpen' || code.startsWith('cancel')) return 409;
  return 400;
}
