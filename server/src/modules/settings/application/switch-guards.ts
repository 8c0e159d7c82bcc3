import { AppConfig } from '../../../config/index.js';

/**
 * A social-login switch works only with that provider's keys on the server. Turning one on
 * without them is refused (Korean reason), and the storefront is told "off" while the keys are missing.
 */
const SNS_SWITCHES: Record<string, { ready: (env: AppConfig['env']) => boolean; refusal: string }> = {
  ENABLE_SNS_NAVER: {
    ready: (env) => !!(env.NAVER_CLIENT_ID && env.NAVER_CLIENT_SECRET),
    refusal:
      '네이버 로그인 키(NAVER_CLIENT_ID, NAVER_CLIENT_SECRET)가 서버에 설정되어 있지 않아 네이버 로그인을 켤 수 없습니다.',
  },
  ENABLE_SNS_KAKAO: {
    ready: (env) => env.KAKAO_ENABLED === true,
    refusal: '카카오 로그인이 서버에 설정되어 있지 않아(KAKAO_ENABLED) 카카오 로그인을 켤 수 없습니다.',
  },
};

/** The refusal for turning `key` on, or null when it may be. */
export function switchRefusal(config: AppConfig | undefined, key: string, value: unknown): string | null {
  const sns = SNS_SWITCHES[key];
  if (!sns || value !== true || !config) return null;
  return sns.ready(config.env) ? null : sns.refusal;
}

/** What the storefront sees: a switch whose provider has no keys reads as off. */
export function effectiveValue(config: AppConfig | undefined, key: string, value: unknown): unknown {
  const sns = SNS_SWITCHES[key];
  return sns && config && !sns.ready(config.env) ? false : value;
}
