import { lazy } from 'react';
import PriceIcon from '@mui/icons-material/PriceChange';

export default {
  list: lazy(() => import('./PriceChangeList')),
  icon: PriceIcon,
};
