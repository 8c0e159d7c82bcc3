import { QueryClient } from '@tanstack/react-query';

/** docs/product.md §9: queries neither retry nor refetch on focus, reconnect or interval. */
export const queryConfig = {
  queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, refetchInterval: false },
  mutations: { retry: false },
} as const;

export const queryClient = new QueryClient({ defaultOptions: queryConfig });
