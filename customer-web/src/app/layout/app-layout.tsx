import { Outlet } from 'react-router-dom';
import { PopupLayer } from '../../features/popups/components/popup-layer';
import { useSession } from '../../lib/session';
import { ChatButton } from './chat-button';
import { Footer } from './footer';
import { LandscapeBanner } from './landscape-banner';
import { LoginPrompt } from './login-prompt';
import { RouteBoundary, ScrollToTop } from './route-boundary';
import { TopBar } from './top-bar';

/** Every page's frame. While the session is loading nothing is rendered (docs/product.md §4). */
export function AppLayout() {
  if (useSession() === 'loading') return null;
  return (
    <div className="app">
      <ScrollToTop />
      <TopBar />
      <div className="app-body">
        <LandscapeBanner />
        <main className="main">
          <RouteBoundary>
            <Outlet />
          </RouteBoundary>
        </main>
      </div>
      <Footer />
      <ChatButton />
      <PopupLayer />
      <LoginPrompt />
    </div>
  );
}

/** Pages without the frame (the social-login popup callback). */
export function BareLayout() {
  if (useSession() === 'loading') return null;
  return (
    <RouteBoundary>
      <Outlet />
    </RouteBoundary>
  );
}
