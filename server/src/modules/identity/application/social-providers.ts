import { Injectable } from '@nestjs/common';
import { emailField, type ErrorCode } from '../../../contracts/index.js';
import { AppConfig } from '../../../config/index.js';
import { DomainError } from '../../../shared/index.js';
import { SocialProvider } from '../domain/social-account.entity.js';
import { IdentitySettings } from './identity-settings.js';

export interface SocialProfile {
  provider: SocialProvider;
  providerUserId: string;
  email: string | null;
}

const FAILED = {
  [SocialProvider.NAVER]: { 400: 'NAVER_FAILED', 502: 'NAVER_UNREACHABLE' },
  [SocialProvider.KAKAO]: { 400: 'KAKAO_FAILED', 502: 'KAKAO_UNREACHABLE' },
} as const satisfies Record<SocialProvider, Record<400 | 502, ErrorCode>>;

/** The provider refused (400) or could not be reached / answered nonsense (502). */
function failure(provider: SocialProvider, status: 400 | 502): DomainError {
  return new DomainError(FAILED[provider][status]);
}

async function getJson(provider: SocialProvider, url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw failure(provider, 502);
  }
  if (response.status >= 500) throw failure(provider, 502);
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok || !body || typeof body !== 'object') throw failure(provider, response.ok ? 502 : 400);
  return body as Record<string, unknown>;
}

const providerEmail = emailField('');
/** The provider's email when it is one we would accept at sign-up (normalized), else none. */
const emailOf = (value: unknown): string | null => {
  const parsed = providerEmail.safeParse(value);
  return parsed.success ? parsed.data : null;
};
const idOf = (value: unknown): string | null =>
  (typeof value === 'string' && value.length > 0 && value.length <= 100) || Number.isSafeInteger(value)
    ? String(value)
    : null;

/**
 * Naver (authorization code → token at NAVER_AUTH_URL/oauth2.0/token → NAVER_API_URL/v1/nid/me) and
 * Kakao (the page's access token → KAKAO_API_URL/v2/user/me). A provider is usable when its site
 * switch is on and the server has its credentials (NAVER_CLIENT_ID/SECRET, KAKAO_ENABLED).
 */
@Injectable()
export class SocialProviders {
  constructor(
    private readonly config: AppConfig,
    private readonly settings: IdentitySettings,
  ) {}

  async ensureEnabled(provider: SocialProvider): Promise<void> {
    const env = this.config.env;
    const configured =
      provider === SocialProvider.NAVER
        ? !!(env.NAVER_CLIENT_ID && env.NAVER_CLIENT_SECRET)
        : env.KAKAO_ENABLED === true;
    const switchedOn = await this.settings.isOn(
      provider === SocialProvider.NAVER ? 'ENABLE_SNS_NAVER' : 'ENABLE_SNS_KAKAO',
    );
    if (!configured || !switchedOn) throw new DomainError('SOCIAL_DISABLED');
  }

  async naver(code: string): Promise<SocialProfile> {
    const provider = SocialProvider.NAVER;
    const env = this.config.env;
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: env.NAVER_CLIENT_ID ?? '',
      client_secret: env.NAVER_CLIENT_SECRET ?? '',
      code,
      state: await this.settings.text('NAVER_STATE'),
    });
    const token = await getJson(provider, new URL('/oauth2.0/token', env.NAVER_AUTH_URL).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if (typeof token.access_token !== 'string' || !token.access_token) throw failure(provider, 400);
    const me = await getJson(provider, new URL('/v1/nid/me', env.NAVER_API_URL).toString(), {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    const response = (me.response ?? {}) as Record<string, unknown>;
    const id = idOf(response.id);
    if (me.resultcode !== '00' || !id) throw failure(provider, 400);
    return { provider, providerUserId: id, email: emailOf(response.email) };
  }

  async kakao(accessToken: string): Promise<SocialProfile> {
    const provider = SocialProvider.KAKAO;
    const me = await getJson(provider, new URL('/v2/user/me', this.config.env.KAKAO_API_URL).toString(), {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const id = idOf(me.id);
    if (!id) throw failure(provider, 400);
    const account = (me.kakao_account ?? {}) as Record<string, unknown>;
    return { provider, providerUserId: id, email: account.is_email_verified === false ? null : emailOf(account.email) };
  }
}
