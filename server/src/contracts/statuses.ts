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

/** docs/product.md §4 order statuses: received, waiting upstream, running, then completed, partial (refunded in part) or canceled. */
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

/** docs/product.md §4 auto-order statuses (CANCLED spelled so; PARTIAL, stopped because its service ended, is shown as completed). */
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

/**
 * Fulfilment's placement of one order upstream (its order_dispatch record): CLAIMED from the claim that
 * precedes the request (write-ahead) until the outcome is recorded; DUE again after a definite failure;
 * UNCERTAIN when nobody knows whether the provider took it (an operator checks: resend or link); SENT
 * with the provider's order id; FLAGGED while the provider says something about the running order an
 * operator must check; FINISHED when the order ended; ORPHANED when the order ended while its request
 * was out (the provider's order was canceled there).
 */
export const DISPATCH_STATUSES = ['DUE', 'CLAIMED', 'UNCERTAIN', 'SENT', 'FLAGGED', 'FINISHED', 'ORPHANED'] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];
export const DispatchStatus = vocabulary(DISPATCH_STATUSES);

export const DISPATCH_STATUS_LABELS = {
  DUE: '재전송 대기',
  CLAIMED: '전송 중',
  UNCERTAIN: '확인 필요',
  SENT: '전송됨',
  FLAGGED: '상태 확인 필요',
  FINISHED: '종료',
  ORPHANED: '전송 중 주문 종료',
} as const satisfies Record<DispatchStatus, string>;

/**
 * CLAIMED → SENT | DUE | UNCERTAIN | ORPHANED (or CLAIMED again: an operator's resend of a claim that never
 * ended); DUE and UNCERTAIN → CLAIMED (claimed again, or resent) | SENT (an operator links the provider's
 * order); SENT ⇄ FLAGGED; either → FINISHED.
 */
export const DISPATCH_MOVES: Moves<DispatchStatus> = {
  DUE: ['CLAIMED', 'SENT'],
  CLAIMED: ['CLAIMED', 'SENT', 'DUE', 'UNCERTAIN', 'ORPHANED'],
  UNCERTAIN: ['CLAIMED', 'SENT'],
  SENT: ['FLAGGED', 'FINISHED'],
  FLAGGED: ['FLAGGED', 'SENT', 'FINISHED'],
  FINISHED: [],
  ORPHANED: [],
};

/** The records an operator must check before anything more goes out: the provider may or may not have the order. */
export const HELD_DISPATCH_STATUSES: readonly DispatchStatus[] = ['CLAIMED', 'UNCERTAIN'];

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

/** docs/product.md §4 "Payment record status": a charge waits (대기), then is accepted (수락) or fails (거절). */
export const CHARGE_STATUSES = ['PENDING', 'SUCCESS', 'FAIL'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export const ChargeStatus = vocabulary(CHARGE_STATUSES);

export const CHARGE_STATUS_LABELS = { PENDING: '대기', SUCCESS: '수락', FAIL: '거절' } as const satisfies Record<
  ChargeStatus,
  string
>;

/** PENDING → SUCCESS (accepted: points credited) | FAIL (rejected, or 3 hours passed). */
export const CHARGE_MOVES: Moves<ChargeStatus> = { PENDING: ['SUCCESS', 'FAIL'], SUCCESS: [], FAIL: [] };

/**
 * What a ledger entry records: a charge credited, an order paid, a refund, an operator's adjustment, a
 * deleted member's balance forfeited, a Toss payment refunded, a referral reward.
 */
export const LEDGER_KINDS = [
  'CHARGE',
  'ORDER',
  'REFUND',
  'ADJUST',
  'FORFEIT',
  'CHARGE_REFUND',
  'REFERRAL',
  // A top-up bonus credited with an accepted charge (negative: taken back on a refund).
  'CHARGE_BONUS',
  // A coupon's points, or its discount on an order (reference: the coupon use).
  'COUPON',
] as const;
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
  CHARGE_BONUS: '충전 보너스',
  COUPON: '쿠폰',
} as const satisfies Record<LedgerKind, string>;

/** A member: operators suspend and reinstate; a member withdraws (for good). */
export const MEMBER_STATUSES = ['ACTIVE', 'SUSPENDED', 'DELETED'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MemberStatus = vocabulary(MEMBER_STATUSES);

export const MEMBER_STATUS_LABELS = { ACTIVE: '정상', SUSPENDED: '정지', DELETED: '탈퇴' } as const satisfies Record<
  MemberStatus,
  string
>;

export const MEMBER_MOVES: Moves<MemberStatus> = {
  ACTIVE: ['SUSPENDED', 'DELETED'],
  SUSPENDED: ['ACTIVE', 'DELETED'],
  DELETED: [],
};

/** A bank deposit the bank reported: UNMATCHED → MATCHED (paid a charge) | DISMISSED (an operator set it aside). */
export const DEPOSIT_STATUSES = ['UNMATCHED', 'MATCHED', 'DISMISSED'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const DepositStatus = vocabulary(DEPOSIT_STATUSES);

export const DEPOSIT_STATUS_LABELS = {
  UNMATCHED: '미매칭',
  MATCHED: '매칭됨',
  DISMISSED: '보류 처리',
} as const satisfies Record<DepositStatus, string>;

export const DEPOSIT_MOVES: Moves<DepositStatus> = { UNMATCHED: ['MATCHED', 'DISMISSED'], MATCHED: [], DISMISSED: [] };

/** The channels of the console's 메일·SMS 발송함 (`outbox`): the delivery engine's mail and SMS (statuses: DELIVERY_STATUSES). */
export const OUTBOX_CHANNELS = ['EMAIL', 'SMS'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export const OutboxChannel = vocabulary(OUTBOX_CHANNELS);

export const OUTBOX_CHANNEL_LABELS = { EMAIL: '메일', SMS: 'SMS' } as const satisfies Record<OutboxChannel, string>;

/**
 * How a login attempt ended: THROTTLED was refused unchecked (this source failed too often for the account);
 * CODE_REQUIRED a right password still waiting for the second factor; CODE_* the 2FA step (login or a 2FA change).
 */
export const LOGIN_ATTEMPT_RESULTS = [
  'SUCCEEDED',
  'FAILED',
  'THROTTLED',
  'CODE_REQUIRED',
  'CODE_SUCCEEDED',
  'CODE_FAILED',
] as const;
export type LoginAttemptResult = (typeof LOGIN_ATTEMPT_RESULTS)[number];
export const LoginAttemptResult = vocabulary(LOGIN_ATTEMPT_RESULTS);

export const LOGIN_ATTEMPT_RESULT_LABELS = {
  SUCCEEDED: '성공',
  FAILED: '실패',
  THROTTLED: '지연 (시도 과다)',
  CODE_REQUIRED: '비밀번호 확인 (2단계 인증 대기)',
  CODE_SUCCEEDED: '2단계 인증 성공',
  CODE_FAILED: '2단계 인증 실패',
} as const satisfies Record<LoginAttemptResult, string>;

/** What an operator alert is about. */
export const ALERT_KINDS = [
  'CHARGE_REQUEST',
  'UNMATCHED_DEPOSIT',
  'ORDER_CHECK',
  'PROVIDER_BALANCE',
  'PROVIDER_ERRORS',
  'NEW_TICKET',
  'PAYMENT_CANCELED',
  'PAYMENT_CLOSED_PAID',
  'PRICE_CHANGE',
  'PROVIDER_COMPLETION',
  'RECEIPT_WAITING',
  'LOGIN_SECURITY',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_KIND_LABELS = {
  CHARGE_REQUEST: '새 충전 요청',
  UNMATCHED_DEPOSIT: '확인되지 않은 입금',
  ORDER_CHECK: '주문 확인 필요',
  PROVIDER_BALANCE: '공급사 잔액 부족',
  PROVIDER_ERRORS: '공급사 연속 오류',
  NEW_TICKET: '새 1:1 문의',
  PAYMENT_CANCELED: '외부 결제 취소',
  PAYMENT_CLOSED_PAID: '마감된 충전 결제',
  PRICE_CHANGE: '공급사 가격 변경',
  PROVIDER_COMPLETION: '공급사 완료율 하락',
  RECEIPT_WAITING: '증빙 발행 지연',
  LOGIN_SECURITY: '로그인 보안 경고',
} as const satisfies Record<AlertKind, string>;

/**
 * A charge's 현금영수증 or 세금계산서 (증빙): PENDING waits for the partner (or for partners to be configured),
 * ISSUED the partner issued it, FAILED the partner refused it (held for an operator or the member's fix),
 * CANCELED taken back (refunded in whole, or by an operator), MANUAL issued by hand in 홈택스.
 */
export const RECEIPT_STATUSES = ['PENDING', 'ISSUED', 'FAILED', 'CANCELED', 'MANUAL'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
export const ReceiptStatus = vocabulary(RECEIPT_STATUSES);

export const RECEIPT_STATUS_LABELS = {
  PENDING: '대기',
  ISSUED: '발행됨',
  FAILED: '실패',
  CANCELED: '취소됨',
  MANUAL: '직접 발행',
} as const satisfies Record<ReceiptStatus, string>;

/** FAILED goes back to PENDING when issued again (operator) or fixed (member); issued ones only cancel. */
export const RECEIPT_MOVES: Moves<ReceiptStatus> = {
  PENDING: ['ISSUED', 'FAILED', 'CANCELED', 'MANUAL'],
  FAILED: ['PENDING', 'CANCELED', 'MANUAL'],
  ISSUED: ['CANCELED'],
  MANUAL: ['CANCELED'],
  CANCELED: [],
};

/** What the price sync did to a service (the 가격 변경 내역 list). */
export const PRICE_CHANGE_KINDS = ['RATE', 'LIMITS', 'GONE', 'BELOW_COST'] as const;
export type PriceChangeKind = (typeof PRICE_CHANGE_KINDS)[number];
export const PRICE_CHANGE_KIND_LABELS = {
  RATE: '공급사 단가 변경',
  LIMITS: '최소·최대 수량 변경',
  GONE: '공급사에서 사라짐 (숨김)',
  BELOW_COST: '원가 이하 판매',
} as const satisfies Record<PriceChangeKind, string>;

/**
 * Where a price change stands: APPLIED by the sync (or by an operator after a hold); HELD, a rate moved past
 * PRICE_SYNC_MAX_CHANGE_PERCENT or to 0, waiting for an operator (apply or dismiss); DISMISSED by an operator;
 * LAPSED, the provider's rate moved again (back, or elsewhere) before anyone acted.
 */
export const PRICE_CHANGE_STATUSES = ['APPLIED', 'HELD', 'DISMISSED', 'LAPSED'] as const;
export type PriceChangeStatus = (typeof PRICE_CHANGE_STATUSES)[number];
export const PRICE_CHANGE_STATUS_LABELS = {
  APPLIED: '반영됨',
  HELD: '보류 (운영자 확인 대기)',
  DISMISSED: '무시함',
  LAPSED: '지난 변경 (단가가 다시 바뀜)',
} as const satisfies Record<PriceChangeStatus, string>;

/** A 1:1 문의: OPEN waits for the shop, ANSWERED for the member; a member's reply reopens, even a CLOSED one. */
export const TICKET_STATUSES = ['OPEN', 'ANSWERED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TicketStatus = vocabulary(TICKET_STATUSES);

export const TICKET_STATUS_LABELS = {
  OPEN: '답변 대기',
  ANSWERED: '답변 완료',
  CLOSED: '종료',
} as const satisfies Record<TicketStatus, string>;

export const TICKET_MOVES: Moves<TicketStatus> = {
  OPEN: ['ANSWERED', 'CLOSED'],
  ANSWERED: ['OPEN', 'CLOSED'],
  CLOSED: ['OPEN'],
};
