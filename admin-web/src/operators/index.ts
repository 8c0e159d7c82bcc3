import { lazy } from 'react';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';

export default {
  list: lazy(() => import('./operators').then((m) => ({ default: m.OperatorList }))),
  create: lazy(() => import('./operators').then((m) => ({ default: m.OperatorCreate }))),
  edit: lazy(() => import('./operators').then((m) => ({ default: m.OperatorEdit }))),
  icon: ManageAccountsIcon,
  recordRepresentation: 'loginId',
};
