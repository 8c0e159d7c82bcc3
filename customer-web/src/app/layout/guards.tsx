import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSession, type SessionState } from '../../lib/session';
import { loginPromptState } from './login-prompt';

/**
 * docs/product.md §2: a route outside the session's list redirects to /order. With `loginPrompt` (the member routes) a
 * visitor or guest lands there with the login prompt saying why, except for /logout.
 */
export function Allow({ states, loginPrompt = false }: { states: readonly SessionState[]; loginPrompt?: boolean }) {
  const state = useSession();
  const { pathname } = useLocation();
  // A member who stops being one here (withdrawal, an expired token) is not a visitor reaching for the page.
  const [arrivedAs] = useState(state);
  if (states.includes(state)) return <Outlet />;
  // /logout ends the session itself and then goes where it was asked to (the login page after 2단계 인증):
  // bouncing to /order here would race it.
  if (pathname === paths.logout && arrivedAs === 'authorization') return null;
  const ask = loginPrompt && arrivedAs !== 'authorization' && state !== 'authorization' && pathname !== paths.logout;
  return <Navigate to={paths.order} replace state={ask ? loginPromptState('member-only') : null} />;
}

export const VISITOR_STATES = ['unAuthorization', 'guest'] as const;
export const MEMBER_STATES = ['authorization'] as const;
