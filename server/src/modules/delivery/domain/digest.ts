/** How many alerts a digest lists; the rest are counted. */
export const DIGEST_SHOWN = 20;

/** The subject of a digest of `count` operator alerts (mail). */
export const digestHeading = (count: number): string => `[SMM 알림] 새 알림 ${count}건`;

/**
 * Operator alerts due at once as one message (one Telegram message, one mail): one alert is its text;
 * several are a heading and a bullet each, DIGEST_SHOWN at most, then how many more.
 */
export function digestText(texts: readonly string[]): string {
  if (texts.length === 1) return `[SMM 알림] ${texts[0]}`;
  const lines = texts.slice(0, DIGEST_SHOWN).map((text) => `• ${text}`);
  const more = texts.length > DIGEST_SHOWN ? [`외 ${texts.length - DIGEST_SHOWN}건`] : [];
  return [digestHeading(texts.length), ...lines, ...more].join('\n');
}
