import { api } from '../../../lib/api-client';
import type { AccessToken } from './login';

/** POST /auth/login/kakao {accessToken} -> {accessToken}; a 404 (not registered) carries `token` for the sign-up. */
export const loginKakao = (accessToken: string) => api.post<AccessToken>('/auth/login/kakao', { accessToken });
