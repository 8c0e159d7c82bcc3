import { Component, useEffect, useLayoutEffect, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

export const ROUTE_ERROR_TEXT = '문제가 발생했습니다';

interface State {
  error: unknown;
}

/**
 * Catches what one page throws while rendering, so the header, menu and footer stay and the member can move on
 * (one throw used to unmount the whole app until a reload). Keyed by the path in the layout: another page
 * starts clean.
 */
class Boundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('page failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <div className="page narrow">
        <Card title={ROUTE_ERROR_TEXT} role="alert" data-testid="route-error">
          <p className="muted">이 화면을 그리는 중 오류가 났습니다. 새로고침하거나 다른 메뉴로 이동해 주세요.</p>
          <div className="button-row">
            <Button onClick={() => window.location.reload()}>새로고침</Button>
          </div>
        </Card>
      </div>
    );
  }
}

export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}

// useLayoutEffect warns outside a browser (server-side tools); the effect is the same there.
const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** Every route change starts at the top of the page (the browser keeps the last page's scroll otherwise). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useBeforePaint(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
