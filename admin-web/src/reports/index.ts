import { lazy } from 'react';
import ReportIcon from '@mui/icons-material/QueryStats';

export default {
  list: lazy(() => import('./ReportList')),
  icon: ReportIcon,
};
