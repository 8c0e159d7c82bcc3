/**
 * 평균 완료 시간 and 즐겨찾기: the rule both the server and the storefront name, and the Korean words.
 *
 * The average time follows the leading panels' "average time": the latest completed orders of a service,
 * each one's time from order to completion put on one scale (per {@link AVERAGE_TIME_REFERENCE} units), so
 * a service's figure does not swing with the sizes members happen to order. Orders far from that size are left
 * out: a tiny order is all start-up latency, a huge one scaled down would promise too much.
 */

/** How many of the latest completed orders of typical size make the figure. */
export const AVERAGE_TIME_SAMPLE = 10;
/** Fewer typical completed orders than this: not enough data (null). */
export const AVERAGE_TIME_MIN_SAMPLE = 3;
/** The quantity every order's time is scaled to (the panels' "per 1000"), within the service's min and max. */
export const AVERAGE_TIME_REFERENCE = 1000;

/** The quantity a service's average time speaks of: 1000, or the service's min or max when 1000 is outside them. */
export const typicalQuantity = (min: number, max: number): number =>
  Math.min(Math.max(AVERAGE_TIME_REFERENCE, min), max);

/** Whether an order of `amount` counts: from half to twice the typical quantity. */
export const isTypicalSize = (amount: number, typical: number): boolean =>
  amount * 2 >= typical && amount <= typical * 2;

/** "약 2시간 10분" for 130 minutes; "1분 미만" for 0; days past 24 hours ("약 1일 3시간"). */
export function averageTimeText(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 1) return '1분 미만';
  const m = Math.round(minutes);
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  const rest = m % 60;
  const parts =
    days > 0
      ? [`${days}일`, hours > 0 ? `${hours}시간` : '']
      : [hours > 0 ? `${hours}시간` : '', rest > 0 ? `${rest}분` : ''];
  return `약 ${parts.filter(Boolean).join(' ')}`;
}

export const SERVICE_SPEED_MESSAGES = {
  /** The order form and the services list, before the figure. */
  averageTimeLabel: '평균 완료 시간',
  noAverageTime: '평균 완료 시간 정보 없음',
  favoriteNotFound: '즐겨찾기할 수 없는 상품입니다. 상품 번호를 확인해 주세요.',
  favoriteId: '상품 번호가 올바르지 않습니다.',
} as const;
