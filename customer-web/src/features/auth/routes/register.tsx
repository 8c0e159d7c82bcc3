import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useSettings } from '../../../lib/settings';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';
import { SocialButtons } from '../components/social-buttons';

/** /register: the choice page when a social login is on, otherwise straight to the ordinary form. */
export default function RegisterRoute() {
  const settings = useSettings();
  const [ordinary, setOrdinary] = useState(false);
  const social = settings.flag('ENABLE_SNS_NAVER') || settings.flag('ENABLE_SNS_KAKAO');
  const footer = (
    <>
      이미 회원이신가요? <Link to={paths.login}>로그인</Link>
    </>
  );
  if (!settings.loaded) return null;
  if (social && !ordinary) {
    return (
      <AuthCard title="회원가입" sub="가입 방법을 선택해 주세요." footer={footer}>
        <div className="choice">
          <Button block onClick={() => setOrdinary(true)}>
            일반 회원가입
          </Button>
          <SocialButtons verb="시작하기" />
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="회원가입" footer={footer}>
      <RegisterForm
        switches={{
          emailVerify: settings.flag('ENABLE_EMAIL_VERIFY'),
          phoneVerify: settings.flag('ENABLE_PHONE_NUMBER'),
        }}
        referral={settings.flag('ENABLE_REFERRAL')}
      />
    </AuthCard>
  );
}
