import { DomainError } from '../../../shared/index.js';

/** Operator list filter values, checked so a bad filter is a 400 with a reason, never a database error. */
const bad = (what: string) => new DomainError(`filter must be ${what}`, 400);

export function oneOf<T extends string>(values: readonly T[], value: unknown): T {
  if (!values.includes(value as T)) throw bad(`one of ${values.join(', ')}`);
  return value as T;
}

export function wholeNumber(value: unknown): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw bad('a whole number');
  return n;
}

export function instant(value: unknown): Date {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) throw bad('a date');
  return date;
}

export const contains = (value: unknown) => ({ $ilike: `%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
