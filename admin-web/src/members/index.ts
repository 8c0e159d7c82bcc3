import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';

export default {
  list: lazy(() => import('./MemberList')),
  show: lazy(() => import('./MemberShow')),
  icon: PeopleIcon,
  recordRepresentation: 'loginId',
};
