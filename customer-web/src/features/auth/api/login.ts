import type { LoginInput, SecondFactorChallenge, SecondFactorLogin } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

export interface AccessToken {
  accessToken: string;
  /** The session's refresh token (absent on older answers). */
  refreshToken?: string;
}

/** POST /auth/login {id, password} -> {accessToken}, or the code step when the member has 2FA on. */
export const login = (input: LoginInput) => api.post<AccessToken | SecondFactorChallenge>('/auth/login', input);

/** POST /auth/totp/login {challengeToken, code}: the code step's token pair. */
export const loginWithCode = (input: SecondFactorLogin) => api.post<AccessToken>('/auth/totp/login', input);
