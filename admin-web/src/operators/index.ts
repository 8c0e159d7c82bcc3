import { lazy } from 'react';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';

export default {
  list: lazy(() => import('./OperatorList')),
  create: lazy(() => import('./OperatorCreate')),
  edit: lazy(() => import('./OperatorEdit')),
  icon: ManageAccountsIcon,
  recordRepresentation: 'loginId',
};
