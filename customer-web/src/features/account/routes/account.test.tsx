import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { profileQueryOptions } from '../../../lib/auth';
import { session } from '../../../lib/session';
import { settingsQueryOptions } from '../../../lib/settings';
import { renderRoutes, stubFetch } from '../../../testing/render';
import { accountKeys } from '../api/keys';
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
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile Safari/604.1',
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
        [accountKeys.sessions, sessions],
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
    // The summary is shown; the raw user agent only as its title (a server without userAgent: the device).
    expect(screen.getByText('Safari on iPhone')).toHaveAttribute('title', sessions[1]!.userAgent);
    expect(screen.getByTestId('sessions')).not.toHaveTextContent('AppleWebKit');
    expect(screen.getAllByTestId('session-device')[0]).toHaveAttribute('title', 'Chrome on Windows');
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

  it("shows no notice channel before the member's own choices arrive", async () => {
    stubFetch({ 'GET /auth/notices': { body: { 'order.completed': 'EMAIL' } } });
    setup();
    const select = screen.getByTestId('notice-order.completed') as HTMLSelectElement;
    // While loading: disabled and saying so, not the list's first choice (카카오 알림톡) as if it were theirs.
    expect(select).toBeDisabled();
    expect(select.selectedOptions[0]).toHaveTextContent('불러오는 중...');
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('EMAIL');
  });

  it('offers 취소 during 2FA enrolment, and new recovery codes (copy, .txt) once it is on', async () => {
    const calls = stubFetch({
      'GET /auth/totp': { body: { enabled: false, required: false, recoveryCodesLeft: 0 } },
      'POST /auth/totp/enrol': { body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://x', qrDataUrl: 'data:,' } },
    });
    setup();
    await click('2단계 인증 켜기');
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await click('취소');
    expect(screen.queryByText('JBSWY3DPEHPK3PXP')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2단계 인증 켜기' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.path)).toEqual(['/auth/totp/enrol']);
  });

  it('issues new recovery codes after a code, with copy and a .txt download', async () => {
    const codes = ['aaaa-1111', 'bbbb-2222'];
    const calls = stubFetch({
      'GET /auth/totp': { body: { enabled: true, required: false, recoveryCodesLeft: 0 } },
      'POST /auth/totp/recovery-codes': {
        status: 201,
        body: { message: '복구 코드를 새로 발급했습니다.', recoveryCodes: codes },
      },
    });
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:codes';
    };
    URL.revokeObjectURL = () => undefined;
    const downloads: string[] = [];
    // The download link's click, kept from jsdom (which cannot navigate).
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof HTMLAnchorElement) || !event.target.download) return;
      downloads.push(event.target.download);
      event.preventDefault();
    };
    document.addEventListener('click', onClick);
    const read = (blob: Blob) =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });
    setup();
    expect(await screen.findByText(/복구 코드를 새로 받아 두세요/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('인증 코드 또는 복구 코드'), { target: { value: '123456' } });
    await click('복구 코드 새로 받기');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: '123456' });
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('aaaa-1111');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '파일로 저장 (.txt)' })));
    document.removeEventListener('click', onClick);
    expect(downloads).toEqual(['recovery-codes.txt']);
    expect(await read(created[0]!)).toContain('aaaa-1111\nbbbb-2222');
    expect(screen.getByRole('button', { name: '복사' })).toBeInTheDocument();
    // Renewing does not end the session: 확인, not 다시 로그인.
    await click('확인');
    expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument();
  });

  it('tells a member of a shop without levels so, not that they are at the top level', () => {
    renderRoutes([{ path: '/account', element: <AccountRoute /> }], {
      path: '/account',
      state: 'authorization',
      seed: [
        [settingsQueryOptions.queryKey, {}],
        [
          profileQueryOptions.queryKey,
          { ...profile, level: { name: null, discountPercent: '0', charged: 0, next: null } },
        ],
      ],
    });
    expect(screen.getByText('지금은 회원 등급 제도를 운영하지 않습니다.')).toBeInTheDocument();
    expect(screen.queryByText('최고 등급입니다.')).not.toBeInTheDocument();
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
