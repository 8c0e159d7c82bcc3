import CategoryIcon from '@mui/icons-material/Category';
import { crudResource } from '../common/crud';

export default crudResource(
  { list: () => import('./CategoryList'), form: () => import('./CategoryForm') },
  CategoryIcon,
  { recordRepresentation: 'text' },
);
