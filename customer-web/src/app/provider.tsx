import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { useBrand } from '../lib/brand';
import { queryClient } from '../lib/query-client';
import { useSettings } from '../lib/settings';
import { applyMainColor } from '../lib/theme';
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

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MainColor />
      <BrandTitle />
      {children}
      <ToastContainer {...TOAST_OPTIONS} newestOnTop />
      <LoadingOverlay />
    </QueryClientProvider>
  );
}
