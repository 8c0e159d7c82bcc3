import { dayStamp } from '../../../lib/format';
import { storage } from '../../../lib/storage';

/** docs/product.md §4: 오늘 하루 보지 않기 hides a popup for the day it was clicked, only. */
export function isHiddenToday(popupId: string | number, now = new Date()): boolean {
  const today = dayStamp(now);
  return storage.getHiddenPopups().some((h) => h.popupId === String(popupId) && h.date === today);
}

/** Stores {popupId, date: yyyyMMdd}; records of other days are dropped on the way. */
export function hideForToday(popupId: string | number, now = new Date()): void {
  const today = dayStamp(now);
  const kept = storage.getHiddenPopups().filter((h) => h.date === today && h.popupId !== String(popupId));
  storage.setHiddenPopups([...kept, { popupId: String(popupId), date: today }]);
}

/** Popups closed on the static first paint (index.html) before the app started: closed for this visit. */
export function closedBeforeStart(): string[] {
  const closed = (globalThis as { __STOREFRONT_CLOSED__?: unknown }).__STOREFRONT_CLOSED__;
  return Array.isArray(closed) ? closed.map(String) : [];
}
