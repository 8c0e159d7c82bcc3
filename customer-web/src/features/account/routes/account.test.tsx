import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { profileQueryOptions } from '../../../lib/auth';
import { session } from '../../../lib/session';
import { settingsQueryOptions } from '../../../lib/settings';
import { renderRoutes, stubFetch } from '../../../testing/render';
import AccountRoute from './account';

const profile = { id: 'member1', point: 5000, apiKey: 'key-1', referralCode: null };
const sessions = [
  {
    id: 7,
    device: 'Chrome on Windows',
    ip: '203.0.113.5',
    createdAt: '2026-11-20T01:00:00Z',
    lastSeenAt: '2026-11-26T01:00:00Z',
    current: true,
  },
  {
    id: 9,
    device: 'Safari on iPhone',
    ip: '198.51.100.8',
    createdAt: '2026-11-21T01:00:00Z',
    lastSeenAt: '2026-11-25T01:00:00Z',
    current: false,
  },
];
const setup = (state: 'authorization' | 'guest' = 'authorization', referral = true) =>
  renderRoutes(
    [
      { path: '/account', element: <AccountRoute /> },
      { path: '/', element: <p>홈</p> },
      { path: '/logout', element: <p>로그아웃 화면</p> },
    ],
    {
      path: '/account',
      state,
      seed: [
        [settingsQueryOptions.queryKey, { ENABLE_REFERRAL: referral }],
        [profileQueryOptions.queryKey, profile],
        [['auth-sessions'], sessions],
      ],
    },
  );
const click = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));

describe('the account page', () => {
  it('shows the id read-only, the API key and the referral block only with the setting', () => {
    setup();
    const id = screen.getByLabelText('아이디') as HTMLInputElement;
    expect(id.value).toBe('member1');
    expect(id.readOnly).toBe(true);
    expect(screen.getByTestId('api-key')).toHaveTextContent('key-1');
    expect(screen.getByRole('button', { name: '추천인 코드 발급' })).toBeInTheDocument();
  });

  it('lists the logged-in devices; another one ends with DELETE /auth/sessions/:id, the current one has no button', async () => {
    const calls = stubFetch({ 'DELETE /auth/sessions/9': { body: {} }, 'GET /auth/sessions': { body: [sessions[0]] } });
    setup();
    expect(screen.getByTestId('sessions')).toHaveTextContent('(현재 기기) Chrome on Windows');
    expect(screen.getByTestId('sessions')).toHaveTextContent('Safari on iPhone');
    expect(screen.queryByRole('button', { name: '세션 7 종료' })).not.toBeInTheDocument();
    await click('세션 9 종료');
    await waitFor(() => expect(screen.getByTestId('sessions')).not.toHaveTextContent('Safari on iPhone'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /auth/sessions/9');
  });

  it('hides the referral block when the setting is off', () => {
    setup('authorization', false);
    expect(screen.queryByText('추천인 코드')).not.toBeInTheDocument();
  });

  it('deletes on the second click only, then becomes a guest and goes to /', async () => {
    const calls = stubFetch({ 'DELETE /auth/account': { body: {} } });
    const { router } = setup();
    await click('회원 탈퇴');
    // Nothing is changed by the first click (the page's own reads, like the 2단계 인증 status, aside).
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(screen.getByRole('button', { name: '정말 탈퇴하시겠습니까?' })).toBeInTheDocument();
    await click('정말 탈퇴하시겠습니까?');
    expect(await screen.findByText('회원탈퇴가 완료되었습니다.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /auth/account',
    ]);
    expect(session.get()).toBe('guest');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('reports a failed deletion', async () => {
    stubFetch({ 'DELETE /auth/account': { status: 500 } });
    setup();
    await click('회원 탈퇴');
    await click('정말 탈퇴하시겠습니까?');
    expect(await screen.findByText('회원탈퇴에 실패했습니다.')).toBeInTheDocument();
    expect(session.get()).toBe('authorization');
  });

  it('checks the password change with the shared rules and maps 409 to the current-password message', async () => {
    const calls = stubFetch({
      'POST /auth/change-password': {
        status: 409,
        body: { statusCode: 409, code: 'CURRENT_PASSWORD_WRONG', message: 'x' },
      },
    });
    setup();
    await click('비밀번호 변경');
    expect(await screen.findByText('현재 비밀번호를 입력해주세요.')).toBeInTheDocument();
    expect(screen.getByText('새 비밀번호를 입력해주세요.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('현재 비밀번호'), { target: { value: 'old' } });
    fireEvent.change(screen.getByLabelText('새 비밀번호'), { target: { value: 'new-one-1' } });
    fireEvent.change(screen.getByLabelText('새 비밀번호 확인'), { target: { value: 'new-two-2' } });
    await click('비밀번호 변경');
    expect(await screen.findByText('비밀번호 재확인이 다릅니다')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('새 비밀번호 확인'), { target: { value: 'new-one-1' } });
    await click('비밀번호 변경');
    expect(await screen.findByText('현재 비밀번호가 다릅니다.')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ currentPassword: 'old', newPassword: 'new-one-1' });
  });

  it('goes to /logout after a password change', async () => {
    stubFetch({ 'POST /auth/change-password': { status: 201, body: {} } });
    const { router } = setup();
    fireEvent.change(screen.getByLabelText('현재 비밀번호'), { target: { value: 'old' } });
    fireEvent.change(screen.getByLabelText('새 비밀번호'), { target: { value: 'new-one-1' } });
    fireEvent.change(screen.getByLabelText('새 비밀번호 확인'), { target: { value: 'new-one-1' } });
    await click('비밀번호 변경');
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
  });

  it('blocks every account action of a guest with the browse-only message and no call', async () => {
    const calls = stubFetch({});
    setup('guest');
    expect(screen.getByLabelText('아이디')).toHaveValue('둘러보기 모드');
    await click('발급');
    await click('추천인 코드 발급');
    await click('회원 탈퇴');
    expect(await screen.findAllByText('둘러보기 모드에서는 불가능합니다.')).toHaveLength(3);
    expect(calls).toEqual([]);
  });
});
