import type { ErrorCode } from '../../../server/src/contracts/error-codes.js';
import { session } from './session';
import { storage } from './storage';

/** A non-2xx answer: the server's `{statusCode, code, message}` (plus any extra fields, e.g. the Naver 404's token). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The server's message when it sent one, else the fallback (docs/product.md §8 "server message if present, else ..."). */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/** A refusal's machine code (server/src/contracts/error-codes.ts), when the server answered one. */
export const errorCode = (error: unknown): ErrorCode | undefined =>
  error instanceof ApiError && typeof error.body.code === 'string' ? (error.body.code as ErrorCode) : undefined;

export const hasCode = (error: unknown, code: ErrorCode) => errorCode(error) === code;

/**
 * A refusal (4xx) shows the server's own Korean reason (the 5-waiting-charges limit, a rate limit ...);
 * the generic `fallback` is only for network failures, 5xx and a 4xx without a code (not the server's refusal).
 */
export const refusalMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && errorCode(error) && error.message
    ? error.message
    : fallback;

export const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

/** One refresh at a time (a rotated refresh token sent twice would end the session): callers share it. */
let refreshing: Promise<boolean> | null = null;

/** Trades the stored refresh token for the next pair; false when there is none or the session has ended. */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = storage.getRefreshToken();
    if (!refreshToken) return false;
    try {
      const response = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      if (!response.ok) return false;
      const pair = (await response.json()) as { accessToken: string; refreshToken: string };
      storage.setJwt(pair.accessToken);
      storage.setRefreshToken(pair.refreshToken);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function send(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
  retried = false,
): Promise<{ data: unknown; response: Response }> {
  const token = storage.getJwt();
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  if (token) headers.Authorization = `Bearer ${token}`;
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  // The access token lives 15 minutes: a 401 on a logged-in call first tries the session's refresh token, once.
  if (response.status === 401 && token && !retried && (await refreshTokens()))
    return send(method, path, body, extraHeaders, true);
  if (response.status === 401) {
    // docs/product.md §4: a 401 on any call clears the stored token and sets unAuthorization.
    storage.clearJwt();
    session.set('unAuthorization');
  }
  if (!response.ok) {
    const fields = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    throw new ApiError(response.status, typeof fields.message === 'string' ? fields.message : '', fields);
  }
  return { data, response };
}

/** One page of a list and the total the server counted (X-Total-Count). */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** All calls of docs/product.md §7 go under /api with the stored token in the Authorization header. */
export const api = {
  get: async <T>(path: string) => (await send('GET', path)).data as T,
  /** A paged list: the rows and the X-Total-Count header. */
  getPage: async <T>(path: string): Promise<ListPage<T>> => {
    const { data, response } = await send('GET', path);
    const rows = Array.isArray(data) ? (data as T[]) : [];
    return { rows, total: Number(response.headers.get('X-Total-Count') ?? rows.length) || 0 };
  },
  post: async <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) =>
    (await send('POST', path, body ?? {}, headers)).data as T,
  delete: async <T = unknown>(path: string) => (await send('DELETE', path)).data as T,
  /** A multipart upload (the browser sets its boundary). */
  postForm: async <T = unknown>(path: string, form: FormData) => (await send('POST', path, form)).data as T,
  put: async <T = unknown>(path: string, body: unknown) => (await send('PUT', path, body)).data as T,
};
