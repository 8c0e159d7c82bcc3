import { SocialRegisterPage } from '../components/social-register-page';

export default function RegisterNaverRoute() {
  return <SocialRegisterPage provider="naver" />;
}
