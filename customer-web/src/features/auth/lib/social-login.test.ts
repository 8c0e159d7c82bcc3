import { readSettings } from '../../../lib/settings';
import { stubFetch } from '../../../testing/render';
import { socialLogin } from './social-login';

/** Kakao's script SDK as the page sees it once loaded: it hands out `accessToken`, or fails. */
function kakaoSdk(accessToken: string | null) {
  (window as unknown as { Kakao: unknown }).Kakao = {
    isInitialized: () => true,
    init: () => {},
    Auth: {
      login: ({ success, fail }: { success: (a: { access_token: string }) => void; fail: (e: unknown) => void }) =>
        accessToken ? success({ access_token: accessToken }) : fail(new Error('cancelled')),
    },
  };
}
const settings = readSettings({ ENABLE_SNS_KAKAO: true, KAKAO_TOKEN: 'js-key' });

describe('social login (Kakao)', () => {
  it("trades the SDK's token for ours", async () => {
    kakaoSdk('kakao-at');
    const calls = stubFetch({ 'POST /auth/login/kakao': { body: { accessToken: 'our-jwt' } } });
    expect(await socialLogin('kakao', settings)).toEqual({ kind: 'token', accessToken: 'our-jwt' });
    expect(calls[0]!.body).toEqual({ accessToken: 'kakao-at' });
  });

  it("on a 404 goes to sign-up with the server's sign-up token, not the provider's", async () => {
    kakaoSdk('kakao-at');
    stubFetch({
      'POST /auth/login/kakao': {
        status: 404,
        body: {
          statusCode: 404,
          code: 'SOCIAL_NOT_REGISTERED',
          message: '가입되지 않은 계정입니다. 회원가입을 진행해주세요.',
          token: 'signup-token',
        },
      },
    });
    expect(await socialLogin('kakao', settings)).toEqual({
      kind: 'register',
      provider: 'kakao',
      accessToken: 'signup-token',
    });
  });

  it("shows the server's message, else 카카오 로그인에 실패했습니다; an SDK failure is 카카오 인증에 실패했습니다", async () => {
    kakaoSdk('kakao-at');
    stubFetch({
      'POST /auth/login/kakao': {
        status: 403,
        body: { statusCode: 403, code: 'ACCOUNT_RESTRICTED', message: '이용이 제한된 계정입니다.' },
      },
    });
    expect(await socialLogin('kakao', settings)).toEqual({ kind: 'error', message: '이용이 제한된 계정입니다.' });
    stubFetch({ 'POST /auth/login/kakao': { status: 502, body: {} } });
    expect(await socialLogin('kakao', settings)).toEqual({ kind: 'error', message: '카카오 로그인에 실패했습니다' });
    kakaoSdk(null);
    expect(await socialLogin('kakao', settings)).toEqual({ kind: 'error', message: '카카오 인증에 실패했습니다' });
  });
});
