import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useBrand } from '../lib/brand';
import { queryClient } from '../lib/query-client';
import { useSettings } from '../lib/settings';
import { applyMainColor } from '../lib/theme';
import { onToastWanted } from '../lib/toast';
import { LoadingOverlay } from './layout/loading-overlay';

function MainColor() {
  const color = useSettings().text('SITE_MAIN_COLOR');
  useEffect(() => applyMainColor(color), [color]);
  return null;
}

/** The tab's title follows the shop's name (SITE_NAME). */
function BrandTitle() {
  const { name } = useBrand();
  useEffect(() => {
    document.title = name;
  }, [name]);
  return null;
}

/** docs/product.md §2: toasts dark, closing after 2 seconds, without a progress bar. */
export const TOAST_OPTIONS = { theme: 'dark', autoClose: 2000, hideProgressBar: true, position: 'top-center' } as const;

const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

/**
 * The toast container, loaded after the first screen: once the page is idle, or at the first toast before that
 * (toasts asked for earlier are queued by react-toastify and shown when it mounts).
 */
function Toasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const mount = () => setMounted(true);
    onToastWanted(mount);
    if (typeof requestIdleCallback !== 'function') return mount();
    const idle = requestIdleCallback(mount, { timeout: 3000 });
    return () => cancelIdleCallback(idle);
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastContainer {...TOAST_OPTIONS} newestOnTop />
    </Suspense>
  ) : null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MainColor />
      <BrandTitle />
      {children}
      <Toasts />
      <LoadingOverlay />
    </QueryClientProvider>
  );
}
