import { session } from './session';
import { storage } from './storage';

/** A non-2xx answer: the server's `{statusCode, message}` (plus any extra fields, e.g. the Naver 404's token). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The server's message when it sent one, else the fallback (spec §8 "server message if present, else ..."). */
export const errorMessage = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

export const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = storage.getJwt();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (response.status === 401) {
    // Spec §4: a 401 on any call clears the stored token and sets unAuthorization.
    storage.clearJwt();
    session.set('unAuthorization');
  }
  if (!response.ok) {
    const fields = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    throw new ApiError(response.status, typeof fields.message === 'string' ? fields.message : '', fields);
  }
  return data as T;
}

/** All calls of spec §7 go under /api with the stored token in the Authorization header. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T = unknown>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  delete: <T = unknown>(path: string) => request<T>('DELETE', path),
};
