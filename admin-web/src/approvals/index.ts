import { lazy } from 'react';
import HowToRegIcon from '@mui/icons-material/HowToReg';

export default {
  list: lazy(() => import('./ApprovalList')),
  icon: HowToRegIcon,
};
