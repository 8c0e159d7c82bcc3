import { lazy } from 'react';
import AlertIcon from '@mui/icons-material/NotificationsActive';

export default {
  list: lazy(() => import('./AlertList')),
  icon: AlertIcon,
};
