import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { profileQueryOptions } from '../../../lib/auth';
import { session } from '../../../lib/session';
import { settingsQueryOptions } from '../../../lib/settings';
import { renderRoutes, stubFetch } from '../../../testing/render';
import { LoginForm } from './login-form';

const setup = (settings: Record<string, unknown> = {}, keepStorage = false) =>
  renderRoutes(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '/order', element: <p>주문 화면</p> },
    ],
    { path: '/login', seed: [[settingsQueryOptions.queryKey, settings]], keepStorage },
  );
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '로그인' })));

describe('the login form', () => {
  it('validates with the shared login schema before calling', async () => {
    const calls = stubFetch({});
    setup();
    await submit();
    expect(await screen.findByText('아이디를 입력 해주세요.')).toBeInTheDocument();
    expect(screen.getByText('비밀번호를 입력 해주세요.')).toBeInTheDocument();
    type('아이디', 'a b');
    await submit();
    expect(await screen.findByText('아이디에 띄어쓰기는 불가능합니다.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('maps 404 and other failures to the spec messages', async () => {
    stubFetch({ 'POST /auth/login': { status: 404, body: { statusCode: 404, message: 'x' } } });
    setup();
    type('아이디', 'who');
    type('비밀번호', 'pw');
    await submit();
    expect(await screen.findByText('아이디 또는 비밀번호가 다릅니다.')).toBeInTheDocument();
    stubFetch({ 'POST /auth/login': { status: 400, body: {} } });
    await submit();
    expect(await screen.findByText('입력 양식을 맞춰주세요.')).toBeInTheDocument();
    stubFetch({ 'POST /auth/login': { status: 502 } });
    await submit();
    expect(await screen.findByText('오류가 발생했습니다.')).toBeInTheDocument();
  });

  it("shows the server's reason of any other refusal (rate limit), the generic message only for 5xx and network failures", async () => {
    stubFetch({
      'POST /auth/login': {
        status: 429,
        body: { statusCode: 429, code: 'RATE_LIMITED', message: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' },
      },
    });
    setup();
    type('아이디', 'who');
    type('비밀번호', 'pw');
    await submit();
    expect(await screen.findByText('요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.')).toBeInTheDocument();
    expect(screen.queryByText('오류가 발생했습니다.')).not.toBeInTheDocument();
  });

  it('stores the token as jwt, remembers the id as savedId when asked, and lands on /order', async () => {
    stubFetch({
      'POST /auth/login': { body: { accessToken: 'token-1' } },
      'GET /auth/profile': { body: { id: 'who', point: 0, apiKey: null } },
    });
    const { router } = setup();
    type('아이디', 'who');
    type('비밀번호', 'pw');
    fireEvent.click(screen.getByLabelText('아이디 저장'));
    await submit();
    expect(await screen.findByText('로그인에 성공했습니다.')).toBeInTheDocument();
    expect(localStorage.getItem('jwt')).toBe('token-1');
    expect(localStorage.getItem('savedId')).toBe('who');
    expect(session.get()).toBe('authorization');
    await waitFor(() => expect(router.state.location.pathname).toBe('/order'));
  });

  it('drops the failure toast once the login succeeds (it stayed beside 로그인에 성공했습니다)', async () => {
    stubFetch({ 'POST /auth/login': { status: 404, body: { statusCode: 404, message: 'x' } } });
    setup();
    type('아이디', 'who');
    type('비밀번호', 'wrong');
    await submit();
    expect(await screen.findByText('아이디 또는 비밀번호가 다릅니다.')).toBeInTheDocument();
    stubFetch({
      'POST /auth/login': { body: { accessToken: 'token-1' } },
      'GET /auth/profile': { body: { id: 'who', point: 0, apiKey: null } },
    });
    type('비밀번호', 'right');
    await submit();
    expect(await screen.findByText('로그인에 성공했습니다.')).toBeInTheDocument();
    // Leaving: jsdom runs no CSS animation, so a dismissed toast stays in the document with its exit animation set.
    const toastBox = (text: string) => {
      let box = screen.queryByText(text);
      // The toast's state is only in its box's class: no role or text tells a leaving toast apart.
      // eslint-disable-next-line testing-library/no-node-access
      while (box && !box.classList.contains('Toastify__toast')) box = box.parentElement;
      return box?.className ?? 'gone';
    };
    await waitFor(() => expect(toastBox('아이디 또는 비밀번호가 다릅니다.')).toMatch(/exit|gone/));
    expect(toastBox('로그인에 성공했습니다.')).not.toMatch(/exit|gone/);
  });

  it('prefills a saved id and shows find links only with e-mail verification on', () => {
    localStorage.setItem('savedId', 'kept');
    setup({ ENABLE_EMAIL_VERIFY: true }, true);
    expect(screen.getByLabelText('아이디')).toHaveValue('kept');
    expect(screen.getByLabelText('아이디 저장')).toBeChecked();
    expect(screen.getByRole('link', { name: '아이디 찾기' })).toBeInTheDocument();
  });

  it('hides the find links without e-mail verification', () => {
    setup({ ENABLE_EMAIL_VERIFY: false });
    expect(screen.queryByRole('link', { name: '아이디 찾기' })).not.toBeInTheDocument();
  });
});

// Keep the profile key referenced so a rename breaks this suite rather than silently passing.
void profileQueryOptions;
