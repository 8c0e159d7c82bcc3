import HowToRegIcon from '@mui/icons-material/HowToReg';
import { crudResource } from '../common/crud';

export default crudResource(
  { list: () => import('./RegisterWhereList'), form: () => import('./RegisterWhereForm') },
  HowToRegIcon,
  { recordRepresentation: 'text' },
);
