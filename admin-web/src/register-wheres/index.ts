import HowToRegIcon from '@mui/icons-material/HowToReg';
import { crudResource } from '../common/crud';

export default crudResource(() => import('./register-wheres'), HowToRegIcon, { recordRepresentation: 'text' });
