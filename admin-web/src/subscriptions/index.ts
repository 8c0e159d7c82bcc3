import { lazy } from 'react';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';

export default {
  list: lazy(() => import('./SubscriptionList')),
  icon: ThumbUpIcon,
};
