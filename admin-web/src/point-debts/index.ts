import { lazy } from 'react';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';

export default {
  list: lazy(() => import('./PointDebtList')),
  icon: MoneyOffIcon,
};
