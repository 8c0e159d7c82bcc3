import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoutes, stubFetch } from '../../../testing/render';
import ResetPasswordRoute from './reset-password';

const token = (exp: number) => `h.${btoa(JSON.stringify({ exp }))}.s`;
const future = token(Math.floor(Date.now() / 1000) + 600);
const setup = () =>
  renderRoutes(
    [
      { path: '/', element: <p>홈</p> },
      { path: '/before', element: <p>이전 화면</p> },
      { path: '/reset-password', element: <ResetPasswordRoute /> },
    ],
    { path: '/before' },
  );

async function open(query: string) {
  const view = setup();
  await act(() => view.router.navigate(`/reset-password${query}`));
  return view;
}

describe('reset password', () => {
  it.each([
    ['missing', ''],
    ['undecodable', '?token=garbage'],
    ['expired', `?token=${token(Math.floor(Date.now() / 1000) - 5)}`],
  ])('goes back one page silently when the token is %s', async (_, query) => {
    const { router } = await open(query);
    await waitFor(() => expect(router.state.location.pathname).toBe('/before'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a mismatch is a toast and no call; success toasts and goes to /', async () => {
    const calls = stubFetch({ 'POST /service/reset-password': { status: 201, body: {} } });
    const { router } = await open(`?token=${future}`);
    expect(screen.getByRole('heading', { name: '비밀번호 재설정' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('새 비밀번호'), { target: { value: 'abc12345' } });
    fireEvent.change(screen.getByLabelText('새 비밀번호 확인'), { target: { value: 'abc12346' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '재설정' })));
    expect(await screen.findByText('비밀번호 검증이 다릅니다')).toBeInTheDocument();
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByLabelText('새 비밀번호 확인'), { target: { value: 'abc12345' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '재설정' })));
    expect(await screen.findByText('비밀번호가 재설정 되었습니다.')).toBeInTheDocument();
    expect(calls).toMatchObject([
      { method: 'POST', path: '/service/reset-password', body: { token: future, password: 'abc12345' } },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a refused reset says 오류가 발생했습니다.', async () => {
    stubFetch({ 'POST /service/reset-password': { status: 400, body: { statusCode: 400, message: 'bad' } } });
    await open(`?token=${future}`);
    fireEvent.change(screen.getByLabelText('새 비밀번호'), { target: { value: 'abc12345' } });
    fireEvent.change(screen.getByLabelText('새 비밀번호 확인'), { target: { value: 'abc12345' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '재설정' })));
    expect(await screen.findByText('오류가 발생했습니다.')).toBeInTheDocument();
  });
});
