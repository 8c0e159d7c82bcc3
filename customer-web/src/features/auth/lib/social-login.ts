import { ApiError, errorMessage, hasCode } from '../../../lib/api-client';
import { IDENTITY_MESSAGES } from '../../../lib/contracts';
import { STOREFRONT_MESSAGES } from '../../../lib/messages';
import type { Settings } from '../../../lib/settings';
import { loginKakao } from '../api/login-kakao';
import { loginNaver } from '../api/login-naver';
import type { AccessToken } from '../api/login';
import type { SocialProvider } from '../api/register-social';

/** The popup callback posts {source: 'naver-auth', code} to its opener. */
export const NAVER_SOURCE = 'naver-auth';

export type SocialOutcome =
  | { kind: 'token'; accessToken: string; refreshToken?: string }
  | { kind: 'register'; provider: SocialProvider; accessToken: string }
  | { kind: 'error'; message: string };

/** Opens Naver's authorisation page in a popup and resolves with the code the callback page posts back. */
export function naverCode(settings: Settings): Promise<string> {
  const url = new URL('https://nid.naver.com/oauth2.0/authorize');
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: settings.text('NAVER_CLIENT_ID'),
    redirect_uri: settings.text('NAVER_REDIRECT_URL') || `${location.origin}/auth/naver`,
    state: settings.text('NAVER_STATE'),
  }).toString();
  return new Promise((resolve, reject) => {
    const popup = window.open(url.toString(), 'naver-login', 'width=480,height=720');
    if (!popup) return reject(new Error('popup blocked'));
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.data?.source !== NAVER_SOURCE) return;
      window.removeEventListener('message', onMessage);
      if (typeof event.data.code === 'string' && event.data.code) resolve(event.data.code);
      else reject(new Error('no code'));
    };
    window.addEventListener('message', onMessage);
  });
}

interface KakaoSdk {
  isInitialized(): boolean;
  init(key: string): void;
  Auth: { login(options: { success: (auth: { access_token: string }) => void; fail: (error: unknown) => void }): void };
}

/** Loads Kakao's script SDK once and asks it for an access token. */
export async function kakaoAccessToken(settings: Settings): Promise<string> {
  const w = window as unknown as { Kakao?: KakaoSdk };
  if (!w.Kakao) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = 'https://developers.kakao.com/sdk/js/kakao.min.js';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('kakao sdk'));
      document.head.appendChild(script);
    });
  }
  const kakao = w.Kakao!;
  if (!kakao.isInitialized()) kakao.init(settings.text('KAKAO_TOKEN'));
  return new Promise((resolve, reject) =>
    kakao.Auth.login({ success: (auth) => resolve(auth.access_token), fail: reject }),
  );
}

/** Trades the provider's code or token for ours; a 404 means "not registered yet" (docs/product.md §4) and carries a sign-up token. */
export async function socialLogin(provider: SocialProvider, settings: Settings): Promise<SocialOutcome> {
  let providerToken: string;
  try {
    providerToken = provider === 'naver' ? await naverCode(settings) : await kakaoAccessToken(settings);
  } catch {
    return {
      kind: 'error',
      message: provider === 'naver' ? IDENTITY_MESSAGES.naverFailed : STOREFRONT_MESSAGES.kakaoSdkFailed,
    };
  }
  try {
    const { accessToken, refreshToken }: AccessToken =
      provider === 'naver' ? await loginNaver(providerToken) : await loginKakao(providerToken);
    return refreshToken ? { kind: 'token', accessToken, refreshToken } : { kind: 'token', accessToken };
  } catch (error) {
    // SOCIAL_NOT_REGISTERED carries the server's sign-up token (both providers): the social register form sends it back.
    if (hasCode(error, 'SOCIAL_NOT_REGISTERED'))
      return { kind: 'register', provider, accessToken: String((error as ApiError).body.token ?? '') };
    return {
      kind: 'error',
      message: errorMessage(
        error,
        provider === 'naver' ? IDENTITY_MESSAGES.naverFailed : IDENTITY_MESSAGES.kakaoFailed,
      ),
    };
  }
}
