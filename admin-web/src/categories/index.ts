import CategoryIcon from '@mui/icons-material/Category';
import { crudResource } from '../common/crud';

export default crudResource(() => import('./categories'), CategoryIcon, { recordRepresentation: 'text' });
