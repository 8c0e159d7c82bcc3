import { BadRequestException } from '@nestjs/common';
import { z } from 'zod';

/**
 * ra-data-simple-rest list conventions: `?sort=["field","ASC"]&range=[0,24]&filter={...}`
 * answered with the rows and `Content-Range: <resource> <start>-<end>/<total>`.
 */
export interface ListQuery {
  sort?: { field: string; order: 'ASC' | 'DESC' };
  range: { start: number; end: number };
  filter: Record<string, unknown>;
}

const MAX_PAGE = 1000;

const json = <T extends z.ZodType>(schema: T) =>
  z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON' });
      return z.NEVER;
    }
  }).pipe(schema);

const querySchema = z.object({
  sort: json(z.tuple([z.string().min(1).max(64), z.enum(['ASC', 'DESC', 'asc', 'desc'])])).optional(),
  range: json(z.tuple([z.number().int().min(0), z.number().int().min(0)])).optional(),
  filter: json(z.record(z.string(), z.unknown())).optional(),
});

export function parseListQuery(raw: unknown): ListQuery {
  const result = querySchema.safeParse(raw ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new BadRequestException(`invalid list query: ${issue?.path.join('.')} ${issue?.message}`);
  }
  const { sort, range, filter } = result.data;
  const start = range?.[0] ?? 0;
  const end = range?.[1] ?? start + 24;
  if (end < start) throw new BadRequestException('invalid list query: range end before start');
  return {
    sort: sort ? { field: sort[0], order: sort[1].toUpperCase() as 'ASC' | 'DESC' } : undefined,
    range: { start, end: Math.min(end, start + MAX_PAGE - 1) },
    filter: filter ?? {},
  };
}

/** What an admin list endpoint returns; the PageInterceptor turns it into rows + Content-Range. */
export class Page<T> {
  constructor(
    readonly resource: string,
    readonly rows: T[],
    readonly total: number,
    readonly start: number,
  ) {}

  get contentRange(): string {
    if (this.rows.length === 0) return `${this.resource} */${this.total}`;
    return `${this.resource} ${this.start}-${this.start + this.rows.length - 1}/${this.total}`;
  }
}

/** Sort, filter and slice rows held in memory (small registries such as settings). */
export function pageOf<T extends Record<string, unknown>>(resource: string, rows: T[], query: ListQuery): Page<T> {
  let result = rows.filter((row) =>
    Object.entries(query.filter).every(([key, wanted]) => {
      if (key === 'q') return JSON.stringify(row).toLowerCase().includes(String(wanted).toLowerCase());
      if (key === 'id' && Array.isArray(wanted)) return wanted.map(String).includes(String(row.id));
      return String(row[key]) === String(wanted);
    }),
  );
  if (query.sort) {
    const { field, order } = query.sort;
    const sign = order === 'ASC' ? 1 : -1;
    result = [...result].sort((a, b) => (String(a[field] ?? '') < String(b[field] ?? '') ? -sign : String(a[field] ?? '') > String(b[field] ?? '') ? sign : 0));
  }
  const { start, end } = query.range;
  return new Page(resource, result.slice(start, end + 1), result.length, start);
}
