import AppsIcon from '@mui/icons-material/Apps';
import { crudResource } from '../common/crud';

export default crudResource({ list: () => import('./PlatformList'), form: () => import('./PlatformForm') }, AppsIcon, {
  recordRepresentation: 'text',
});
