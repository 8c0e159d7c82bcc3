import { lazy } from 'react';
import OutboxIcon from '@mui/icons-material/Outbox';

export default {
  list: lazy(() => import('./OutboxList')),
  icon: OutboxIcon,
};
