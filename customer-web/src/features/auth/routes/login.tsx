import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { SocialButtons } from '../components/social-buttons';

export default function LoginRoute() {
  return (
    <AuthCard
      title="로그인"
      footer={
        <>
          아직 회원이 아니신가요? <Link to={paths.register}>회원가입</Link>
        </>
      }
    >
      <LoginForm />
      <SocialButtons />
    </AuthCard>
  );
}
