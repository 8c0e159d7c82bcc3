import { lazy } from 'react';
import UpdateIcon from '@mui/icons-material/Update';

/** 서비스 변경 안내: the public change log; an operator hides an entry or adds a note (no create, no delete). */
export default {
  list: lazy(() => import('./ServiceChangeList')),
  edit: lazy(() => import('./ServiceChangeEdit')),
  icon: UpdateIcon,
};
