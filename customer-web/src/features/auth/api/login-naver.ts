import { api } from '../../../lib/api-client';
import type { AccessToken } from './login';

/** POST /auth/login/naver {code} -> {accessToken}; a 404 (not registered) carries `token` for the sign-up. */
export const loginNaver = (code: string) => api.post<AccessToken>('/auth/login/naver', { code });
