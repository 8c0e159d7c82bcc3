import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { siKakaotalk, siNaver } from 'simple-icons';
import { BrandIcon } from '../../../components/icons/brand-icon';
import { paths } from '../../../config/paths';
import { MESSAGES } from '../../../lib/contracts';
import { logIn } from '../../../lib/auth';
import { loading } from '../../../lib/loading';
import { useSettings } from '../../../lib/settings';
import type { SocialProvider } from '../api/register-social';
import { socialLogin } from '../lib/social-login';

/** Naver and Kakao buttons, each only when its setting is on. */
export function SocialButtons({ verb = '로그인' }: { verb?: string }) {
  const settings = useSettings();
  const navigate = useNavigate();
  const naver = settings.flag('ENABLE_SNS_NAVER');
  const kakao = settings.flag('ENABLE_SNS_KAKAO');
  if (!naver && !kakao) return null;

  const start = async (provider: SocialProvider) => {
    const outcome = await loading.during(socialLogin(provider, settings));
    if (outcome.kind === 'token') {
      await logIn(outcome.accessToken, outcome.refreshToken);
      toast.success(MESSAGES.loginSuccess);
      void navigate(paths.order);
    } else if (outcome.kind === 'register') {
      void navigate(provider === 'naver' ? paths.registerNaver : paths.registerKakao, {
        state: { accessToken: outcome.accessToken },
      });
    } else toast.error(outcome.message);
  };

  return (
    <div className="social-buttons">
      {naver ? (
        <button type="button" className="btn btn-naver btn-block" onClick={() => void start('naver')}>
          <BrandIcon icon={siNaver} size={16} color="#fff" />
          네이버로 {verb}
        </button>
      ) : null}
      {kakao ? (
        <button type="button" className="btn btn-kakao btn-block" onClick={() => void start('kakao')}>
          <BrandIcon icon={siKakaotalk} size={18} color="#191919" />
          카카오로 {verb}
        </button>
      ) : null}
    </div>
  );
}
