import type { LoginInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

export interface AccessToken {
  accessToken: string;
  /** The session's refresh token (absent on older answers). */
  refreshToken?: string;
}

/** POST /auth/login {id, password} -> {accessToken}. */
export const login = (input: LoginInput) => api.post<AccessToken>('/auth/login', input);
