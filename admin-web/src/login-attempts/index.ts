import { lazy } from 'react';
import LoginAttemptIcon from '@mui/icons-material/Password';

export default {
  list: lazy(() => import('./LoginAttemptList')),
  icon: LoginAttemptIcon,
};
