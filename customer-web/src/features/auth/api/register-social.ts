import type { SocialRegisterInput } from '../../../lib/contracts';
import { api } from '../../../lib/api-client';

export type SocialProvider = 'naver' | 'kakao';

/** POST /auth/register/kakao and /auth/register/naver {registerWhere, phoneNumber, sendCode, referral, accessToken}. */
export const registerSocial = (provider: SocialProvider, input: SocialRegisterInput) =>
  api.post(`/auth/register/${provider}`, input);
