import { useSyncExternalStore } from 'react';

/** docs/product.md §4: loading (nothing rendered), authorization, unAuthorization, guest (browse-only). */
export type SessionState = 'loading' | 'authorization' | 'unAuthorization' | 'guest';

let state: SessionState = 'loading';
const listeners = new Set<() => void>();

export const session = {
  get: () => state,
  set(next: SessionState) {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useSession = () => useSyncExternalStore(session.subscribe, session.get);
