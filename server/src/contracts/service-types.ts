/**
 * The kinds of order a service takes, spelled as the SMM panel API v2 (Perfect Panel) spells its
 * services' `type`, so an upstream's list imports as is and resellers' tools read ours. Plain
 * TypeScript (no zod): the storefront's landing page uses these without loading the schemas.
 */
export const SERVICE_TYPES = ['Default', 'Custom Comments', 'Package', 'Subscriptions'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const DEFAULT_SERVICE_TYPE: ServiceType = 'Default';

/** Korean names for the console and the storefront. */
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  Default: '기본',
  'Custom Comments': '커스텀 댓글',
  Package: '패키지',
  Subscriptions: '구독 (자동 좋아요)',
};

export const isServiceType = (value: unknown): value is ServiceType =>
  typeof value === 'string' && (SERVICE_TYPES as readonly string[]).includes(value);

/**
 * An upstream's `type` read tolerantly ("custom_comments", "Custom comments", "package"); a type we do
 * not sell (e.g. "Mentions", "Poll") is null, so the import can skip it with the reason.
 */
export function serviceTypeOf(raw: unknown): ServiceType | null {
  if (raw === undefined || raw === null || raw === '') return 'Default';
  if (typeof raw !== 'string') return null;
  const key = raw.toLowerCase().replace(/[^a-z]/g, '');
  return (
    SERVICE_TYPES.find((t) => t.toLowerCase().replace(/[^a-z]/g, '') === key) ??
    (key === 'subscription' ? 'Subscriptions' : null)
  );
}

/** Refill windows an operator may set: 1 day to a year. */
export const REFILL_DAYS_MAX = 365;

/** Custom comments: each line at most this many characters (as panels take them). */
export const COMMENT_LINE_MAX = 300;

/** The comments of a Custom Comments order: one per line, blank lines dropped, each trimmed. */
export function commentLines(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
