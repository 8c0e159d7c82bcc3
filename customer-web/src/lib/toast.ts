/**
 * The first screen's toasts without react-toastify in its JavaScript: the library loads on the first toast (or
 * once the page is idle, app/provider.tsx, whose container shows what was asked before it mounted).
 * Pages loaded later import react-toastify's `toast` directly.
 */
const library = () => import('react-toastify');

let mountContainer: (() => void) | undefined;
/** app/provider.tsx: mount the toast container now (a toast is coming). */
export const onToastWanted = (mount: () => void) => {
  mountContainer = mount;
};

const show = (kind: 'success' | 'error', message: string) => {
  mountContainer?.();
  void library().then(({ toast }) => toast[kind](message));
};

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
};
