/**
 * What real SMM panels answer on the API v2, read tolerantly: numbers as strings (or with commas),
 * statuses in any case or spelling, `remains` below zero on over-delivery, errors as
 * `{"error": "..."}` with HTTP 200. Pure functions, so the quirks are unit-tested in one place.
 */

const CONTROL = /[\p{Cc}\p{Cf}]/gu;

/** Whether text has no control or format characters (PostgreSQL refuses NUL; none belong in a name or key). */
export const printable = (text: string): boolean => !new RegExp(CONTROL.source, 'u').test(text);

/** Text from a provider made safe to store and show: control/format characters become spaces. */
export const cleanText = (text: string): string => text.replace(CONTROL, ' ');

/** Our order statuses an upstream status can move an order to. */
export type UpstreamStatus = 'PROCESSING' | 'INPROGRESS' | 'COMPLETED' | 'PARTIAL' | 'CANCELED';

// Keys are lower case with everything but letters removed: "In progress", "in_progress", "INPROGRESS" meet.
const STATUS_SPELLINGS: Record<string, UpstreamStatus> = {
  pending: 'PROCESSING',
  processing: 'PROCESSING',
  queued: 'PROCESSING',
  inprogress: 'INPROGRESS',
  progress: 'INPROGRESS',
  active: 'INPROGRESS',
  completed: 'COMPLETED',
  complete: 'COMPLETED',
  success: 'COMPLETED',
  partial: 'PARTIAL',
  partiallycompleted: 'PARTIAL',
  canceled: 'CANCELED',
  cancelled: 'CANCELED',
  cancel: 'CANCELED',
  refunded: 'CANCELED',
  // A panel reports Fail when it could not run the order and gives its charge back.
  fail: 'CANCELED',
  failed: 'CANCELED',
};

export function normaliseStatus(raw: unknown): UpstreamStatus | null {
  if (typeof raw !== 'string') return null;
  return STATUS_SPELLINGS[raw.toLowerCase().replace(/[^a-z]/g, '')] ?? null;
}

/**
 * The text of an answer as JSON: a UTF-8 byte order mark and surrounding blanks dropped (PHP panels
 * often emit both). Undefined for an empty answer; throws a SyntaxError for anything that is not JSON.
 */
export function parseAnswerText(text: string): unknown {
  const cleaned = text.replace(/^\uFEFF/, '').trim();
  return cleaned === '' ? undefined : (JSON.parse(cleaned) as unknown);
}

/**
 * Digits with their thousands commas taken out ("1,234.5" → "1234.5"); null when a comma is not one ("1,5" may
 * be a decimal comma: one and a half or fifteen, so neither is guessed).
 */
function withoutGrouping(text: string): string | null {
  if (!text.includes(',')) return text;
  return /^-?[1-9]\d{0,2}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : null;
}

/** A whole number from 12, "12", " 1,234 ", "12.00"; anything else ("1,5" too) is null. */
export function parseCount(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? Math.trunc(raw) : null;
  if (typeof raw !== 'string') return null;
  const text = withoutGrouping(raw.trim());
  if (text === null) return null;
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const value = Math.trunc(Number(text));
  return Number.isSafeInteger(value) ? value : null;
}

/** A decimal as a canonical string ("0.90" -> "0.9", 1.5 -> "1.5", "1,234" -> "1234"); negative only when `signed`; else null. */
export function parseDecimal(raw: unknown, signed = false): string | null {
  const text =
    typeof raw === 'number'
      ? Number.isFinite(raw)
        ? String(raw)
        : ''
      : typeof raw === 'string'
        ? (withoutGrouping(raw.trim()) ?? '')
        : '';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || (match[1] && !signed)) return null;
  const whole = match[2]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const sign = match[1] && (whole !== '0' || fraction) ? '-' : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The provider's error text when the answer is `{"error": "..."}` (any HTTP status). */
export function errorOf(body: unknown): string | null {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'error' in body) {
    const error = (body as { error: unknown }).error;
    return typeof error === 'string' && error.trim() ? cleanText(error).trim().slice(0, 500) : 'unknown provider error';
  }
  return null;
}

export interface UpstreamOrderState {
  status: UpstreamStatus;
  /** Null when the provider did not say. */
  startCount: number | null;
  /** Never below zero (over-delivery reads as nothing left); null when the provider did not say. */
  remains: number | null;
  /** `remains` as the provider wrote it (negative on over-delivery, above the quantity on a panel's bug), so a clamp can be logged. */
  reportedRemains: number | null;
  charge: string | null;
}

/**
 * One order's entry of a status answer. Not ok: nothing is applied and the order is asked again at the
 * next poll; `check` marks an answer an operator must look at (an unknown status word, the provider not
 * knowing our order id), which flags the order [확인 필요] without moving it.
 */
export type UpstreamStatusResult =
  { ok: true; state: UpstreamOrderState } | { ok: false; error: string; check?: boolean };

/** Status words that name no state we can move to: the order is held for an operator. */
const HELD_STATUSES = new Set(['error']);

/** One order's entry of a status answer. */
export function readOrderState(entry: unknown): UpstreamStatusResult {
  const error = errorOf(entry);
  // The provider does not know the order we placed with it: an operator must look.
  if (error) return { ok: false, error, check: true };
  if (!entry || typeof entry !== 'object' || Array.isArray(entry))
    return { ok: false, error: 'no status in the answer' };
  const raw = entry as Record<string, unknown>;
  const status = normaliseStatus(raw.status);
  if (!status) {
    const word =
      typeof raw.status === 'string' || typeof raw.status === 'number'
        ? cleanText(String(raw.status)).trim().slice(0, 40)
        : '';
    if (!word) return { ok: false, error: 'no status in the answer' };
    const held = HELD_STATUSES.has(word.toLowerCase());
    return { ok: false, error: held ? `provider status ${word}` : `unknown status: ${word}`, check: true };
  }
  const remains = parseCount(raw.remains);
  const startCount = parseCount(raw.start_count ?? raw.startCount);
  return {
    ok: true,
    state: {
      status,
      startCount: startCount === null || startCount < 0 ? null : startCount,
      remains: remains === null ? null : Math.max(0, remains),
      reportedRemains: remains,
      charge: parseDecimal(raw.charge),
    },
  };
}

/**
 * A status answer for the asked ids: `orders=1,2` answers `{"1": {...}, "2": {"error": ...}}`, some
 * panels answer a list of `{order, ...}`, and `order=1` answers the state itself. Ids the answer
 * does not mention come back as errors.
 */
export function readStatusAnswer(body: unknown, ids: string[]): Map<string, UpstreamStatusResult> {
  const result = new Map<string, UpstreamStatusResult>();
  const whole = errorOf(body);
  let byId: Record<string, unknown> = {};
  if (Array.isArray(body)) {
    for (const item of body)
      if (item && typeof item === 'object') byId[String((item as { order?: unknown }).order).trim()] = item;
  } else if (body && typeof body === 'object' && !whole) {
    byId = ids.length === 1 && 'status' in body ? { [ids[0]!]: body } : (body as Record<string, unknown>);
  }
  for (const id of ids) {
    if (whole) result.set(id, { ok: false, error: whole });
    else if (Object.hasOwn(byId, id)) result.set(id, readOrderState(byId[id]));
    else result.set(id, { ok: false, error: 'order missing from the answer' });
  }
  return result;
}

/** The provider's order id from an `add` answer (`{"order": 23501}` or `"23501"`), or null. */
export function readAddAnswer(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const order = (body as { order?: unknown }).order;
  if (typeof order === 'number' && Number.isSafeInteger(order) && order > 0) return String(order);
  if (typeof order === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(order.trim())) return order.trim();
  return null;
}

export interface UpstreamService {
  id: string;
  name: string;
  category: string;
  type: string;
  /** Price per 1000 in the provider's currency, canonical decimal. */
  rate: string;
  min: number;
  max: number;
  refill: boolean;
  cancel: boolean;
  /** Whether the provider takes runs and interval for it. */
  dripfeed: boolean;
  description: string | null;
}

/** A flag as panels write it: true, 1, "1", "true", "yes" (any case); everything else is false. */
const truthy = (raw: unknown) =>
  raw === true || raw === 1 || (typeof raw === 'string' && ['1', 'true', 'yes'].includes(raw.trim().toLowerCase()));

/**
 * The usable items of a `services` answer; malformed items are counted, not thrown, and those with an id are
 * named in `unreadable` (the provider still lists them: not gone, only not understood).
 */
export function readServices(body: unknown): { services: UpstreamService[]; malformed: number; unreadable: string[] } {
  if (!Array.isArray(body)) return { services: [], malformed: 0, unreadable: [] };
  const services: UpstreamService[] = [];
  const unreadable: string[] = [];
  let malformed = 0;
  for (const item of body) {
    const raw = (item ?? {}) as Record<string, unknown>;
    const id = raw.service ?? raw.id;
    const rate = parseDecimal(raw.rate);
    const min = parseCount(raw.min);
    const max = parseCount(raw.max);
    const name = typeof raw.name === 'string' ? cleanText(raw.name).trim() : '';
    if (
      (typeof id !== 'string' && typeof id !== 'number') ||
      !name ||
      rate === null ||
      min === null ||
      max === null ||
      min < 1 ||
      max < min
    ) {
      malformed++;
      if ((typeof id === 'string' && id.trim()) || typeof id === 'number') unreadable.push(String(id).trim());
      continue;
    }
    const description = raw.description ?? raw.desc;
    services.push({
      id: String(id).trim(),
      name,
      category: typeof raw.category === 'string' ? cleanText(raw.category).trim() : '',
      type:
        typeof raw.type === 'string' && raw.type.trim()
          ? cleanText(raw.type).trim()
          : typeof raw.type === 'number'
            ? String(raw.type)
            : 'Default',
      rate,
      min,
      max,
      refill: truthy(raw.refill),
      cancel: truthy(raw.cancel),
      dripfeed: truthy(raw.dripfeed),
      description: typeof description === 'string' && description.trim() ? cleanText(description).trim() : null,
    });
  }
  return { services, malformed, unreadable };
}

export interface UpstreamBalance {
  balance: string;
  currency: string;
}

export function readBalance(body: unknown): UpstreamBalance | null {
  if (!body || typeof body !== 'object') return null;
  const raw = body as Record<string, unknown>;
  const balance = parseDecimal(raw.balance, true);
  if (balance === null) return null;
  return { balance, currency: typeof raw.currency === 'string' ? cleanText(raw.currency).slice(0, 10) : '' };
}
