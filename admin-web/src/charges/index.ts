import { lazy } from 'react';
import PaymentsIcon from '@mui/icons-material/Payments';

export default {
  list: lazy(() => import('./ChargeList')),
  show: lazy(() => import('./ChargeShow')),
  icon: PaymentsIcon,
};
