import { useEffect } from 'react';
import { NAVER_SOURCE } from '../lib/social-login';

/** /auth/naver: the popup posts the code to its opener with the naver-auth marker, then closes. */
export default function NaverCallbackRoute() {
  useEffect(() => {
    const code = new URLSearchParams(location.search).get('code');
    window.opener?.postMessage({ source: NAVER_SOURCE, code }, location.origin);
    window.close();
  }, []);
  return <p className="callback">네이버 로그인 중입니다...</p>;
}
