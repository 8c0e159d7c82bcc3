/**
 * Step 1 of a v2 request: the fields as resellers' tools send them. {@link normaliseFields} merges the
 * query string and the body (the body winning), folds `orders[]=` arrays and drops the words tools send
 * for "not given"; v2-requests.ts then reads the action's schema from them.
 */
import { API_KEY_FIELDS } from '../../../contracts/index.js';

/** Values PHP and JavaScript tools send for a field they have no value for. */
const ABSENT_WORDS = new Set(['', 'undefined', 'null']);
/** Optional fields where 0 means "not given" (runs 0 = no drip-feed, posts 0 = no limit ...). */
const ZERO_MEANS_ABSENT = new Set([
  'runs',
  'interval',
  'comments',
  'username',
  'usernames',
  'hashtag',
  'hashtags',
  'keywords',
  'answer_number',
  'posts',
  'old_posts',
  'expiry',
  'media',
]);
/** `orders[]`, `orders[0]`: PHP's array form of a field. */
const ARRAY_FORM = /^([A-Za-z_]+)\[\d*\]$/;

const isAbsent = (name: string, value: unknown): boolean => {
  if (value === undefined || value === null) return true;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null;
  if (text === null) return false;
  return ABSENT_WORDS.has(text.toLowerCase()) || (text === '0' && ZERO_MEANS_ABSENT.has(name));
};

/**
 * One set of named fields from the query string and the body (the body wins where both name a field):
 * `orders[]=1&orders[]=2` becomes `orders: ['1', '2']`, `action` is lower-cased, and an optional
 * field sent empty or as `undefined`/`null` (or `0` where zero means absent) is dropped.
 */
export function normaliseFields(...sources: Record<string, unknown>[]): Record<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const source of sources) {
    const fromThis = new Map<string, unknown>();
    for (const [rawName, value] of Object.entries(source)) {
      const arrayForm = ARRAY_FORM.exec(rawName);
      const name = arrayForm ? arrayForm[1]! : rawName;
      if (arrayForm) {
        const before = fromThis.get(name);
        fromThis.set(name, [
          ...(Array.isArray(before) ? before : before === undefined ? [] : [before]),
          ...(Array.isArray(value) ? value : [value]),
        ]);
      } else fromThis.set(name, value);
    }
    for (const [name, value] of fromThis) {
      if (Array.isArray(value)) {
        const kept = value.filter((v) => !isAbsent(name, v));
        if (kept.length > 0) fields.set(name, kept);
      } else if (!isAbsent(name, value)) fields.set(name, value);
      // An absent word in the body still leaves a value the query string gave.
    }
  }
  const action = fields.get('action');
  if (typeof action === 'string') fields.set('action', action.trim().toLowerCase());
  return Object.fromEntries(fields);
}

/** The API key: the first field of API_KEY_FIELDS (the log masks the same list), else an `X-Api-Key` header, else a Bearer token. */
export function keyOf(
  fields: Record<string, unknown>,
  headers: Record<string, string | string[] | undefined>,
): unknown {
  for (const name of API_KEY_FIELDS) if (fields[name] !== undefined) return fields[name];
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(typeof headers.authorization === 'string' ? headers.authorization : '');
  return bearer?.[1];
}
