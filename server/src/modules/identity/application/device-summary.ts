import Bowser from 'bowser';
import { UNKNOWN_DEVICE } from '../../../contracts/index.js';

/** Phones and tablets people name by the device, not the system. */
const NAMED_MODELS = new Set(['iPhone', 'iPad']);

/**
 * 로그인된 기기's short name for a User-Agent: `Chrome · Windows`, `Safari · iPhone`, `Samsung Internet ·
 * Android`; 알 수 없는 기기 when neither the browser nor the system is recognised.
 */
export function deviceSummary(userAgent: string): string {
  if (!userAgent.trim()) return UNKNOWN_DEVICE;
  const parsed = Bowser.parse(userAgent);
  const model = parsed.platform.model;
  const system = model && NAMED_MODELS.has(model) ? model : parsed.os.name;
  // "Samsung Internet for Android · Android" says the system twice.
  const browser = parsed.browser.name?.replace(/ for (Android|iOS)$/, '');
  const parts = [browser, system].filter((p): p is string => !!p);
  return parts.length ? parts.join(' · ') : UNKNOWN_DEVICE;
}
