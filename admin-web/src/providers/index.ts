import HubIcon from '@mui/icons-material/Hub';
import { crudResource } from '../common/crud';

export default crudResource(() => import('./providers'), HubIcon, { recordRepresentation: 'name' });
