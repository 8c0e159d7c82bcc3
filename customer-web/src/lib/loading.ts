import { useSyncExternalStore } from 'react';

/** The full-screen loading overlay: shown while any caller holds it. */
let count = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const loading = {
  show() {
    count += 1;
    emit();
  },
  hide() {
    count = Math.max(0, count - 1);
    emit();
  },
  /** Shows the overlay while the promise runs. */
  async during<T>(work: Promise<T>): Promise<T> {
    loading.show();
    try {
      return await work;
    } finally {
      loading.hide();
    }
  },
};

export const useLoading = () =>
  useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => count > 0,
  );
