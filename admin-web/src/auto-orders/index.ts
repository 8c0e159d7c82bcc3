import { lazy } from 'react';
import RepeatIcon from '@mui/icons-material/Repeat';

export default {
  list: lazy(() => import('./AutoOrderList')),
  show: lazy(() => import('./AutoOrderShow')),
  icon: RepeatIcon,
};
