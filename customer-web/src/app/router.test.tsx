import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { profileQueryOptions } from '../lib/auth';
import { session, type SessionState } from '../lib/session';
import { settingsQueryOptions } from '../lib/settings';
import { renderRoutes, stubFetch, type Seed } from '../testing/render';
import { AppLayout } from './layout/app-layout';
import { orderKeys } from '../features/orders/api/keys';
import { popupKeys } from '../features/popups/api/keys';
import { routes } from './router';

const settings = {
  FOOTER_COMPANY: '테스트 주식회사',
  FOOTER_CEO: '홍길동',
  ENABLE_QNA: true,
  SITE_KAKAO_CHANNEL_LINK: 'https://pf.kakao.com/_x',
  SITE_KAKAO_TEXT: '상담하기',
};
const seed: Seed = [
  [settingsQueryOptions.queryKey, settings],
  [profileQueryOptions.queryKey, { id: 'member1', point: 12345, apiKey: null, referralCode: null }],
  [popupKeys.popups, []],
  [orderKeys.platforms, []],
  [orderKeys.categories, []],
  [orderKeys.services, []],
  [orderKeys.notices, []],
];
const at = (path: string, state: SessionState) => renderRoutes(routes, { path, seed, state });
const landed = async (router: ReturnType<typeof at>['router'], path: string) =>
  waitFor(() => expect(router.state.location.pathname).toBe(path));

describe('routes by session state (docs/product.md §2)', () => {
  it.each([
    '/point',
    '/account',
    '/qna',
    '/order-history',
    '/auto-order-history',
    '/api',
    '/guide',
    '/logout',
    '/nowhere',
  ])('a visitor at %s is sent to /order', async (path) => {
    await landed(at(path, 'unAuthorization').router, '/order');
  });

  it.each(['/login', '/register', '/find-id', '/find-password', '/register/naver', '/nowhere'])(
    'a member at %s is sent to /order',
    async (path) => {
      await landed(at(path, 'authorization').router, '/order');
    },
  );

  it('a guest has the visitor routes and / goes to /order', async () => {
    await landed(at('/account', 'guest').router, '/order');
    await landed(at('/', 'guest').router, '/order');
    const { router } = at('/find-id', 'guest');
    // The page's module loads on this first visit (React.lazy): allow for its first compile here.
    const heading = await screen.findByRole('heading', { name: '아이디 찾기' }, { timeout: 10_000 });
    expect(heading).toHaveTextContent('아이디 찾기');
    expect(router.state.location.pathname).toBe('/find-id');
  });

  it('a guest reaching for a member-only menu is told why and offered login, which leaves guest mode', async () => {
    const { router } = at('/order-history', 'guest');
    await landed(router, '/order');
    const dialog = await screen.findByRole('dialog', { name: '로그인이 필요합니다' });
    expect(dialog).toHaveTextContent('회원만 이용할 수 있는 메뉴입니다. 로그인 후 이용해 주세요.');
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: '로그인' })));
    await landed(router, '/login');
    expect(session.get()).toBe('unAuthorization');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the login prompt closes with 닫기 and stays on /order; /logout and unknown paths bounce without it', async () => {
    const { router } = at('/point', 'unAuthorization');
    await screen.findByRole('dialog', { name: '로그인이 필요합니다' });
    fireEvent.click(screen.getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/order');
    at('/nowhere', 'unAuthorization');
    await screen.findAllByTestId('footer');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the terms are public to everyone', async () => {
    at('/terms/service', 'unAuthorization');
    expect(await screen.findByRole('heading', { name: '제21조 (준거법 및 재판관할)' })).toHaveTextContent(
      '제21조 (준거법 및 재판관할)',
    );
    expect(screen.queryByRole('heading', { name: /제22조/ })).not.toBeInTheDocument();
  });

  it('renders nothing while the session is loading', () => {
    const { container } = at('/order', 'loading');
    expect(container).toHaveTextContent('');
  });

  it('a social sign-up without a token in navigation state goes back to /register', async () => {
    await landed(at('/register/kakao', 'unAuthorization').router, '/register');
  });
});

describe('the frame', () => {
  it('shows a visitor 로그인, 회원가입, 둘러보기; 둘러보기 makes a guest with 로그인 and 회원가입 only', async () => {
    at('/order', 'unAuthorization');
    const nav = await screen.findByRole('navigation', { name: '주 메뉴' });
    expect(nav).toHaveTextContent(/^로그인회원가입둘러보기$/);
    fireEvent.click(screen.getAllByRole('button', { name: '둘러보기' })[0]!);
    expect(session.get()).toBe('guest');
    await waitFor(() => expect(screen.getByRole('navigation', { name: '주 메뉴' })).toHaveTextContent(/주문내역/));
    expect(screen.getByRole('navigation', { name: '주 메뉴' })).toHaveTextContent(/로그인회원가입$/);
  });

  it('shows a member the links (자주묻는질문 with ENABLE_QNA), the balance with 충전, 계정 설정 and 로그아웃', async () => {
    at('/order', 'authorization');
    const nav = await screen.findByRole('navigation', { name: '주 메뉴' });
    expect(nav).toHaveTextContent(
      '주문하기주문내역자동주문 내역잔액충전링크 입력 가이드자주묻는질문1:1 문의서비스 변경 안내12,345원충전계정 설정로그아웃',
    );
    expect(screen.getByTestId('balance')).toHaveTextContent(/^12,345원$/);
  });

  it('shows the footer facts, the terms links in a new tab and the chat button from the settings', async () => {
    at('/order', 'unAuthorization');
    const footer = await screen.findByTestId('footer');
    expect(footer).toHaveTextContent('테스트 주식회사 | 대표 홍길동');
    expect(screen.getByRole('link', { name: '이용약관' })).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('chat-button')).toHaveAttribute('href', 'https://pf.kakao.com/_x');
  });

  it('the dropdown closes on route change', async () => {
    const { router } = at('/order', 'authorization');
    fireEvent.click(await screen.findByRole('button', { name: '메뉴' }));
    const dropdown = screen.getByRole('navigation', { name: '메뉴 목록' });
    await act(async () => void fireEvent.click(within(dropdown).getByRole('link', { name: '주문내역' })));
    await landed(router, '/order-history');
    expect(screen.queryByRole('navigation', { name: '메뉴 목록' })).not.toBeInTheDocument();
  });

  it('/logout clears the token and the member becomes a visitor', async () => {
    localStorage.setItem('jwt', 'x');
    const { router } = renderRoutes(routes, { path: '/logout', seed, state: 'authorization', keepStorage: true });
    await landed(router, '/order');
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(session.get()).toBe('unAuthorization');
  });
});

describe('every screen holds', () => {
  const notices = [
    { id: 1, content: '고정 공지입니다', isTop: true, bgColor: null, createdAt: '2026-11-20T00:00:00Z' },
    { id: 2, content: '일반 공지입니다', isTop: false, bgColor: null, createdAt: '2026-11-21T00:00:00Z' },
  ];

  it('keeps the notice list on /order → /account → /order (the account page reads its own notice channels)', async () => {
    stubFetch({
      'GET /service/notices': { body: notices },
      'GET /auth/notices': { body: { 'order.completed': 'EMAIL' } },
    });
    const { router } = renderRoutes(routes, {
      path: '/order',
      state: 'authorization',
      seed: seed.filter(([key]) => key !== orderKeys.notices),
    });
    expect(await screen.findByText('고정 공지입니다')).toBeInTheDocument();
    await act(() => router.navigate('/account'));
    const channel = await screen.findByTestId('notice-order.completed', {}, { timeout: 10_000 });
    await waitFor(() => expect(channel).toHaveValue('EMAIL'));
    await act(() => router.navigate('/order'));
    expect(await screen.findByText('일반 공지입니다')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '주 메뉴' })).toBeInTheDocument();
    expect(screen.queryByText('문제가 발생했습니다')).not.toBeInTheDocument();
  });

  it('a page that throws says so in Korean with 새로고침, the header and menu stay, another page works', async () => {
    const error = console.error;
    console.error = () => undefined;
    try {
      const Broken = () => {
        throw new Error('e.filter is not a function');
      };
      const { router } = renderRoutes(
        [
          {
            element: <AppLayout />,
            children: [
              { path: '/broken', Component: Broken },
              { path: '/order', element: <p>주문 화면</p> },
            ],
          },
        ],
        { path: '/broken', seed, state: 'authorization' },
      );
      expect(await screen.findByRole('heading', { name: '문제가 발생했습니다' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '새로고침' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: '주 메뉴' })).toHaveTextContent('주문하기');
      expect(screen.getByTestId('footer')).toBeInTheDocument();
      await act(() => router.navigate('/order'));
      expect(await screen.findByText('주문 화면')).toBeInTheDocument();
      expect(screen.queryByText('문제가 발생했습니다')).not.toBeInTheDocument();
    } finally {
      console.error = error;
    }
  });

  it('/logout asked to go to the login page (after 2단계 인증) lands there as a visitor', async () => {
    localStorage.setItem('jwt', 'x');
    const { router } = renderRoutes(routes, { path: '/account', seed, state: 'authorization', keepStorage: true });
    await act(() => router.navigate('/logout', { state: { next: '/login' } }));
    await landed(router, '/login');
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(session.get()).toBe('unAuthorization');
  });
});
