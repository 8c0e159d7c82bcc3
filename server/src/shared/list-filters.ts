import { DomainError } from './domain-error.js';

/**
 * Operator list filter values (ra-data-simple-rest's `filter={...}`), each checked so a wrong type, an
 * object such as {"$ne": null} or an out-of-range number is a 400 with a Korean reason, never a
 * database error and never an operator smuggled into the query. One helper per kind of value, used by
 * every module's list (findPage names the filter in the message).
 */
export class FilterValueError extends DomainError {
  constructor(reason: string) {
    super('BAD_REQUEST', reason);
  }
}

/** int4, the id columns' type. */
const INT4_MAX = 2_147_483_647;
const TEXT_MAX = 200;
const CONTROL = /[\p{Cc}\p{Cf}]/u;

/** A scalar as a string: strings as they are, finite numbers and booleans written out; anything else refused. */
function scalarText(value: unknown, reason: string): string {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  throw new FilterValueError(reason);
}

/** A search text (q): at most 200 printable characters. */
export function filterText(value: unknown): string {
  const text = scalarText(value, '검색어는 글자로 입력해 주세요.');
  if (text.length > TEXT_MAX) throw new FilterValueError(`검색어는 ${TEXT_MAX}자 이하로 입력해 주세요.`);
  if (CONTROL.test(text)) throw new FilterValueError('검색어에 쓸 수 없는 문자가 있습니다.');
  return text;
}

/** An exact-match text column (a login id, a resource name): a printable scalar of at most `max` characters. */
export function filterString(value: unknown, max = 100): string {
  const text = scalarText(value, '글자로 입력해 주세요.');
  if (text.length > max) throw new FilterValueError(`${max}자 이하로 입력해 주세요.`);
  if (CONTROL.test(text)) throw new FilterValueError('쓸 수 없는 문자가 있습니다.');
  return text;
}

/** An id (int4): a whole number 0..2147483647, as a JSON number or a digit string. */
export function filterId(value: unknown): number {
  const reason = '0 이상의 정수 번호로 입력해 주세요.';
  if (typeof value !== 'number' && !(typeof value === 'string' && /^\d{1,10}$/.test(value.trim())))
    throw new FilterValueError(reason);
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0 || n > INT4_MAX) throw new FilterValueError(reason);
  return n;
}

/** A switch: true/false, as JSON booleans or the strings a query string carries. */
export function filterFlag(value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new FilterValueError('true 또는 false로 입력해 주세요.');
}

/** A point in time (ISO 8601, e.g. 2026-01-31 or 2026-01-31T09:00:00+09:00), years 1..9999. */
export function filterDate(value: unknown): Date {
  const reason = '날짜(예: 2026-01-31T00:00:00Z)로 입력해 주세요.';
  if (typeof value !== 'string' || value.length > 40) throw new FilterValueError(reason);
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999)
    throw new FilterValueError(reason);
  return date;
}

/** One of a column's allowed values. */
export function filterOneOf<T extends string>(values: readonly T[], value: unknown): T {
  if (typeof value !== 'string' || !values.includes(value as T))
    throw new FilterValueError(`다음 중 하나로 입력해 주세요: ${values.join(', ')}`);
  return value as T;
}

/** One allowed value or a list of them (a multi-select), at most as many as there are values. */
export function filterOneOrMany<T extends string>(values: readonly T[], value: unknown): T[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || list.length > values.length)
    throw new FilterValueError(`다음 중 하나 이상으로 입력해 주세요: ${values.join(', ')}`);
  return list.map((v) => filterOneOf(values, v));
}

/** `%text%` for ILIKE with the text's own \, % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An ILIKE condition on a search text: `{ field: contains(v) }`. */
export const contains = (value: unknown) => ({ $ilike: likePattern(filterText(value)) });

/**
 * Filter builders for `PageOptions.filters` / an admin resource's `filters`: the field a filter key
 * reads, checked by the helpers above.
 */
/** `q` over text columns: ILIKE '%text%' on each (any may match), the text's wildcards taken literally. */
export function searchIn<F extends string>(
  ...fields: [F, ...F[]]
): (value: unknown) => Record<F, { $ilike: string }> | { $or: Record<F, { $ilike: string }>[] } {
  return (value) => {
    const match = contains(value);
    const each = fields.map((field) => ({ [field]: match }) as Record<F, { $ilike: string }>);
    return each.length === 1 ? each[0]! : { $or: each };
  };
}

/** A switch column: `{ field: true|false }`. */
export const flagOf =
  <F extends string>(field: F) =>
  (value: unknown) =>
    ({ [field]: filterFlag(value) }) as Record<F, boolean>;

/** An int4 reference column: `{ field: id }`. */
export const idOf =
  <F extends string>(field: F) =>
  (value: unknown) =>
    ({ [field]: filterId(value) }) as Record<F, number>;

/** getMany's `{"id": [1, 2]}` (or one id): at most 1,000 ids, each read by `one`. */
export function filterIds<I>(value: unknown, one: (v: unknown) => I): I[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 1000) throw new FilterValueError('한 번에 1,000개까지 조회할 수 있습니다.');
  return list.map(one);
}
