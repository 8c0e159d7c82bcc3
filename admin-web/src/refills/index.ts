import { lazy } from 'react';
import AutorenewIcon from '@mui/icons-material/Autorenew';

export default {
  list: lazy(() => import('./RefillList')),
  icon: AutorenewIcon,
};
