import { lazy } from 'react';
import GroupAddIcon from '@mui/icons-material/GroupAdd';

export default {
  list: lazy(() => import('./ReferralList')),
  icon: GroupAddIcon,
};
