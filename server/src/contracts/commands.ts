/**
 * Which operator commands a record allows now, read from the same moves the server's state machines
 * enforce (statuses.ts): the console offers a command's button only when the record allows it, and
 * the server refuses the others with its 409. Plain TypeScript.
 */
import {
  AUTO_ORDER_MOVES,
  CHARGE_MOVES,
  OPEN_REFILL_STATUSES,
  ORDER_MOVES,
  reachable,
  REFILL_MOVES,
  type AutoOrderStatus,
  type ChargeStatus,
  type OrderStatus,
  type RefillStatus,
} from './statuses.js';

/** `POST /api/admin/orders/:id/<cancel|partial|start-count|status>` and fulfilment's `…/resend`. */
export const ORDER_COMMANDS = ['cancel', 'partial', 'startCount', 'status', 'resend'] as const;
export type OrderCommand = (typeof ORDER_COMMANDS)[number];

export interface OrderFacts {
  status: OrderStatus;
  /** The provider snapshotted at placement; null: fulfilled by hand. */
  providerId?: number | null;
  /** Set once the provider took the order. */
  providerOrderId?: string | null;
}

/**
 * cancel: CANCELED is one move away; partial: PARTIAL can still be reached; status: the order has not
 * ended; startCount: always; resend: a PENDING order of a provider that has not taken it yet.
 */
export function orderCommands(order: OrderFacts): OrderCommand[] {
  const { status } = order;
  const allowed: Record<OrderCommand, boolean> = {
    cancel: ORDER_MOVES[status].includes('CANCELED'),
    partial: reachable(ORDER_MOVES, status, 'PARTIAL'),
    startCount: true,
    status: ORDER_MOVES[status].length > 0,
    resend: status === 'PENDING' && order.providerId != null && !order.providerOrderId,
  };
  return ORDER_COMMANDS.filter((c) => allowed[c]);
}

export const AUTO_ORDER_COMMANDS = ['cancel'] as const;
export type AutoOrderCommand = (typeof AUTO_ORDER_COMMANDS)[number];

/** cancel: while the runs go on (CANCLED is one move away). */
export function autoOrderCommands(autoOrder: { status: AutoOrderStatus }): AutoOrderCommand[] {
  return AUTO_ORDER_MOVES[autoOrder.status].includes('CANCLED') ? ['cancel'] : [];
}

/** `POST /api/admin/charges/:id/<accept|reject|refund>`. */
export const CHARGE_COMMANDS = ['accept', 'reject', 'refund'] as const;
export type ChargeCommand = (typeof CHARGE_COMMANDS)[number];

export interface ChargeFacts {
  status: ChargeStatus;
  /** BANK_TRANSFER (무통장 입금) or TOSS. */
  method?: string | null;
  /** Set once Toss holds the payment. */
  tossPaymentKey?: string | null;
  point?: number | string | bigint | null;
  refundedPoint?: number | string | bigint | null;
  depositAmount?: number | string | bigint | null;
  refundedAmount?: number | string | bigint | null;
}

/** The points of a Toss charge that may still be refunded (0 for a bank transfer or a charge not accepted). */
export function refundablePoint(charge: ChargeFacts): number {
  if (charge.method !== 'TOSS' || charge.status !== 'SUCCESS') return 0;
  return Number(charge.point ?? 0) - Number(charge.refundedPoint ?? 0);
}

/** The won of an accepted bank-transfer charge not yet refunded (0 for a Toss charge or one not accepted). */
export function refundableAmount(charge: ChargeFacts): number {
  if (charge.method === 'TOSS' || charge.status !== 'SUCCESS') return 0;
  return Number(charge.depositAmount ?? 0) - Number(charge.refundedAmount ?? 0);
}

/**
 * accept: a waiting bank-transfer charge (only Toss's word accepts a Toss charge); reject: a waiting
 * charge, unless Toss holds its payment; refund: an accepted Toss charge with points left to refund, or an accepted bank-transfer charge with won left.
 */
export function chargeCommands(charge: ChargeFacts): ChargeCommand[] {
  const toss = charge.method === 'TOSS';
  const allowed: Record<ChargeCommand, boolean> = {
    accept: CHARGE_MOVES[charge.status].includes('SUCCESS') && !toss,
    reject: CHARGE_MOVES[charge.status].includes('FAIL') && !(toss && charge.tossPaymentKey),
    refund: refundablePoint(charge) > 0 || refundableAmount(charge) > 0,
  };
  return CHARGE_COMMANDS.filter((c) => allowed[c]);
}

/** `POST /api/admin/refills/:id/<complete|reject>`. */
export const REFILL_COMMANDS = ['complete', 'reject'] as const;
export type RefillCommand = (typeof REFILL_COMMANDS)[number];

/** Both while the refill is open (asked, or with the provider). */
export function refillCommands(refill: { status: RefillStatus }): RefillCommand[] {
  if (!OPEN_REFILL_STATUSES.includes(refill.status)) return [];
  return REFILL_COMMANDS.filter((c) =>
    REFILL_MOVES[refill.status].includes(c === 'complete' ? 'COMPLETED' : 'REJECTED'),
  );
}
