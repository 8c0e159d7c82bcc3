const wholeNumber = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 0 });
const pad = (n: number, size = 2) => String(n).padStart(size, '0');

type Amount = number | bigint | string | null | undefined;

/** A count with thousands separators (bigint money stays exact). */
export const formatNumber = (value: Amount) =>
  wholeNumber.format(typeof value === 'bigint' ? value : Number(value ?? 0) || 0);

/** Won without fraction digits (docs/product.md §9). */
export const won = (value: Amount) => `${formatNumber(value)}원`;

const priceNumber = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 6 });
/** A unit price in won: views and likes may sell below one won, so its fraction (up to 6 digits) is kept. */
export const unitPrice = (value: number) => `${priceNumber.format(value)}원`;

const toDate = (value: string | number | Date | null | undefined) => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** yyyy-MM-dd HH:mm:ss in local time; blank when there is no date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** yyyyMMdd in local time (the popup-hidden record). */
export const dayStamp = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

/** Start count: blank when negative or not a number (docs/product.md §5). */
export function startCountText(value: unknown): string {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? formatNumber(n) : '';
}

/** Desktop systems draw flag emojis as letters; there the spec swaps them for a couple emoji. */
export const isDesktop = () =>
  typeof navigator !== 'undefined' && !/Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
export const swapFlags = (text: string, desktop = isDesktop()) =>
  desktop ? text.replace(/[\u{1F1E6}-\u{1F1FF}]{2}/gu, '👫') : text;

/**
 * A preset charge amount with the spec's units 만원, 천원, 백원 and 원, composed as Korean shops write
 * money: 15000 → 1만5천원, 100000 → 10만원, 1500 → 1천5백원, 1250 → 1천2백50원.
 */
export function chargeUnitLabel(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount <= 0) return `${formatNumber(amount)}원`;
  let rest = amount;
  let label = '';
  for (const [size, unit] of [
    [10_000, '만'],
    [1_000, '천'],
    [100, '백'],
  ] as const) {
    const count = Math.floor(rest / size);
    // Only 만 may take more than one digit (120만원); below it each unit is a single digit.
    if (count > 0) label += `${formatNumber(count)}${unit}`;
    rest -= count * size;
  }
  return `${label}${rest > 0 ? rest : ''}원`;
}
