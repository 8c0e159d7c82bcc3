import { lazy } from 'react';
import SendIcon from '@mui/icons-material/Send';

export default {
  list: lazy(() => import('./DeliveryList')),
  icon: SendIcon,
};
