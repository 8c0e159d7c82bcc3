import type { AuthProvider } from 'react-admin';
import { OPERATOR_ROLE_LABELS, type Permission } from '../../server/src/contracts/operator-roles.js';
import type { OperatorMe } from '../../server/src/contracts/operators.js';

/** The operator's token; the storefront keeps the member's under `jwt`, so the two never mix. */
const TOKEN_KEY = 'operatorToken';
/** The session's refresh token (POST /api/admin/auth/refresh trades it for the next pair). */
const REFRESH_KEY = 'operatorRefreshToken';

export const getToken = () => localStorage.getItem(TOKEN_KEY);

function keep(pair: { accessToken: string; refreshToken?: string }): void {
  localStorage.setItem(TOKEN_KEY, pair.accessToken);
  if (pair.refreshToken) localStorage.setItem(REFRESH_KEY, pair.refreshToken);
  else localStorage.removeItem(REFRESH_KEY);
}

function forget(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(REFRESH_KEY);
}

let refreshing: Promise<boolean> | null = null;

/**
 * Access tokens live 15 minutes: a 401 first trades the refresh token for the next pair. One refresh at a
 * time (a rotated refresh token sent twice ends the session), shared by every waiting call.
 */
export function refreshToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const token = localStorage.getItem(REFRESH_KEY);
    if (!token) return false;
    try {
      const response = await fetch('/api/admin/auth/refresh', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refreshToken: token }),
      });
      if (!response.ok) return false;
      keep((await response.json()) as { accessToken: string; refreshToken: string });
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function call(path: string, init: RequestInit = {}, retried = false): Promise<Response> {
  const token = getToken();
  const response = await fetch(`/api/admin/auth/${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (response.status === 401 && token && !retried && path !== 'login' && (await refreshToken()))
    return call(path, init, true);
  return response;
}

async function whoAmI(): Promise<OperatorMe> {
  const response = await call('me');
  if (!response.ok) throw new Error('로그인이 필요합니다.');
  return (await response.json()) as OperatorMe;
}

/**
 * Operator sessions against /api/admin/auth. A member's id and password are not an operator's, and a
 * member's token gets 401 on every /api/admin route, so a member never gets past the login page.
 */
export const authProvider: AuthProvider = {
  /** The login form's last step hands over the session's token pair (layout/LoginPage walks the password and 2FA steps). */
  async login(pair: { accessToken?: string; refreshToken?: string }) {
    if (!pair?.accessToken) throw new Error('로그인에 실패했습니다.');
    keep({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
  },
  async logout() {
    // Ends the session on the server too (best effort: an expired one is already over). The body must be JSON:
    // a JSON content type with no body is refused (400) and the session would live on.
    if (getToken()) await call('logout', { method: 'POST', body: '{}' }).catch(() => undefined);
    forget();
  },
  async checkAuth() {
    // Not logged in yet is not an error: the login page shows nothing until a try fails.
    if (!getToken()) throw { message: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      forget();
      throw new Error('로그인이 필요합니다.');
    }
  },
  async getIdentity() {
    const me = await whoAmI();
    return { id: me.id, fullName: `${me.loginId} (${OPERATOR_ROLE_LABELS[me.role]})`, role: me.role };
  },
  /** What the operator's role may use (GET /api/admin/auth/me): the console draws only those resources, menus and buttons. */
  async getPermissions(): Promise<Permission[]> {
    if (!getToken()) return [];
    return (await whoAmI()).permissions;
  },
};
