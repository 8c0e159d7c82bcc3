import { lazy } from 'react';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';

export default {
  list: lazy(() => import('./TicketList')),
  show: lazy(() => import('./TicketShow')),
  icon: SupportAgentIcon,
};
