import { lazy } from 'react';
import SettingsIcon from '@mui/icons-material/Settings';

export default {
  list: lazy(() => import('./SettingList')),
  icon: SettingsIcon,
};
