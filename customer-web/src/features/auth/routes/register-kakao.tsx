import { SocialRegisterPage } from '../components/social-register-page';

export default function RegisterKakaoRoute() {
  return <SocialRegisterPage provider="kakao" />;
}
