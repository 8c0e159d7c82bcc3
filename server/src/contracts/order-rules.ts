/**
 * Order rules without zod: messages, the cost arithmetic and the checks that need the service and the balance.
 * Kept apart from the schema so the storefront's landing page can use them without loading zod.
 */

/** Spec §5 and §8: order messages. */
export const ORDER_MESSAGES = {
  serviceRequired: '서비스를 선택해 주세요.',
  linkRequired: '링크를 입력해 주세요.',
  amountBelowMin: '주문 수량이 최소수량보다 적습니다.',
  amountAboveMax: '주문 수량이 최대수량보다 많습니다.',
  runsInvalid: '반복 횟수는 2 이상의 정수로 입력해 주세요.',
  intervalInvalid: '반복 간격은 60분 이상의 정수로 입력해 주세요.',
  pointShort: '포인트가 부족합니다.',
  unavailable: '주문불가 상품입니다.',
  orderFailed: '주문에 실패했습니다.',
  orderSuccess: '주문에 성공했습니다.',
} as const;

/** Auto-order limits (spec §9): runs greater than 1, interval at least 60 minutes. */
export const AUTO_ORDER_MIN_RUNS = 2;
export const AUTO_ORDER_MIN_INTERVAL = 60;

/** The service facts an order is checked against. */
export interface OrderLimits {
  min: number;
  max: number;
  /** Unit price in won per one unit of quantity. */
  point: number;
}

/** Total quantity = amount × max(runs, 1). */
export const orderTotalQuantity = (amount: number, runs: number) => amount * Math.max(runs, 1);
/** Total cost = unit point × total quantity (integer won). */
export const orderCost = (unitPoint: number, amount: number, runs: number) => unitPoint * orderTotalQuantity(amount, runs);

export interface OrderContext {
  /** The chosen service; when given, amount and cost are checked against it. */
  service?: OrderLimits | null;
  /** The member's points; when given, the total cost must not exceed it. */
  balance?: number;
  /** The form's auto-order toggle; without it, an order is an auto-order when runs or interval is set. */
  auto?: boolean;
}

type Issue = { path: 'amount' | 'runs' | 'interval' | 'point'; message: string };

/** Every rule of spec §5 that needs more than the field itself; the server and the form both use it. */
export function orderIssues(input: { amount: number; runs: number; interval: number }, context: OrderContext = {}): Issue[] {
  const issues: Issue[] = [];
  const auto = context.auto ?? (input.runs > 0 || input.interval > 0);
  if (auto && !(Number.isInteger(input.runs) && input.runs >= AUTO_ORDER_MIN_RUNS)) issues.push({ path: 'runs', message: ORDER_MESSAGES.runsInvalid });
  if (auto && !(Number.isInteger(input.interval) && input.interval >= AUTO_ORDER_MIN_INTERVAL)) {
    issues.push({ path: 'interval', message: ORDER_MESSAGES.intervalInvalid });
  }
  const { service, balance } = context;
  if (service) {
    if (input.amount < service.min) issues.push({ path: 'amount', message: ORDER_MESSAGES.amountBelowMin });
    else if (input.amount > service.max) issues.push({ path: 'amount', message: ORDER_MESSAGES.amountAboveMax });
    if (balance !== undefined && orderCost(service.point, input.amount, auto ? input.runs : 0) > balance) {
      issues.push({ path: 'point', message: ORDER_MESSAGES.pointShort });
    }
  }
  return issues;
}
