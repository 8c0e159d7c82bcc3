import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useSettings } from '../../../lib/settings';
import type { SocialProvider } from '../api/register-social';
import { AuthCard } from './auth-card';
import { SocialRegisterForm } from './social-register-form';

/** /register/naver and /register/kakao: the social access token arrives in navigation state. */
export function SocialRegisterPage({ provider }: { provider: SocialProvider }) {
  const settings = useSettings();
  const accessToken = (useLocation().state as { accessToken?: unknown } | null)?.accessToken;
  if (typeof accessToken !== 'string' || !accessToken) return <Navigate to={paths.register} replace />;
  if (!settings.loaded) return null;
  return (
    <AuthCard
      title={provider === 'naver' ? '네이버 회원가입' : '카카오 회원가입'}
      sub="추가 정보를 입력하시면 가입이 완료됩니다."
    >
      <SocialRegisterForm
        provider={provider}
        accessToken={accessToken}
        phoneVerify={settings.flag('ENABLE_PHONE_NUMBER')}
        referral={settings.flag('ENABLE_REFERRAL')}
      />
    </AuthCard>
  );
}
