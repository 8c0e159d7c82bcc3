import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { queryClient, queryConfig } from '../lib/query-client';
import { session, type SessionState } from '../lib/session';

/** Data already in the cache, so components render without a server: [queryKey, data]. */
export type Seed = [readonly unknown[], unknown][];

export interface RenderOptions {
  seed?: Seed;
  state?: SessionState;
  /** Keep local storage as the test left it (a returning visitor). */
  keepStorage?: boolean;
}

export interface Harness extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
}

/** The app's own query client, seeded and never stale (nothing is fetched unless a test stubs fetch). */
function prepare(seed: Seed, state: SessionState, keepStorage: boolean) {
  queryClient.clear();
  queryClient.setDefaultOptions({
    queries: { ...queryConfig.queries, staleTime: Infinity },
    mutations: queryConfig.mutations,
  });
  for (const [key, data] of seed) queryClient.setQueryData(key, data);
  session.set(state);
  if (!keepStorage) localStorage.clear();
}

/** Renders routes in a memory router at `path`, with the providers and the toast container. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', seed = [], state = 'unAuthorization', keepStorage = false }: RenderOptions & { path?: string } = {},
): Harness {
  prepare(seed, state, keepStorage);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer autoClose={false} />
    </QueryClientProvider>,
  );
  return { ...result, router };
}

/** One component at '/', inside the same providers. */
export const renderWithProviders = (ui: ReactElement, options: RenderOptions = {}) =>
  renderRoutes([{ path: '/', element: ui }], options);

/** A fetch stub answering by "METHOD /path?query"; unmatched calls are 404s. Returns the calls made. */
export function stubFetch(
  answers: Record<string, { status?: number; body?: unknown; headers?: Record<string, string> }>,
) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  globalThis.fetch = (async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input).replace(/^\/api/, '');
    calls.push({
      method,
      path,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const answer = answers[`${method} ${path}`] ?? { status: 404, body: { statusCode: 404, message: 'Not Found' } };
    const status = answer.status ?? 200;
    return {
      ok: status < 400,
      status,
      headers: new Headers(answer.headers),
      text: async () => (answer.body === undefined ? '' : JSON.stringify(answer.body)),
    } as Response;
  }) as typeof fetch;
  return calls;
}
