import { useSyncExternalStore } from 'react';
import { storage } from './storage';

/** docs/product.md §4: the stored choice, otherwise the system preference, which is then saved. */
export function initialDarkMode(): boolean {
  const stored = storage.getDarkMode();
  if (stored !== null) return stored;
  const dark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  storage.setDarkMode(dark);
  return dark;
}

let dark = false;
const listeners = new Set<() => void>();

function apply(next: boolean) {
  dark = next;
  document.documentElement.dataset.theme = next ? 'dark' : 'light';
  for (const listener of listeners) listener();
}

export const initTheme = () => apply(initialDarkMode());

export function toggleDarkMode(): void {
  storage.setDarkMode(!dark);
  apply(!dark);
}

export const useDarkMode = () =>
  useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => dark,
  );

const HEX = /^#[0-9a-fA-F]{6}$/;
/** SITE_MAIN_COLOR drives the accent colour. */
export function applyMainColor(color: string): void {
  if (HEX.test(color)) document.documentElement.style.setProperty('--main', color);
  else document.documentElement.style.removeProperty('--main');
}
