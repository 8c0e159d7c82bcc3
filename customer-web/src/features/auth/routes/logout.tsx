import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { logOut } from '../../../lib/auth';

/** /logout: clears the stored token and goes to /. */
export default function LogoutRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    logOut();
    void navigate(paths.home, { replace: true });
  }, [navigate]);
  return null;
}
