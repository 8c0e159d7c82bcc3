import AppsIcon from '@mui/icons-material/Apps';
import { crudResource } from '../common/crud';

export default crudResource(() => import('./platforms'), AppsIcon, { recordRepresentation: 'text' });
