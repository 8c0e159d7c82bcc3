import { orderRequestSchema, scaledPrice } from '../../../contracts/index.js';
import { parseRecordId } from '../../../shared/index.js';
import { OrderStatus, type Order } from '../../ordering/index.js';

/**
 * How the two reseller APIs spell an order's status. v1 (docs/product.md §7, example `IN PROGRESS`): the spec's
 * upper-case status words, with the space the example shows. v2: the SMM panel API v2's words.
 */
export const V1_STATUS: Record<OrderStatus, string> = {
  [OrderStatus.PENDING]: 'PENDING',
  [OrderStatus.PROCESSING]: 'PROCESSING',
  [OrderStatus.INPROGRESS]: 'IN PROGRESS',
  [OrderStatus.COMPLETED]: 'COMPLETED',
  [OrderStatus.PARTIAL]: 'PARTIAL',
  [OrderStatus.CANCELED]: 'CANCELED',
};

export const V2_STATUS: Record<OrderStatus, string> = {
  [OrderStatus.PENDING]: 'Pending',
  [OrderStatus.PROCESSING]: 'Processing',
  [OrderStatus.INPROGRESS]: 'In progress',
  [OrderStatus.COMPLETED]: 'Completed',
  [OrderStatus.PARTIAL]: 'Partial',
  [OrderStatus.CANCELED]: 'Canceled',
};

/** Quantity still to deliver: what the order records once known (0 when completed, the rest when partial or canceled), else all of it. */
export const remainsOf = (order: Pick<Order, 'remains' | 'amount'>): number => order.remains ?? order.amount;

/** What the order costs the member now, whole won: what was debited less what was refunded. */
export const chargeOf = (order: Pick<Order, 'point' | 'refunded'>): bigint => order.point - order.refunded;

/**
 * v2 `rate`: the price of 1000 units as an exact decimal string. The unit price has at most 6 fraction
 * digits, so the rate has at most 3 ("0.35" → "350", "0.123456" → "123.456", "2.5" → "2500").
 */
export function ratePer1000(point: string): string {
  const thousandths = scaledPrice(point); // unit price × 10⁶ = rate × 10³
  const whole = thousandths / 1000n;
  const fraction = (thousandths % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** v2 `rate` of a Package: the price of one package as an exact decimal string ("9900.000000" → "9900"). */
export function packageRate(point: string): string {
  const millionths = scaledPrice(point);
  const fraction = (millionths % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${millionths / 1_000_000n}.${fraction}` : String(millionths / 1_000_000n);
}

/** The largest id PostgreSQL's integer columns hold: anything beyond cannot name an order. */
export const MAX_ID = 2_147_483_647;

/** An order (or service) id as resellers send it: digits for a positive int4, else null (the shared id rule). */
export const parseId = parseRecordId;

/** A request body as named fields: a JSON object or a parsed form; anything else (absent, an array, a string) has none. */
export const fieldsOf = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** v1 answers errors as every customer call does (`{statusCode, message}`), in Korean. */
export const V1_MESSAGES = {
  invalidKey: 'API 키가 올바르지 않습니다.',
  invalidOrderId: '주문 번호가 올바르지 않습니다.',
  orderNotFound: '주문을 찾을 수 없습니다.',
} as const;

export { V2_BATCH_LIMIT, V2_ERRORS } from './v2-requests.js';

/** The ordering context's order request, as the storefront sends it (the contract refuses control characters). */
export const resellerOrderSchema = orderRequestSchema;
