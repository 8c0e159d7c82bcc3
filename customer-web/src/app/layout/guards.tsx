import { Navigate, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSession, type SessionState } from '../../lib/session';

/** Spec §2: a route outside the session's list redirects to /order. */
export function Allow({ states }: { states: readonly SessionState[] }) {
  const state = useSession();
  return states.includes(state) ? <Outlet /> : <Navigate to={paths.order} replace />;
}

export const VISITOR_STATES = ['unAuthorization', 'guest'] as const;
export const MEMBER_STATES = ['authorization'] as const;
