import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';

export default {
  list: lazy(() => import('./AuditLogList')),
  icon: HistoryIcon,
};
