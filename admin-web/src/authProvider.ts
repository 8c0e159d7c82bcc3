import type { AuthProvider } from 'react-admin';
import { OPERATOR_ROLE_LABELS, type Permission } from '../../server/src/contracts/operator-roles.js';
import type { OperatorMe } from '../../server/src/contracts/operators.js';

/** The operator's token; the storefront keeps the member's under `jwt`, so the two never mix. */
const TOKEN_KEY = 'operatorToken';

export const getToken = () => localStorage.getItem(TOKEN_KEY);

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const token = getToken();
  return fetch(`/api/admin/auth/${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
}

async function whoAmI(): Promise<OperatorMe> {
  const response = await call('me');
  if (!response.ok) throw new Error('로그인이 필요합니다.');
  return (await response.json()) as OperatorMe;
}

/**
 * Operator login against /api/admin/auth. A member's id and password are not an operator's, and a
 * member's token gets 401 on every /api/admin route, so a member never gets past the login page.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const response = await call('login', { method: 'POST', body: JSON.stringify({ id: username, password }) });
    const body = (await response.json().catch(() => ({}))) as { accessToken?: string; message?: string };
    if (!response.ok || !body.accessToken) throw new Error(body.message ?? '로그인에 실패했습니다.');
    localStorage.setItem(TOKEN_KEY, body.accessToken);
  },
  async logout() {
    localStorage.removeItem(TOKEN_KEY);
  },
  async checkAuth() {
    // Not logged in yet is not an error: the login page shows nothing until a try fails (issue 18).
    if (!getToken()) throw { message: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      localStorage.removeItem(TOKEN_KEY);
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
