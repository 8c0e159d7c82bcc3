import StorefrontIcon from '@mui/icons-material/Storefront';
import { crudResource } from '../common/crud';

export default crudResource(() => import('./services'), StorefrontIcon, { recordRepresentation: 'text' });
