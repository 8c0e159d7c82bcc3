import HubIcon from '@mui/icons-material/Hub';
import { crudResource } from '../common/crud';

export default crudResource({ list: () => import('./ProviderList'), form: () => import('./ProviderForm') }, HubIcon, {
  recordRepresentation: 'name',
});
