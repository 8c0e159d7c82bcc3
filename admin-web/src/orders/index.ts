import { lazy } from 'react';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';

export default {
  list: lazy(() => import('./OrderList')),
  show: lazy(() => import('./OrderShow')),
  icon: ShoppingCartIcon,
};
