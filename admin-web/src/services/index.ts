import StorefrontIcon from '@mui/icons-material/Storefront';
import { crudResource } from '../common/crud';

export default crudResource(
  { list: () => import('./ServiceList'), form: () => import('./ServiceForm') },
  StorefrontIcon,
  { recordRepresentation: 'text' },
);
