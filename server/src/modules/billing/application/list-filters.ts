import { DomainError } from '../../../shared/index.js';

/** Operator list filter values, checked so a bad filter is a 400 with a reason, never a database error. */
const bad = (what: string) => new DomainError(`filter must be ${what}`, 400);

export function oneOf<T extends string>(values: readonly T[], value: unknown): T {
  if (!values.includes(value as T)) throw bad(`one of ${values.join(', ')}`);
  return value as T;
}

/** An id column's value (int4). */
export function wholeNumber(value: unknown): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 2_147_483_647) throw bad('a whole number');
  return n;
}

export function instant(value: unknown): Date {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) throw bad('a date');
  return date;
}

export const contains = (value: unknown) => ({ $ilike: `%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
