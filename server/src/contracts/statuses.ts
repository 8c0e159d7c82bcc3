/**
 * The status vocabularies of orders, auto-orders, refills, subscriptions and the ledger, in one style:
 * an `as const` list, the union type it gives, the members by name (`OrderStatus.PENDING`, what the
 * server's entities use), the Korean names the server's messages and the console show, and the moves
 * the server's state machines allow (the entities build their TransitionTable from these). Plain
 * TypeScript: the storefront and the console import it too. charge.ts re-exports the charge statuses with its forms.
 */

/** The members of a vocabulary by name, each its own value: `{ PENDING: 'PENDING', ... }`. */
export function vocabulary<const S extends string>(values: readonly S[]): { readonly [K in S]: K } {
  return Object.freeze(Object.fromEntries(values.map((v) => [v, v]))) as { readonly [K in S]: K };
}

/** For each state, the states it may move to (terminal states: none). */
export type Moves<S extends string> = Readonly<Record<S, readonly S[]>>;

/** Whether `to` can be reached from `from` by one or more moves. */
export function reachable<S extends string>(moves: Moves<S>, from: S, to: S): boolean {
  const seen = new Set<S>();
  const queue: S[] = [...(moves[from] ?? [])];
  while (queue.length > 0) {
    const state = queue.shift()!;
    if (state === to) return true;
    if (seen.has(state)) continue;
    seen.add(state);
    queue.push(...(moves[state] ?? []));
  }
  return false;
}

/** Spec §4 order statuses: received, waiting upstream, running, then completed, partial (refunded in part) or canceled. */
export const ORDER_STATUSES = ['PENDING', 'PROCESSING', 'INPROGRESS', 'COMPLETED', 'PARTIAL', 'CANCELED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const OrderStatus = vocabulary(ORDER_STATUSES);

export const ORDER_STATUS_LABELS = {
  PENDING: '접수',
  PROCESSING: '대기',
  INPROGRESS: '진행중',
  COMPLETED: '완료',
  PARTIAL: '부분완료',
  CANCELED: '취소',
} as const satisfies Record<OrderStatus, string>;

/** PENDING → PROCESSING → INPROGRESS → COMPLETED | PARTIAL | CANCELED, and CANCELED from PENDING, PROCESSING or INPROGRESS. */
export const ORDER_MOVES: Moves<OrderStatus> = {
  PENDING: ['PROCESSING', 'CANCELED'],
  PROCESSING: ['INPROGRESS', 'CANCELED'],
  INPROGRESS: ['COMPLETED', 'PARTIAL', 'CANCELED'],
  COMPLETED: [],
  PARTIAL: [],
  CANCELED: [],
};

/** Spec §4 auto-order statuses (CANCLED spelled so; PARTIAL, stopped because its service ended, is shown as completed). */
export const AUTO_ORDER_STATUSES = ['ACTIVE', 'COMPLETED', 'CANCLED', 'PARTIAL'] as const;
export type AutoOrderStatus = (typeof AUTO_ORDER_STATUSES)[number];
export const AutoOrderStatus = vocabulary(AUTO_ORDER_STATUSES);

export const AUTO_ORDER_STATUS_LABELS = {
  ACTIVE: '진행중',
  COMPLETED: '완료',
  CANCLED: '취소',
  PARTIAL: '부분완료',
} as const satisfies Record<AutoOrderStatus, string>;

/** ACTIVE → COMPLETED | CANCLED | PARTIAL. */
export const AUTO_ORDER_MOVES: Moves<AutoOrderStatus> = {
  ACTIVE: ['COMPLETED', 'CANCLED', 'PARTIAL'],
  COMPLETED: [],
  CANCLED: [],
  PARTIAL: [],
};

/** A refill's life: asked → forwarded to the provider (or left to an operator) → done or rejected. */
export const REFILL_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'REJECTED'] as const;
export type RefillStatus = (typeof REFILL_STATUSES)[number];
export const RefillStatus = vocabulary(REFILL_STATUSES);

export const REFILL_STATUS_LABELS = {
  PENDING: '접수',
  PROCESSING: '진행중',
  COMPLETED: '완료',
  REJECTED: '거절',
} as const satisfies Record<RefillStatus, string>;

export const REFILL_MOVES: Moves<RefillStatus> = {
  PENDING: ['PROCESSING', 'COMPLETED', 'REJECTED'],
  PROCESSING: ['COMPLETED', 'REJECTED'],
  COMPLETED: [],
  REJECTED: [],
};

/** A refill still being handled (a new one may not be asked meanwhile). */
export const OPEN_REFILL_STATUSES: readonly RefillStatus[] = ['PENDING', 'PROCESSING'];

/** A subscription's life, as panels report it (Active/Paused/Completed/Canceled/Expired). */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'PAUSED', 'COMPLETED', 'CANCELED', 'EXPIRED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SubscriptionStatus = vocabulary(SUBSCRIPTION_STATUSES);

export const SUBSCRIPTION_STATUS_LABELS = {
  ACTIVE: '진행중',
  PAUSED: '일시정지',
  COMPLETED: '완료',
  CANCELED: '취소',
  EXPIRED: '만료',
} as const satisfies Record<SubscriptionStatus, string>;

export const SUBSCRIPTION_MOVES: Moves<SubscriptionStatus> = {
  ACTIVE: ['PAUSED', 'COMPLETED', 'CANCELED', 'EXPIRED'],
  PAUSED: ['ACTIVE', 'COMPLETED', 'CANCELED', 'EXPIRED'],
  COMPLETED: [],
  CANCELED: [],
  EXPIRED: [],
};

/** Spec §4 "Payment record status": a charge waits (대기), then is accepted (수락) or fails (거절). */
export const CHARGE_STATUSES = ['PENDING', 'SUCCESS', 'FAIL'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export const ChargeStatus = vocabulary(CHARGE_STATUSES);

export const CHARGE_STATUS_LABELS = { PENDING: '대기', SUCCESS: '수락', FAIL: '거절' } as const satisfies Record<ChargeStatus, string>;

/** PENDING → SUCCESS (accepted: points credited) | FAIL (rejected, or 3 hours passed). */
export const CHARGE_MOVES: Moves<ChargeStatus> = { PENDING: ['SUCCESS', 'FAIL'], SUCCESS: [], FAIL: [] };

/**
 * What a ledger entry records: a charge credited, an order paid, a refund, an operator's adjustment, a
 * deleted member's balance forfeited, a Toss payment refunded, a referral reward.
 */
export const LEDGER_KINDS = ['CHARGE', 'ORDER', 'REFUND', 'ADJUST', 'FORFEIT', 'CHARGE_REFUND', 'REFERRAL'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LedgerKind = vocabulary(LEDGER_KINDS);

export const LEDGER_KIND_LABELS = {
  CHARGE: '충전',
  ORDER: '주문',
  REFUND: '환불',
  ADJUST: '조정',
  FORFEIT: '탈퇴 소멸',
  CHARGE_REFUND: '결제 환불',
  REFERRAL: '추천 적립',
} as const satisfies Record<LedgerKind, string>;
