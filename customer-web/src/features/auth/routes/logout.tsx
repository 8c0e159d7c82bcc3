import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { logOut } from '../../../lib/auth';

/** Where /logout goes next: the login page after a change that ended the session (2단계 인증), else /. */
export interface LogoutState {
  next?: typeof paths.login;
}

/** /logout: clears the stored token and goes to / (or to the login page when asked to). */
export default function LogoutRoute() {
  const navigate = useNavigate();
  const next = (useLocation().state as LogoutState | null)?.next ?? paths.home;
  useEffect(() => {
    logOut();
    void navigate(next, { replace: true });
  }, [navigate, next]);
  return null;
}
