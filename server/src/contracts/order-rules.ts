import type { OrderRequest } from './order.js';
import { platformLinkProblem } from './order-links.js';
import { COMMENT_LINE_MAX, commentLines, type ServiceType } from './service-types.js';

export * from './order-links.js';
export { COMMENT_LINE_MAX, commentLines, SERVICE_TYPE_LABELS, type ServiceType } from './service-types.js';

/**
 * The order rules that need no zod: the docs/product.md §5 messages and limits, the service-dependent checks and the
 * exact cost arithmetic. Kept apart from the schemas (order.ts, which re-exports all of this) so the
 * storefront's landing page can show costs and messages without loading zod.
 */
export const ORDER_MESSAGES = {
  serviceRequired: '서비스를 선택해 주세요.',
  linkRequired: '링크를 입력해 주세요.',
  linkTooLong: '링크가 너무 깁니다.',
  amountRequired: '주문 수량을 입력해 주세요.',
  amountBelowMin: '주문 수량이 최소수량보다 적습니다.',
  amountAboveMax: '주문 수량이 최대수량보다 많습니다.',
  runsInvalid: '반복 횟수는 2 이상의 정수로 입력해 주세요.',
  intervalInvalid: '반복 간격은 60분 이상의 정수로 입력해 주세요.',
  autoNotAllowed: '자동주문이 불가능한 상품입니다.',
  unavailable: '주문불가 상품입니다.',
  insufficientPoints: '포인트가 부족합니다.',
  idempotencyMismatch: '같은 Idempotency-Key로 다른 주문을 보낼 수 없습니다.',
  idempotencyKeyInvalid: 'Idempotency-Key는 1~100자여야 합니다.',
  failed: '주문에 실패했습니다.',
  success: '주문에 성공했습니다.',
  commentsRequired: '댓글을 한 줄에 하나씩 입력해 주세요.',
  commentTooLong: `댓글은 한 줄에 ${COMMENT_LINE_MAX}자까지 입력할 수 있습니다.`,
  commentsTooLong: '댓글 내용이 너무 깁니다.',
  commentsInvalid: '댓글에 쓸 수 없는 문자가 있습니다.',
  commentsBelowMin: '댓글 수가 최소수량보다 적습니다.',
  commentsAboveMax: '댓글 수가 최대수량보다 많습니다.',
  commentsNotAllowed: '댓글은 커스텀 댓글 상품에서만 입력할 수 있습니다.',
  subscriptionForm: '구독 상품은 이 주문 양식으로 주문할 수 없습니다.',
  v1DefaultOnly: '이 상품은 API v1로 주문할 수 없습니다. 커스텀 댓글·패키지·구독 상품은 API v2로 주문해 주세요.',
} as const;

/** A Custom Comments order's text at most this long in all (1,000 lines of 300 characters). */
export const ORDER_COMMENTS_MAX = 300_000;

/** docs/product.md §9: runs greater than 1, interval at least 60 minutes; the upper bounds keep numbers sane. */
export const AUTO_ORDER_LIMITS = { minRuns: 2, maxRuns: 1000, minInterval: 60, maxInterval: 43_200 } as const;
export const ORDER_LINK_MAX = 1000;
/** docs/product.md §9: 10 rows per page in both order histories. */
export const ORDER_HISTORY_PAGE_SIZE = 10;

/** What the rules need to know about the chosen service (the services list item has these fields). */
export interface OrderableService {
  point: string | number;
  min: number;
  max: number;
  enableAuto: boolean;
  isReadOnly: boolean;
  /** Default when absent. */
  type?: ServiceType;
}

export interface OrderContext {
  /** ENABLE_SERVICE_CHECK: every service is 주문불가 while it is on. */
  serviceCheck?: boolean;
  /** The storefront's auto-order toggle; the server infers it from runs/interval being non-zero. */
  auto?: boolean;
  /** The service's platform id ("instagram"): the link must be on that platform's hosts (order-links.ts). */
  platform?: string | null;
  /** Known balance: the form refuses a cost above it (the server's debit is the real check). */
  balance?: bigint | number | null;
}

export interface OrderProblem {
  field: keyof OrderRequest;
  message: string;
}

export const isAutoOrder = (input: Pick<OrderRequest, 'runs' | 'interval'>, context: OrderContext = {}): boolean =>
  context.auto ?? (input.runs !== 0 || input.interval !== 0);

/**
 * The quantity an order is for, by the service's type: a package is one; custom comments are as many as
 * the non-empty lines; otherwise what was asked. The form, the server and the API use this one rule.
 */
export function orderQuantity(
  input: Pick<OrderRequest, 'amount' | 'comments'>,
  service: Pick<OrderableService, 'type'> | null | undefined,
): number {
  if (service?.type === 'Package') return 1;
  if (service?.type === 'Custom Comments') return commentLines(input.comments).length;
  return input.amount;
}

/** docs/product.md §5 order rules in the spec's order (then the service type's own); the first broken one, or null. */
export function orderProblem(
  input: OrderRequest,
  service: OrderableService | null | undefined,
  context: OrderContext = {},
): OrderProblem | null {
  if (!service) return { field: 'serviceId', message: ORDER_MESSAGES.serviceRequired };
  if (context.serviceCheck || service.isReadOnly) return { field: 'serviceId', message: ORDER_MESSAGES.unavailable };
  // Whether it is a link at all is the schema's rule (orderRequestSchema); here, whether it is the platform's.
  const linkProblem = platformLinkProblem(input.link, context.platform);
  if (linkProblem) return { field: 'link', message: linkProblem };
  const type = service.type ?? 'Default';
  if (type === 'Subscriptions') return { field: 'serviceId', message: ORDER_MESSAGES.subscriptionForm };
  const amount = orderQuantity(input, service);
  if (type === 'Custom Comments') {
    const lines = commentLines(input.comments);
    if (lines.length === 0) return { field: 'comments', message: ORDER_MESSAGES.commentsRequired };
    if (lines.some((line) => line.length > COMMENT_LINE_MAX))
      return { field: 'comments', message: ORDER_MESSAGES.commentTooLong };
    if (amount < service.min) return { field: 'comments', message: ORDER_MESSAGES.commentsBelowMin };
    if (amount > service.max) return { field: 'comments', message: ORDER_MESSAGES.commentsAboveMax };
  } else {
    if (commentLines(input.comments).length > 0)
      return { field: 'comments', message: ORDER_MESSAGES.commentsNotAllowed };
    if (amount < service.min) return { field: 'amount', message: ORDER_MESSAGES.amountBelowMin };
    if (amount > service.max) return { field: 'amount', message: ORDER_MESSAGES.amountAboveMax };
  }
  if (isAutoOrder(input, context)) {
    if (!service.enableAuto || type !== 'Default') return { field: 'runs', message: ORDER_MESSAGES.autoNotAllowed };
    const { minRuns, maxRuns, minInterval, maxInterval } = AUTO_ORDER_LIMITS;
    if (input.runs < minRuns || input.runs > maxRuns) return { field: 'runs', message: ORDER_MESSAGES.runsInvalid };
    if (input.interval < minInterval || input.interval > maxInterval)
      return { field: 'interval', message: ORDER_MESSAGES.intervalInvalid };
  }
  if (
    context.balance !== undefined &&
    context.balance !== null &&
    orderCost(service.point, amount, input.runs) > BigInt(context.balance)
  ) {
    return { field: type === 'Custom Comments' ? 'comments' : 'amount', message: ORDER_MESSAGES.insufficientPoints };
  }
  return null;
}

// ---- exact money arithmetic -------------------------------------------------------------------

/** Unit prices are decimals with up to this many fraction digits (the catalogue's numeric(16, 6)). */
export const PRICE_SCALE = 6;
const SCALE = 10n ** BigInt(PRICE_SCALE);
const PRICE_PATTERN = new RegExp(`^(\\d{1,10})(?:\\.(\\d{1,${PRICE_SCALE}}))?$`);

/** A unit price as an exact integer of millionths of a won ("0.35" → 350000n); throws on anything else. */
export function scaledPrice(point: string | number): bigint {
  const text =
    typeof point === 'number'
      ? PRICE_PATTERN.test(String(point))
        ? String(point)
        : point.toFixed(PRICE_SCALE)
      : point.trim();
  const match = PRICE_PATTERN.exec(text);
  if (!match) throw new RangeError(`not a unit price: ${String(point)}`);
  return BigInt(match[1]!) * SCALE + BigInt((match[2] ?? '').padEnd(PRICE_SCALE, '0'));
}

export const isUnitPrice = (point: string): boolean => PRICE_PATTERN.test(point.trim());

/** ⌈a / b⌉ for a >= 0, b > 0. */
export const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/** docs/product.md §5: cost = unit price × amount × max(runs, 1), computed exactly and rounded up to whole won once. */
export function orderCost(point: string | number, amount: number, runs: number): bigint {
  return ceilDiv(scaledPrice(point) * BigInt(amount) * BigInt(Math.max(runs, 1)), SCALE);
}
