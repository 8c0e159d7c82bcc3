import { z } from 'zod';
import { filterIds, filterString, filterText, FilterValueError } from './list-filters.js';
import { DomainError, inputRefusal } from './domain-error.js';

/**
 * ra-data-simple-rest list conventions: `?sort=["field","ASC"]&range=[0,24]&filter={...}`
 * answered with the rows and `Content-Range: <resource> <start>-<end>/<total>`.
 */
export interface ListQuery {
  sort?: { field: string; order: 'ASC' | 'DESC' };
  range: { start: number; end: number };
  filter: Record<string, unknown>;
}

/** A page holds at most this many rows: a wider `range` is clamped (Content-Range says which rows came). */
export const MAX_PAGE = 1000;
/** Offsets beyond this are refused rather than sent to the database. */
const MAX_OFFSET = 1_000_000_000;

const json = <T extends z.ZodType>(schema: T, message: string) =>
  z
    .string({ error: message })
    .max(20_000, message)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    })
    .pipe(schema);

const SORT = '정렬(sort)은 ["필드", "ASC" 또는 "DESC"] 형식이어야 합니다.';
const RANGE = `범위(range)는 [시작, 끝] 형식의 0 이상 ${MAX_OFFSET.toLocaleString('en-US')} 이하 정수여야 합니다.`;
const FILTER = '필터(filter)는 JSON 객체여야 합니다.';
const offset = z.number({ error: RANGE }).int(RANGE).min(0, RANGE).max(MAX_OFFSET, RANGE);

const querySchema = z.object({
  sort: json(
    z.tuple(
      [
        z
          .string()
          .min(1)
          .max(64)
          .regex(/^[A-Za-z][A-Za-z0-9_.]*$/, SORT),
        z.enum(['ASC', 'DESC', 'asc', 'desc'], { error: SORT }),
      ],
      { error: SORT },
    ),
    SORT,
  ).optional(),
  range: json(z.tuple([offset, offset], { error: RANGE }), RANGE).optional(),
  filter: json(z.record(z.string().max(64, FILTER), z.unknown(), { error: FILTER }), FILTER).optional(),
});

/** ra-data-simple-rest's query, checked: a malformed sort, range or filter is a 400 with a Korean reason. */
export function parseListQuery(raw: unknown): ListQuery {
  const result = querySchema.safeParse(raw ?? {});
  if (!result.success) throw inputRefusal(result.error.issues[0]?.message ?? FILTER);
  const { sort, range, filter } = result.data;
  const start = range?.[0] ?? 0;
  const end = range?.[1] ?? start + 24;
  if (end < start) throw new DomainError('LIST_RANGE_INVALID');
  return {
    sort: sort ? { field: sort[0], order: sort[1].toUpperCase() as 'ASC' | 'DESC' } : undefined,
    range: { start, end: Math.min(end, start + MAX_PAGE - 1) },
    filter: filter ?? {},
  };
}

/** What an admin list endpoint returns; replyPages (http-kernel.ts) turns it into rows + Content-Range. */
export class Page<T> {
  constructor(
    readonly resource: string,
    readonly rows: T[],
    readonly total: number,
    readonly start: number,
  ) {}

  /** The same page with each row mapped (an entity to its view). */
  map<U>(view: (row: T) => U): Page<U> {
    return new Page(this.resource, this.rows.map(view), this.total, this.start);
  }

  get contentRange(): string {
    if (this.rows.length === 0) return `${this.resource} */${this.total}`;
    return `${this.resource} ${this.start}-${this.start + this.rows.length - 1}/${this.total}`;
  }
}

/**
 * Sort, filter and slice rows held in memory (small registries such as settings): filters and sorts
 * on the rows' own scalar fields only, with the same Korean refusals as the database lists.
 */
export function pageOf<T extends Record<string, unknown>>(
  resource: string,
  rows: T[],
  query: ListQuery,
  fields: readonly string[] = Object.keys(rows[0] ?? {}),
): Page<T> {
  const wanted = Object.entries(query.filter)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => {
      if (key !== 'q' && key !== 'id' && !fields.includes(key))
        throw new DomainError('LIST_FILTER_UNKNOWN', { key: key.slice(0, 64) });
      try {
        return [
          key,
          key === 'id'
            ? filterIds(value, (v) => filterString(v))
            : [key === 'q' ? filterText(value) : filterString(value, 200)],
        ] as const;
      } catch (error) {
        if (error instanceof FilterValueError)
          throw new DomainError('LIST_FILTER_INVALID', { key, reason: error.message });
        throw error;
      }
    });
  let result = rows.filter((row) =>
    wanted.every(([key, values]) => {
      if (key === 'q') return JSON.stringify(row).toLowerCase().includes(values[0]!.toLowerCase());
      return values.includes(String(row[key]));
    }),
  );
  if (query.sort) {
    const { field, order } = query.sort;
    if (field !== 'id' && !fields.includes(field)) throw new DomainError('LIST_SORT_INVALID', { field: String(field) });
    const sign = order === 'ASC' ? 1 : -1;
    result = [...result].sort((a, b) =>
      String(a[field] ?? '') < String(b[field] ?? '')
        ? -sign
        : String(a[field] ?? '') > String(b[field] ?? '')
          ? sign
          : 0,
    );
  }
  const { start, end } = query.range;
  return new Page(resource, result.slice(start, end + 1), result.length, start);
}
